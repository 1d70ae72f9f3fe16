import ATSCertificates
import Foundation
import Testing

/// Which of two CT log lists is newer: Apple's numbers first, dates only where they say nothing.
@Suite("CT log lists ordered as a device orders them")
struct CTLogListOrderTests {
    static func numbering(v2: Int? = nil, v1: Int? = nil, version: [Int]? = nil) -> CTLogListNumbering {
        CTLogListNumbering(assetVersionV2: v2, assetVersion: v1, version: version)
    }

    static let early = Date(timeIntervalSince1970: 1_735_689_600)  // 2025-01-01
    static let late = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01

    @Test("a higher assetVersionV2 is newer even when its date is older, and the disagreement is said")
    func assetVersionBeatsDate() {
        let answer = CTLogListOrder.compare(candidate: Self.numbering(v2: 1008, v1: 27), candidateDate: Self.early,
                                            current: Self.numbering(v2: 1007, v1: 26), currentDate: Self.late)
        #expect(answer.candidateIsNewer && answer.basis == "assetVersionV2")
        #expect(answer.disagreement == "the lists' assetVersionV2 (1008 against 1007) and their dates (2025-01-01 against 2026-01-01) disagree; the assetVersionV2 decides, as on a device")
    }

    @Test("a lower asset version is older whatever its date; equal numbers fall to the next number, then the date")
    func lowerAndEqual() {
        let lower = CTLogListOrder.compare(candidate: Self.numbering(v2: 1006), candidateDate: Self.late, current: Self.numbering(v2: 1007), currentDate: Self.early)
        #expect(!lower.candidateIsNewer && lower.disagreement != nil)
        let byVersion = CTLogListOrder.compare(candidate: Self.numbering(v2: 1007, version: [80, 10]), candidateDate: nil,
                                               current: Self.numbering(v2: 1007, version: [80, 4]), currentDate: nil)
        #expect(byVersion.candidateIsNewer && byVersion.basis == "version", "80.10 is after 80.4")
        let byDate = CTLogListOrder.compare(candidate: Self.numbering(v2: 1007), candidateDate: Self.late, current: Self.numbering(v2: 1007), currentDate: Self.early)
        #expect(byDate.candidateIsNewer && byDate.basis == "date" && byDate.disagreement == nil)
    }

    @Test("numbers of different counters are not compared: assetVersion against assetVersionV2 alone falls to the date")
    func differentCounters() {
        let answer = CTLogListOrder.compare(candidate: Self.numbering(v1: 30), candidateDate: Self.early, current: Self.numbering(v2: 1007), currentDate: Self.late)
        #expect(!answer.candidateIsNewer && answer.basis == "date")
    }

    @Test("Apple's snapshot list carries both asset versions; a version of letters is no number")
    func parsedNumbering() throws {
        let json = Data(#"{"assetVersion": 26, "assetVersionV2": "1007", "version": "80.x", "operators": []}"#.utf8)
        let list = try CTLogList(json: json, name: "test")
        #expect(list.numbering == Self.numbering(v2: 1007, v1: 26, version: nil))
    }
}
