import WidgetKit

let feed = "http://widget.atscheck.test/feed"

struct Provider {
    func loadEntries() async throws -> Data {
        try await URLSession.shared.data(from: URL(string: feed)!).0
    }
}
