import AtscheckTestSupport
import Foundation
import Testing

/// `atscheck app` gives the same report on every run: each process hashes with a seed of its
/// own, so wherever uses of equal strength meet, the one kept must not depend on the order a
/// dictionary happens to hold them in. Seen on Home Assistant's iOS app, whose invitation URL
/// is passed to five views: each run named another view.
@Suite("app: the same input gives the same report in every process")
struct AppDeterminismTests {
    /// An app whose one link constant is passed to five SwiftUI views of other files, none of
    /// whose code is in the tree: five uses not seen, equally strong.
    static func write(into scratch: LintFixtures.Scratch) throws -> String {
        let app = scratch.directory.appendingPathComponent("Home")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        _ = try scratch.file("Home/Info.plist", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>org.sample-home.app</string>
            <key>CFBundleExecutable</key><string>Home</string><key>CFBundlePackageType</key><string>APPL</string></dict></plist>
            """)
        _ = try scratch.file("Home/Links.swift", """
            enum Links {
                static let invite = "https://invite.sample-home.org/#url="
            }
            """)
        let screens = [("InviteScreen", "InvitationView", "invitationURL"), ("ShareScreen", "ShareCard", "link"),
                       ("BadgeScreen", "QRCodeBadge", "payload"), ("AboutScreen", "AboutRow", "destination"),
                       ("HelpScreen", "HelpBanner", "target")]
        for (screen, view, label) in screens {
            _ = try scratch.file("Home/\(screen).swift", """
                import SwiftUI

                struct \(screen): View {
                    var body: some View {
                        \(view)(\(label): Links.invite)
                    }
                }
                """)
        }
        return app.path
    }

    @Test("six runs, one report: the use kept among equals is the same whatever each process's hash seed")
    func sameReport() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let app = try Self.write(into: scratch)
        var reports: Set<String> = []
        var details: [String] = []
        for _ in 0..<6 {
            let run = try ProcessRunner.atscheck(["app", app, "--offline", "--format", "json"])
            reports.insert(run.stdout)
            let endpoints = ((try run.json()["bundles"] as? [[String: Any]])?.first?["endpoints"] as? [[String: Any]]) ?? []
            details += endpoints.compactMap { $0["useDetail"] as? String }
        }
        #expect(reports.count == 1, "\(Set(details))")
        #expect(details.count == 6 && details.allSatisfy { $0.hasPrefix("use not seen: passed to ") }, "\(details)")
    }
}
