import PBSynchronization
import Testing

@Suite("FNV1a")
struct FNV1aTests {
    /// The test vectors of draft-eastlake-fnv and the FNV reference suite.
    @Test("Known values in 32 and 64 bits")
    func knownValues() {
        #expect(FNV1a<UInt32>.hash([UInt8]()) == 0x811c_9dc5)
        #expect(FNV1a<UInt32>.hash(Array("a".utf8)) == 0xe40c_292c)
        #expect(FNV1a<UInt32>.hash(Array("foobar".utf8)) == 0xbf9c_f968)
        #expect(FNV1a<UInt64>.hash([UInt8]()) == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a<UInt64>.hash(Array("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
        #expect(FNV1a<UInt64>.hash(Array("foobar".utf8)) == 0x8594_4171_f739_67e8)
    }

    @Test("Contiguous, non-contiguous and piecewise input hash alike")
    func pieces() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let whole = FNV1a<UInt32>.hash(bytes)
        #expect(FNV1a<UInt32>.hash(bytes.lazy.map { $0 }) == whole)
        var hasher = FNV1a<UInt32>()
        hasher.combine(bytes[..<333])
        hasher.combine(bytes[333...])
        #expect(hasher.value == whole)
    }
}
