import PBServer
import Synchronization
import Testing

@Suite("ResponseCache")
struct ResponseCacheTests {
    /// A response with no headers, so its cost is exactly `size`.
    static func body(_ size: Int, _ fill: UInt8 = 0) -> HTTPResponse {
        HTTPResponse(body: [UInt8](repeating: fill, count: size))
    }

    @Test("An entry costs its body plus name, value and 4 bytes per header field, its key and the cache's overhead")
    func cost() {
        #expect(ResponseCache.cost(of: Self.body(10)) == 10)
        let response = HTTPResponse(headers: ["ETag": "\"ab\"", "X": ""], body: [1, 2, 3])
        #expect(ResponseCache.cost(of: response) == 3 + (4 + 4 + 4) + (1 + 0 + 4))
        let cache = ResponseCache(capacity: ByteCount(bytes: 100), entryOverhead: 50)
        #expect(cache.cost(of: Self.body(10), forKey: "/é") == 10 + 3 + 50)
        #expect(cache.insert(Self.body(10), forKey: "/é") && cache.statistics.bytes == 63)
        #expect(!cache.insert(Self.body(48), forKey: "/é"))  // 48 + 3 + 50 = 101
    }

    @Test("Holds at most its capacity in bytes, evicting the least recently used first")
    func evictsLeastRecentlyUsed() {
        let cache = ResponseCache(capacity: ByteCount(bytes: 30))
        // Each entry costs its body and its one-byte key.
        cache.insert(Self.body(9, 1), forKey: "a")
        cache.insert(Self.body(9, 2), forKey: "b")
        cache.insert(Self.body(9, 3), forKey: "c")
        #expect(cache.keysByRecency == ["c", "b", "a"])
        #expect(cache.response(forKey: "a") == Self.body(9, 1))  // a is now the most recent
        cache.insert(Self.body(9, 4), forKey: "d")  // evicts b, the least recent
        #expect(cache.keysByRecency == ["d", "a", "c"])
        #expect(cache.response(forKey: "b") == nil)
        cache.insert(Self.body(24, 5), forKey: "e")  // needs 25 of 30: evicts c, then a, then d
        #expect(cache.keysByRecency == ["e"])
        let statistics = cache.statistics
        #expect(statistics.bytes == 25)
        #expect(statistics.count == 1)
        #expect(statistics.evictions == 4)
        #expect(statistics.hits == 1)
        #expect(statistics.misses == 1)
        #expect(statistics.insertions == 5)
        #expect(statistics.capacity == 30)
    }

    @Test("Replacing a key updates its bytes; an entry over the capacity is refused and drops the old one")
    func replaceAndRefuse() {
        let cache = ResponseCache(capacity: ByteCount(bytes: 100))
        cache.insert(Self.body(39), forKey: "k")
        cache.insert(Self.body(59), forKey: "k")
        #expect(cache.statistics.bytes == 60)
        #expect(cache.statistics.count == 1)
        #expect(cache.statistics.evictions == 0)
        #expect(!cache.insert(Self.body(100), forKey: "k"))
        #expect(cache.response(forKey: "k") == nil)
        #expect(cache.statistics.bytes == 0)
        #expect(cache.insert(Self.body(96), forKey: "full"))
        cache.removeAll()
        #expect(cache.statistics.count == 0)
        #expect(cache.statistics.bytes == 0)
        #expect(ResponseCache(capacity: ByteCount(bytes: 0)).insert(Self.body(0), forKey: ""))
    }

    @Test("response(forKey:orInsert:) computes only on a miss, and a throwing make stores nothing")
    func orInsert() throws {
        struct Failure: Error {}
        let cache = ResponseCache(capacity: ByteCount(bytes: 1000))
        var calls = 0
        for _ in 0..<3 {
            let response = cache.response(forKey: "x") { () -> HTTPResponse in
                calls += 1
                return Self.body(5, 9)
            }
            #expect(response == Self.body(5, 9))
        }
        #expect(calls == 1)
        #expect(cache.statistics.hits == 2)
        #expect(throws: Failure.self) {
            try cache.response(forKey: "y") { () throws(Failure) -> HTTPResponse in throw Failure() }
        }
        #expect(cache.response(forKey: "y") == nil)
    }

    @Test("Under 8 threads of random inserts and lookups the byte bound always holds and the counts add up")
    func concurrentUse() {
        let capacity = 5000
        let cache = ResponseCache(capacity: ByteCount(bytes: capacity))
        let lookups = Atomic<Int>(0)
        let overCapacity = Atomic<Int>(0)
        onThreads(8) { thread in
            var generator = SplitMix64(seed: UInt64(thread))
            for _ in 0..<2000 {
                let key = "k\(generator.next() % 64)"
                if generator.next() % 2 == 0 {
                    cache.insert(Self.body(Int(generator.next() % 400)), forKey: key)
                } else {
                    _ = cache.response(forKey: key)
                    lookups.add(1, ordering: .relaxed)
                }
                if cache.statistics.bytes > capacity { overCapacity.add(1, ordering: .relaxed) }
            }
        }
        let statistics = cache.statistics
        #expect(overCapacity.load(ordering: .relaxed) == 0)
        #expect(statistics.hits + statistics.misses == lookups.load(ordering: .relaxed))
        #expect(statistics.count == cache.keysByRecency.count)
        let held = cache.keysByRecency.compactMap { key in cache.response(forKey: key).map { (key, $0) } }
            .map { cache.cost(of: $1, forKey: $0) }
        #expect(held.reduce(0, +) == statistics.bytes)
    }
}

/// A small deterministic random number generator for the tests (SplitMix64, Steele, Lea and Flood 2014).
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
