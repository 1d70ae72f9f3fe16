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

let tool = ToolSpec(
    name: "atscheck",
    abstract: "Would Apple's App Transport Security block this request, and exactly why?",
    version: AtscheckVersion.current,
    subcommands: commands.map { SubcommandSpec(name: $0.name, abstract: $0.abstract) }
)

let exitCode = CommandRunner.run(Array(CommandLine.arguments.dropFirst()), tool: tool, commands: commands)
CheckedOutput.finish()
SystemProcess.exit(exitCode.rawValue)
