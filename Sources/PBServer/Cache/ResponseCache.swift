import PBSynchronization

/// A thread-safe in-memory cache of responses by key, bounded in bytes, that evicts the least recently used.
///
/// Each entry costs ``cost(of:forKey:)`` bytes: its body, its header fields, its key and ``entryOverhead``
/// (what holding an entry costs beyond its bytes, which a server measures). The total never exceeds
/// ``capacity``: inserting evicts least recently used entries until the new one fits, and an entry larger than
/// the whole capacity is not stored. A lookup that finds its key counts as a hit and makes the entry the most
/// recently used; one that does not counts as a miss. All methods may be called from any thread (the state is
/// behind a `Locked` mutex); a lookup and an insert are O(1) expected, plus the evictions an insert causes.
///
/// Store a response as the server will send it, `ETag` included (``ConditionalGET`` keeps a response's own
/// `ETag`), so a hit costs no hashing.
public final class ResponseCache: Sendable {
    /// Counts of what the cache did, and what it holds.
    public struct Statistics: Sendable, Hashable {
        /// Lookups that found their key.
        public var hits: Int
        /// Lookups that did not.
        public var misses: Int
        /// Entries stored.
        public var insertions: Int
        /// Entries evicted to make room (not counting replacements of the same key or ``removeAll()``).
        public var evictions: Int
        /// Entries held now.
        public var count: Int
        /// Bytes held now, the sum of the entries' ``ResponseCache/cost(of:forKey:)``.
        public var bytes: Int
        /// The most bytes the cache holds.
        public var capacity: Int
    }

    private let storage: Locked<LRUStorage>

    /// The most bytes the cache holds.
    public let capacity: Int

    /// The bytes counted for each entry beyond its response and key: the memory that holds it (its node, its
    /// header fields' storage, the allocator's rounding and the gaps that entries of mixed sizes leave).
    public let entryOverhead: Int

    /// An empty cache holding at most `capacity` bytes (0 stores nothing), counting `entryOverhead` bytes more
    /// for each entry.
    ///
    /// - Parameters:
    ///   - capacity: The bound on the total cost of the entries, e.g. `try ByteCount(parsing: "64MB")`.
    ///   - entryOverhead: Bytes counted for each entry beyond its response and key (0 or more).
    public init(capacity: ByteCount, entryOverhead: Int = 0) {
        self.capacity = max(0, capacity.bytes)
        self.entryOverhead = max(0, entryOverhead)
        self.storage = Locked(LRUStorage(capacity: capacity.bytes))
    }

    /// The response stored under `key`, made the most recently used, or nil; counts a hit or a miss.
    ///
    /// - Parameter key: The key.
    /// - Returns: The stored response, or nil.
    /// - Complexity: O(1) expected, plus hashing the key.
    public func response(forKey key: String) -> HTTPResponse? {
        storage.withLock { $0.lookUp(key) }
    }

    /// Stores `response` under `key` as the most recently used entry, replacing any entry for the key and
    /// evicting least recently used entries until the total fits in ``capacity``.
    ///
    /// - Parameters:
    ///   - response: The response to store.
    ///   - key: The key.
    /// - Returns: Whether it was stored: false when its cost alone exceeds the capacity (an older entry for the key
    ///   is removed all the same, so the cache never answers with a stale response).
    /// - Complexity: O(1) expected, plus the evictions.
    @discardableResult
    public func insert(_ response: HTTPResponse, forKey key: String) -> Bool {
        let cost = cost(of: response, forKey: key)
        return storage.withLock { $0.insert(response, cost: cost, forKey: key) }
    }

    /// The response under `key`, or the one `make` returns, stored under `key` first.
    ///
    /// `make` runs outside the lock, so lookups and other inserts go on meanwhile; two threads that miss the same
    /// key at once may both run it (the later insert wins, and both results are valid answers).
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - make: Computes the response on a miss.
    /// - Returns: The cached or new response.
    /// - Throws: What `make` throws (nothing is stored then).
    public func response<Failure: Error>(
        forKey key: String, orInsert make: () throws(Failure) -> HTTPResponse
    ) throws(Failure) -> HTTPResponse {
        if let cached = response(forKey: key) { return cached }
        let made = try make()
        insert(made, forKey: key)
        return made
    }

    /// Removes every entry; the hit, miss, insertion and eviction counts are kept.
    ///
    /// - Complexity: O(*n*) in the number of entries.
    public func removeAll() {
        storage.withLock { $0.removeAll() }
    }

    /// The keys from most to least recently used (for tests and diagnostics).
    ///
    /// - Complexity: O(*n*) in the number of entries.
    public var keysByRecency: [String] {
        storage.withLock { $0.keysByRecency }
    }

    /// The counts now.
    public var statistics: Statistics {
        storage.withLock { storage in
            Statistics(
                hits: storage.hits, misses: storage.misses, insertions: storage.insertions,
                evictions: storage.evictions, count: storage.count, bytes: storage.bytes, capacity: capacity)
        }
    }

    /// What an entry costs: the body's bytes plus, for each header field, its name and value in UTF-8 and 4
    /// (for `: ` and the line break), as the field is sent. Swift's own bookkeeping is not counted.
    ///
    /// - Parameter response: The response.
    /// - Returns: The cost in bytes.
    /// - Complexity: O(*n*) in the number of header fields.
    public static func cost(of response: HTTPResponse) -> Int {
        response.headers.reduce(response.body.count) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
    }

    /// What an entry costs in this cache: ``cost(of:)``, the key's bytes in UTF-8 (a request target may be
    /// 16 KiB) and ``entryOverhead``.
    ///
    /// - Parameters:
    ///   - response: The response.
    ///   - key: Its key.
    /// - Returns: The cost in bytes.
    public func cost(of response: HTTPResponse, forKey key: String) -> Int {
        Self.cost(of: response) + key.utf8.count + entryOverhead
    }
}
