import PBServer
import Testing

@Suite("ByteCount")
struct ByteCountTests {
    @Test(
        "Parses SI and IEC units without regard to case, with optional spaces",
        arguments: [
            ("0", 0), ("1048576", 1_048_576), ("100B", 100), ("512KB", 512_000), ("64MB", 64_000_000),
            ("64mb", 64_000_000), ("2 GB", 2_000_000_000), ("1TB", 1_000_000_000_000), ("512KiB", 524_288),
            ("64MiB", 67_108_864), ("1GiB", 1_073_741_824), ("1gib", 1_073_741_824), ("3TiB", 3 << 40),
        ])
    func parses(text: String, bytes: Int) throws {
        #expect(try ByteCount(parsing: text).bytes == bytes)
    }

    @Test("Rejects text that is not a size, saying why")
    func rejects() {
        #expect(throws: ByteCountError(kind: .missingNumber, text: "")) { try ByteCount(parsing: "") }
        #expect(throws: ByteCountError(kind: .missingNumber, text: "MB")) { try ByteCount(parsing: "MB") }
        #expect(throws: ByteCountError(kind: .missingNumber, text: "-1MB")) { try ByteCount(parsing: "-1MB") }
        #expect(throws: ByteCountError(kind: .unknownUnit("M"), text: "64M")) { try ByteCount(parsing: "64M") }
        #expect(throws: ByteCountError(kind: .unknownUnit(".5GB"), text: "1.5GB")) { try ByteCount(parsing: "1.5GB") }
        #expect(throws: ByteCountError(kind: .unknownUnit("MB "), text: "64MB ")) { try ByteCount(parsing: "64MB ") }
        #expect(throws: ByteCountError(kind: .tooLarge, text: "9223372036854775808")) {
            try ByteCount(parsing: "9223372036854775808")
        }
        #expect(throws: ByteCountError(kind: .tooLarge, text: "9000000TiB")) { try ByteCount(parsing: "9000000TiB") }
        #expect(
            ByteCountError(kind: .unknownUnit("XB"), text: "64 XB").description
                == "\"64 XB\" is not a size: unknown unit \"XB\" (use B, KB, MB, GB, TB, KiB, MiB, GiB or TiB)")
    }

    @Test("Describes itself in the largest unit that divides it exactly")
    func describes() {
        #expect(ByteCount(bytes: 67_108_864).description == "64 MiB")
        #expect(ByteCount(bytes: 64_000_000).description == "64 MB")
        #expect(ByteCount(bytes: 100).description == "100 B")
        #expect(ByteCount(bytes: 0).description == "0 B")
        #expect(ByteCount(bytes: 1_024_000).description == "1000 KiB")
        #expect(ByteCount(bytes: 1000) < ByteCount(bytes: 1024))
    }
}
