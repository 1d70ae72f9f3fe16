import ArgumentParsing
import ATSCertificates
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

OpenSSLProcess.initializeForCommandLine()

/// Every command the tool offers, in the order `atscheck --help` lists them.
let commands = AtscheckCommands.all

let exitCode = CommandRunner.run(Array(CommandLine.arguments.dropFirst()), tool: AtscheckCommands.tool, commands: commands)
CheckedOutput.finish()
SystemProcess.exit(exitCode.rawValue)
