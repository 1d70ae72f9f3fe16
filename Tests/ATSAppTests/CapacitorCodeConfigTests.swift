import ATSApp
import Testing

@Suite("Capacitor: capacitor.config.ts read as data, never run")
struct CapacitorCodeConfigTests {
    @Test("the typed configuration's literals are read; settings written as code are named, not guessed")
    func typedConfiguration() throws {
        let code = """
        import type { CapacitorConfig } from '@capacitor/cli';

        const isLive = process.env.LIVE_RELOAD === '1';

        const config: CapacitorConfig = {
          appId: 'org.sample.field',
          appName: 'Field Notes',
          webDir: 'dist',
          server: {
            url: 'http://192.168.1.30:8100',
            cleartext: true,
            allowNavigation: ['maps.sample-tiles.org', '*.sample-auth.org'],
            hostname: isLive ? 'live.local' : 'localhost',
          },
          ios: { limitsNavigationsToAppBoundDomains: false },
          plugins: {
            CapacitorHttp: { enabled: true },
            SplashScreen: { launchShowDuration: 0 },
          },
        };

        export default config;
        """
        let config = try CapacitorConfig.read(code: Array(code.utf8), path: "capacitor.config.ts")
        #expect(config.serverURL == "http://192.168.1.30:8100")
        #expect(config.serverURLLine == 10)
        #expect(config.allowNavigation == ["maps.sample-tiles.org", "*.sample-auth.org"])
        #expect(config.cleartext == true && config.capacitorHTTP == true && config.webDir == "dist")
        #expect(config.limitsNavigationsToAppBoundDomains == false)
        #expect(config.hostname == nil)
        #expect(config.problems.contains { $0.hasPrefix("server.hostname is code") }, "\(config.problems)")
    }

    @Test("module.exports and a config with no object: the first is read, the second is an error that says so")
    func otherShapes() throws {
        let exported = try CapacitorConfig.read(code: Array("module.exports = { webDir: 'www', server: { url: `https://${host}/app` } };\n".utf8), path: "capacitor.config.js")
        #expect(exported.webDir == "www" && exported.serverURL == nil)
        #expect(exported.problems.contains { $0.hasPrefix("server.url is code") })
        #expect(throws: CapacitorConfig.ReadError.self) { try CapacitorConfig.read(code: Array("export default makeConfig();\n".utf8), path: "capacitor.config.ts") }
    }
}
