import CLibXML2

/// What libxml2 needs once per process before the first parse.
enum LibXML2Setup {
    private static let done: Bool = {
        // Initialises libxml2's global state before any thread parses.
        xmlInitParser()
        // No document atscheck reads may make libxml2 fetch anything: every external entity
        // or DTD it would load (none is reachable with the options in use) comes back absent.
        xmlSetExternalEntityLoader { _, _, _ in nil }
        return true
    }()

    static func once() {
        _ = done
    }
}
