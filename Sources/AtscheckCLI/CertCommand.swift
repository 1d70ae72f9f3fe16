import ArgumentParsing
import ATSCertificates
import ATSReport
import ATSJSON
import ATSRender
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem

/// `atscheck cert`: print certificate fields and, with `--host`, Apple's trust verdict.
enum CertCommand: AtscheckCommand {
    static let name = "cert"

    static let abstract = "Show certificates and judge them against Apple's trust rules."
    static let spec = CommandSpec(
        name: "atscheck cert",
        abstract: abstract,
        discussion: """
        Reads PEM (one or many blocks) or DER files. All certificates from all FILEs form one \
        chain, leaf first, in the order given. Without --host the fields are printed; with \
        --host the chain is also validated for that name at --at, and every failing check is \
        reported with its reason code, the error an app would see and the rule's source.

        The preinstalled roots are Apple's, from the snapshot of Apple's published root \
        store for --target (the newest by default; --trust-store lists the snapshots), or \
        --system-roots. Under them the strict EKU, 398-day and Certificate Transparency rules \
        apply; SCT signatures are verified against the snapshot's CT log list (or \
        --ct-log-list) and counted as trustd counts them. Roots from --ca-file \
        count as user-installed: the strict EKU check is skipped and only the 825-day rule \
        applies. Certificates from --app-anchor count as anchors the app supplies itself. \
        The rules are trustd's (Security-61901).

        Each trust rule, its source and what changes it: docs/ats-rules.md#trust-rules.

        Exit status: 0 trusted for --host (or only printing fields), 1 not trusted, 2 bad usage \
        or unreadable input, 3 trust unknown (ct-log-list-outdated: run `atscheck update`).
        """,
        options: [host, PolicyOptions.target] + TrustStoreOptions.optionSpecs + [at, ocspResponse, format, trustStore],
        positionals: [files],
        examples: [
            "atscheck cert TestCerts/leaf-good-rsa.pem",
            "atscheck cert chain.pem --host api.example.com",
            "atscheck cert leaf.pem --host dev.local --ca-file my-root.pem --no-system-roots --at 2025-06-01",
        ]
    )

    static let host = Option<String?>("host", value: "NAME", help: "Validate the chain for this DNS name or IP address.")
    static let at = TimeArgument.option(help: "Evaluate at this instant instead of now (e.g. 2025-06-01T00:00:00Z).")
    static let ocspResponse = Option<String?>("ocsp-response", value: "DER", help: "A stapled OCSP response (DER) to check the leaf against.")
    static let format = OutputFormat.option()
    static let trustStore = Flag("trust-store", help: "List Apple's trust snapshots (roots, removed roots, CT logs) and which targets use each; takes no FILE.")
    static let files = PositionalSpec("FILE", help: "Certificate files (PEM or DER), leaf first.", variadic: true, optional: true)

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let files = arguments[Self.files]
        if arguments[trustStore] { return try listTrustStore(arguments, files: files) }
        guard !files.isEmpty else { throw UsageError(command: spec.name, message: "missing argument 'FILE'") }
        // Usage mistakes first (error + hint, exit 2), before any file is read.
        let time = try arguments[at] ?? Date()
        let storeOptions = try TrustStoreOptions(arguments, command: spec.name)
        let target = try arguments[PolicyOptions.target]
        let (host, ocspFile) = try hostAndOCSP(arguments)
        var certificates: [LoadedCertificate] = []
        for file in files {
            certificates += try InputFile.certificates(file).enumerated().map { LoadedCertificate(certificate: $1, file: file, position: $0) }
        }
        var evaluation: TrustEvaluation? = nil
        var store: TrustStore? = nil
        if let host {
            let trustStore = try storeOptions.makeStore(target: target)
            evaluation = TrustEvaluator(store: trustStore).evaluate(certificates.map(\.certificate), host: host, at: time,
                                                                     ocspResponse: try ocspFile.map { try readFile($0) })
            store = trustStore
        }
        switch try arguments[format] {
        case .json: print(try JSONStyle.text(CertReport(certificates: certificates, evaluation: evaluation, store: store, time: time, target: target)))
        default: print(CertTextRenderer.render(certificates, evaluation: evaluation, store: store, target: target), terminator: "")
        }
        guard let evaluation else { return .success }
        return evaluation.isTrusted ? .success : evaluation.isUndetermined ? .unknown : .failure
    }

    /// `--trust-store`: the roots in use, listed (it takes no FILE).
    static func listTrustStore(_ arguments: ParsedArguments, files: [String]) throws -> ExitCode {
        guard files.isEmpty else { throw UsageError(command: spec.name, message: "'--trust-store' takes no FILE") }
        let report = try TrustStoreListing.report()
        switch try arguments[format] {
        case .json: print(try JSONStyle.text(report))
        default: print(TrustStoreListing.text(report), terminator: "")
        }
        return .success
    }

    /// `--host` (non-empty) and `--ocsp-response` (only with a host: it is checked during validation).
    static func hostAndOCSP(_ arguments: ParsedArguments) throws -> (host: String?, ocspFile: String?) {
        let host = try arguments[Self.host]
        if let host, host.trimmingWhitespace().isEmpty {
            throw UsageError(command: spec.name, message: "'--host' needs a non-empty name")
        }
        let ocspFile = try arguments[ocspResponse]
        if host == nil && ocspFile != nil {
            throw UsageError(command: spec.name, message: "'--ocsp-response' needs '--host' (it is checked during validation)")
        }
        return (host, ocspFile)
    }

    static func readFile(_ file: String) throws -> Data {
        try InputFile.read(file, limit: InputFile.ocspResponseLimit)
    }
}
