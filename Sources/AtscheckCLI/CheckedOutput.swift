import AtscheckSystem

/// Every command's standard output, checked: a write that fails (a full disk behind
/// `> out.sarif`, an I/O error) stops the command with one line on stderr naming the stream
/// and the error, exit 2, so a CI job never uploads an empty report that passed. A reader that
/// went away (`| head`) ends atscheck by SIGPIPE, as it ends any Unix tool.
enum CheckedOutput {
    /// Writes `text` to standard output now, or stops the process.
    static func write(_ text: String) {
        if let failure = OutputDescriptor.standardOutput.write(text) { stop(failure) }
    }

    /// Flushes what `print` buffered and stops the process if any of it could not be written;
    /// called once, before atscheck exits.
    static func finish() {
        if let failure = StandardStreams.flushStandardOutput() { stop(failure) }
    }

    private static func stop(_ failure: String) -> Never {
        CommandRunner.printError("atscheck: cannot write standard output: \(failure)")
        SystemProcess.exit(ExitCode.usage.rawValue)
    }
}
