import ATSProbe

/// How reports write a cleartext HTTP probe's answer (`httpAnswer` of host and scan).
public enum HTTPAnswerText {
    /// The status line the server answered with, or `no answer: …` and why.
    public static func describe(_ answer: HTTPProbe.Answer) -> String {
        switch answer {
        case .answered(let line): return line
        case .failed(let failure): return "no answer: \(failure.message)"
        }
    }
}
