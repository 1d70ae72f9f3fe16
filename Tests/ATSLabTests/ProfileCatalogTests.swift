import Testing
import ATSLab

/// The profile list itself: names, summaries, server names.
@Suite("Profile catalog")
struct ProfileCatalogTests {
    @Test("every profile has a distinct one-line summary and a server name")
    func summaries() {
        let summaries = LabProfile.allCases.map(\.summary)
        #expect(Set(summaries).count == LabProfile.allCases.count)
        for profile in LabProfile.allCases {
            #expect(!profile.summary.isEmpty && !profile.summary.contains("\n"), "\(profile)")
            #expect(profile.serverName == "good.atscheck.test")
            #expect(LabProfile(rawValue: profile.rawValue) == profile)
        }
        #expect(LabProfile.allCases.count == 35)
    }

    @Test("the shared lab serves every profile on its own port")
    func sharedLab() throws {
        let lab = try SharedLab.lab()
        #expect(lab.endpoints.map(\.profile) == LabProfile.allCases)
        #expect(Set(lab.endpoints.map(\.port)).count == LabProfile.allCases.count)
        #expect(lab.rootCAFile.lastPathComponent == "root.pem")
        #expect(lab.endpoint(.goodRSA)?.description.hasPrefix("good-rsa at 127.0.0.1:") == true)
    }
}
