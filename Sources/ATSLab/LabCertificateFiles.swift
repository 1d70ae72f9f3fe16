extension TLSLab {
    /// Every file the lab reads from its certificate directory, as paths relative to it
    /// (`root.pem`, `leaf-good-rsa.pem`, `keys/leaf-good-rsa.key`, ...), sorted. These are the
    /// files `Sources/ATSLab/Certificates` must hold, each a byte-identical copy of its
    /// `TestCerts` original (`TestCerts/copy-lab-certificates.sh` refreshes them).
    public static var certificateFiles: [String] {
        var files: Set<String> = ["root.pem"]
        for profile in LabProfile.allCases {
            guard let settings = LabTLSSettings.forProfile(profile) else { continue }
            files.insert(settings.chainFile)
            files.insert(settings.keyFile)
            if let serverInfo = settings.serverInfoFile { files.insert(serverInfo) }
            if let scts = settings.staplesOCSPWithSCTs {
                files.formUnion([scts, LabTLSSettings.ocspSignerCertificate, LabTLSSettings.ocspSignerKey])
            }
        }
        return files.sorted()
    }
}
