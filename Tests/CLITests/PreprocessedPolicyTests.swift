import AtscheckTestSupport
import Foundation
import Testing

// `--policy` on an Info.plist with preprocessor lines (Xcode's INFOPLIST_PREPROCESS), end to end:
// explain, host and why read it preprocessed with `--define`'s definitions, say which branches
// were taken, and answer unknown (exit 3) when atscheck cannot follow the file.

@Suite("--policy on a preprocessed Info.plist, with --define")
struct PreprocessedPolicyTests {
    /// An app's Info.plist as a team writes one for INFOPLIST_PREPROCESS: the development
    /// server's cleartext exception only in builds that define DEBUG, and a legacy API host
    /// whose TLS floor depends on the API level the build targets.
    static let appPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        	<key>CFBundleDevelopmentRegion</key>
        	<string>$(DEVELOPMENT_LANGUAGE)</string>
        	<key>CFBundleExecutable</key>
        	<string>$(EXECUTABLE_NAME)</string>
        	<key>CFBundleIdentifier</key>
        	<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        	<key>CFBundlePackageType</key>
        	<string>$(PRODUCT_BUNDLE_PACKAGE_TYPE)</string>
        	<key>NSAppTransportSecurity</key>
        	<dict>
        		<key>NSExceptionDomains</key>
        		<dict>
        #ifdef DEBUG
        			<key>dev.atscheck.test</key>
        			<dict>
        				<key>NSExceptionAllowsInsecureHTTPLoads</key>
        				<true/>
        			</dict>
        #endif
        #if API_LEVEL < 2
        			<key>legacy.atscheck.test</key>
        			<dict>
        				<key>NSExceptionMinimumTLSVersion</key>
        				<string>TLSv1.0</string>
        			</dict>
        #endif
        		</dict>
        	</dict>
        	<key>UILaunchStoryboardName</key>
        	<string>LaunchScreen</string>
        </dict>
        </plist>
        """

    /// Writes `text` as an Info.plist in a fresh folder and returns its path.
    static func write(_ text: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("atscheck-preprocessed-\(UUID().uuidString)/App")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("Info.plist")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test("explain without --define: DEBUG's exception is dropped (exit 1), each branch is named, the undefined API_LEVEL is 0")
    func noDefinitions() throws {
        let plist = try Self.write(Self.appPlist)
        let text = try ProcessRunner.atscheck(["explain", "http://dev.atscheck.test/", "--policy", plist])
        #expect(text.status == 1, "\(text.stdout)\(text.stderr)")
        #expect(text.stdout.contains("(preprocessed with no --define)"), "\(text.stdout)")
        #expect(text.stdoutLines.contains("  branch: line 17: #ifdef DEBUG: dropped (DEBUG is not defined)"), "\(text.stdout)")
        #expect(text.stdoutLines.contains("  branch: line 24: #if API_LEVEL < 2: kept (API_LEVEL is not defined: 0)"), "\(text.stdout)")

        let json = try ProcessRunner.atscheck(["explain", "http://dev.atscheck.test/", "--policy", plist, "--format", "json"])
        #expect(try json.json()["policySource"] as? String == "Info.plist preprocessed with no definitions (no --define): "
                + "line 17: #ifdef DEBUG: dropped (DEBUG is not defined); line 24: #if API_LEVEL < 2: kept (API_LEVEL is not defined: 0)")
    }

    @Test("explain --define DEBUG --define API_LEVEL=2: the development exception applies (exit 0), the legacy one is gone")
    func withDefinitions() throws {
        let plist = try Self.write(Self.appPlist)
        let arguments = ["--policy", plist, "--define", "DEBUG", "--define", "API_LEVEL=2", "--format", "json"]
        let dev = try ProcessRunner.atscheck(["explain", "http://dev.atscheck.test/"] + arguments)
        #expect(dev.status == 0, "\(dev.stdout)\(dev.stderr)")
        let document = try dev.json()
        #expect(document["policySource"] as? String == "Info.plist preprocessed with --define DEBUG API_LEVEL=2: "
                + "line 17: #ifdef DEBUG: kept (DEBUG is defined); line 24: #if API_LEVEL < 2: dropped")
        let entry = try #require((document["policy"] as? [String: Any])?["entry"] as? [String: Any])
        #expect(entry["key"] as? String == "dev.atscheck.test" && entry["line"] as? Int == 18, "lines are the source file's")

        let legacy = try ProcessRunner.atscheck(["explain", "https://legacy.atscheck.test/"] + arguments)
        let legacyEntry = try #require((try legacy.json()["policy"] as? [String: Any])?["entry"] as? [String: Any])
        #expect(legacyEntry["kind"] as? String == "global", "API_LEVEL=2 drops the legacy host's entry")

        // API_LEVEL=1 keeps it.
        let old = try ProcessRunner.atscheck(["explain", "https://legacy.atscheck.test/", "--policy", plist, "--define", "API_LEVEL=1", "--format", "json"])
        let oldEntry = try #require((try old.json()["policy"] as? [String: Any])?["entry"] as? [String: Any])
        #expect(oldEntry["key"] as? String == "legacy.atscheck.test")
    }

    @Test("what atscheck cannot follow makes the policy unknown: exit 3, one line on stderr with the reason, nothing on stdout",
          arguments: [
              ("#include \"Config/Shared.h\"\n", "line 1: #include is not evaluated by atscheck"),
              ("#define HOST_FOR(env) env.atscheck.test\n", "line 1: function-like macro HOST_FOR is not evaluated"),
          ])
    func unknown(_ prefix: String, _ reason: String) throws {
        let plist = try Self.write(prefix + Self.appPlist)
        for command in [["explain", "http://dev.atscheck.test/"], ["host", "http://dev.atscheck.test/"], ["why", "-1022", "--url", "http://dev.atscheck.test/"]] {
            let result = try ProcessRunner.atscheck(command + ["--policy", plist, "--define", "DEBUG"])
            #expect(result.status == 3, "\(command[0]): \(result.stdout)\(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderrLines == ["\(plist): policy unknown: the Info.plist is preprocessed (--define DEBUG) and atscheck cannot follow it: "
                                           + "\(reason); what the build ships from it cannot be told"], "\(command[0])")
        }
    }

    @Test("host reads the preprocessed policy too: the cleartext exception with --define DEBUG, refused without")
    func host() throws {
        let plist = try Self.write(Self.appPlist)
        let allowed = try ProcessRunner.atscheck(["host", "http://dev.atscheck.test/", "--policy", plist, "--define", "DEBUG", "--format", "json"])
        let refused = try ProcessRunner.atscheck(["host", "http://dev.atscheck.test/", "--policy", plist, "--format", "json"])
        #expect(refused.status == 1, "\(refused.stdout)\(refused.stderr)")
        #expect(allowed.status == 0, "cleartext allowed: nothing to check over TLS, no connection. \(allowed.stdout)\(allowed.stderr)")
    }

    @Test("scan reads it too: the http:// URL allowed with --define DEBUG (exit 0), blocked without (exit 1)")
    func scan() throws {
        let plist = try Self.write(Self.appPlist)
        let allowed = try ProcessRunner.atscheck(["scan", "http://dev.atscheck.test/", "--policy", plist, "--define", "DEBUG", "--format", "text"])
        #expect(allowed.status == 0 && allowed.stdout.hasPrefix("ALLOWED  http://dev.atscheck.test/"), "\(allowed.stdout)\(allowed.stderr)")
        let blocked = try ProcessRunner.atscheck(["scan", "http://dev.atscheck.test/", "--policy", plist, "--format", "text"])
        #expect(blocked.status == 1 && blocked.stdout.hasPrefix("BLOCKED  http://dev.atscheck.test/"), "\(blocked.stdout)\(blocked.stderr)")
    }

    @Test("--define is checked: a name that is not a C identifier, or --define without --policy, is bad usage (exit 2)")
    func usage() throws {
        let plist = try Self.write(Self.appPlist)
        let badName = try ProcessRunner.atscheck(["explain", "http://dev.atscheck.test/", "--policy", plist, "--define", "2FAST"])
        #expect(badName.status == 2 && badName.stderr.contains("invalid value '2FAST' for '--define'"), "\(badName.stderr)")
        let alone = try ProcessRunner.atscheck(["explain", "http://dev.atscheck.test/", "--define", "DEBUG"])
        #expect(alone.status == 2 && alone.stderr.contains("'--define' goes with '--policy'"), "\(alone.stderr)")
        let help = try ProcessRunner.atscheck(["explain", "--help"])
        #expect(help.stdout.contains("--define <NAME[=VALUE]>"), "\(help.stdout)")
    }
}
