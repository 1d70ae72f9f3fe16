import CATSOpenSSL

/// OpenSSL set up by a program that owns its process (the `atscheck` command), before anything
/// else uses OpenSSL. Libraries embedded in another program leave this to that program.
public enum OpenSSLProcess {
    /// Initialises libcrypto and libssl without the machine's `openssl.cnf` and without an exit
    /// handler.
    ///
    /// - The configuration file is not read: what a probe offers, and how a chain is checked,
    ///   must be what Apple's client does, not what the machine's system-wide OpenSSL policy
    ///   says (a `MinProtocol` or `CipherString` there would otherwise apply to every context
    ///   before atscheck sets its own). Every version, suite, group and security level atscheck
    ///   relies on is set explicitly.
    /// - No `OPENSSL_cleanup` at exit: the process is ending and the kernel takes its memory back.
    ///
    /// Call it first thing in `main`; later calls do nothing. Returns false if OpenSSL could not
    /// be initialised (it will then try again, with its defaults, on first use).
    @discardableResult
    public static func initializeForCommandLine() -> Bool {
        let options = UInt64(OPENSSL_INIT_NO_LOAD_CONFIG) | UInt64(OPENSSL_INIT_NO_ATEXIT)
        return OPENSSL_init_ssl(options, nil) == 1
    }
}
