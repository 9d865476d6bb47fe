/// The unsynchronised state of a ``ResponseCache``: entries in a doubly linked recency list threaded through an
/// array (most recent at `head`), a dictionary from key to slot, and running byte and event counts.
///
/// Every operation is O(1) expected (dictionary lookups) plus the evictions it causes.
struct LRUStorage: ~Copyable {
    /// One cached entry and its neighbours in recency order (`-1` for none).
    struct Node {
        var key: String
        var response: HTTPResponse
        var cost: Int
        var newer: Int
        var older: Int
    }

    let capacity: Int
    private var nodes: [Node?] = []
    private var freeSlots: [Int] = []
    private var slots: [String: Int] = [:]
    private var head = -1
    private var tail = -1
    private(set) var bytes = 0
    private(set) var hits = 0
    private(set) var misses = 0
    private(set) var insertions = 0
    private(set) var evictions = 0

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    var count: Int { slots.count }

    /// The response for `key`, now the most recently used; counts a hit or a miss.
    mutating func lookUp(_ key: String) -> HTTPResponse? {
        guard let slot = slots[key], let node = nodes[slot] else {
            misses += 1
            return nil
        }
        hits += 1
        unlink(slot)
        pushFront(slot)
        return node.response
    }

    /// Stores `response` under `key` as the most recently used, replacing an older entry for the key and evicting
    /// the least recently used entries until the total fits; returns false (and stores nothing, dropping any old
    /// entry for the key) when `cost` alone exceeds the capacity.
    mutating func insert(_ response: HTTPResponse, cost: Int, forKey key: String) -> Bool {
        if let slot = slots[key] { remove(slot) }
        guard cost <= capacity else { return false }
        while bytes + cost > capacity, tail >= 0 {
            remove(tail)
            evictions += 1
        }
        let node = Node(key: key, response: response, cost: cost, newer: -1, older: -1)
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            nodes[slot] = node
        } else {
            slot = nodes.count
            nodes.append(node)
        }
        slots[key] = slot
        bytes += cost
        insertions += 1
        pushFront(slot)
        return true
    }

    /// The keys from most to least recently used.
    var keysByRecency: [String] {
        var keys: [String] = []
        var slot = head
        while slot >= 0, let node = nodes[slot] {
            keys.append(node.key)
            slot = node.older
        }
        return keys
    }

    mutating func removeAll() {
        nodes = []
        freeSlots = []
        slots = [:]
        head = -1
        tail = -1
        bytes = 0
    }

    private mutating func remove(_ slot: Int) {
        guard let node = nodes[slot] else { return }
        unlink(slot)
        slots[node.key] = nil
        bytes -= node.cost
        nodes[slot] = nil
        freeSlots.append(slot)
    }

    private mutating func unlink(_ slot: Int) {
        guard let node = nodes[slot] else { return }
        if node.newer >= 0 { nodes[node.newer]?.older = node.older } else { head = node.older }
        if node.older >= 0 { nodes[node.older]?.newer = node.newer } else { tail = node.newer }
        nodes[slot]?.newer = -1
        nodes[slot]?.older = -1
    }

    private mutating func pushFront(_ slot: Int) {
        nodes[slot]?.older = head
        nodes[slot]?.newer = -1
        if head >= 0 { nodes[head]?.newer = slot }
        head = slot
        if tail < 0 { tail = slot }
    }
}
