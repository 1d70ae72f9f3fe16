#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension TLSLab {
    /// Every file the lab reads from its certificates, as paths relative to their folder
    /// (`root.pem`, `leaf-good-rsa.pem`, `keys/leaf-good-rsa.key`, ...), sorted. These are the
    /// files `Sources/ATSLab/Certificates` must hold, each a byte-identical copy of its
    /// `TestCerts` original, compiled into ATSLab (`TestCerts/copy-lab-certificates.sh`
    /// refreshes both).
    public static var certificateFiles: [String] {
        var files: Set<String> = ["root.pem"]
        for profile in LabProfile.allCases {
            guard let settings = LabTLSSettings.forProfile(profile) else { continue }
            files.insert(settings.chainFile)
            files.insert(settings.keyFile)
            if let serverInfo = settings.serverInfoFile { files.insert(serverInfo) }
            if let chain = settings.secondChainFile, let key = settings.secondKeyFile { files.formUnion([chain, key]) }
            if let scts = settings.staplesOCSPWithSCTs {
                files.formUnion([scts, LabTLSSettings.ocspSignerCertificate, LabTLSSettings.ocspSignerKey])
            }
        }
        return files.sorted()
    }

    /// The bytes of one of the ``certificateFiles`` as compiled into ATSLab, e.g. `root.pem`:
    /// what a lab started without a certificate directory serves.
    /// - Throws: ``LabError`` for a name that is not one of them.
    public static func embeddedCertificateFile(_ file: String) throws(LabError) -> Data {
        try LabCertificateSource.embedded.read(file)
    }
}
