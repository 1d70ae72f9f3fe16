import ATSCheck
import Testing

/// The proxy's verdict cache (issue 9: `now - entry.at` overflowed when `now` had been read
/// before a slow probe and entries written meanwhile were newer; 256 endpoints, then 30
/// parallel CONNECTs to new ones, killed the proxy every time).
@Suite("ExpiringCache")
struct ExpiringCacheTests {
    @Test("a full cache pruned with an instant earlier than its entries neither traps nor drops fresh ones")
    func outOfOrderInstants() {
        var cache = ExpiringCache<Int>(lifetime: 60_000_000_000, capacity: 256)
        for index in 0..<256 { cache.insert(index, for: "host\(index):443", now: 1_000_000_000_000 + UInt64(index)) }
        // A thread that read the clock 30 s earlier, before its probe, now stores its verdict.
        cache.insert(999, for: "late:443", now: 970_000_000_000)
        #expect(cache.count == 256)
        #expect(cache.value(for: "late:443", now: 970_000_000_000) == 999)
        #expect(cache.value(for: "host255:443", now: 970_000_000_000) == 255, "newer than the reader's clock: fresh")
    }

    @Test("entries expire after their lifetime; expired ones go first when full, then the oldest")
    func expiryAndEviction() {
        var cache = ExpiringCache<String>(lifetime: 10, capacity: 2)
        cache.insert("a", for: "a", now: 100)
        #expect(cache.value(for: "a", now: 109) == "a")
        #expect(cache.value(for: "a", now: 110) == nil)
        cache.insert("b", for: "b", now: 105)
        cache.insert("c", for: "c", now: 111)  // full: "a" has expired and goes
        #expect(cache.value(for: "b", now: 111) == "b" && cache.value(for: "c", now: 111) == "c")
        cache.insert("d", for: "d", now: 112)  // full, nothing expired: the oldest ("b") goes
        #expect(cache.value(for: "b", now: 112) == nil && cache.value(for: "d", now: 112) == "d")
        #expect(cache.count == 2)
        cache.insert("d2", for: "d", now: 113)  // replacing a key never evicts another
        #expect(cache.value(for: "c", now: 113) == "c" && cache.value(for: "d", now: 113) == "d2")
    }
}
