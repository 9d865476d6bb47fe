/// A number of bytes, parsed from text such as `64MB`, `512KB` or `1GiB`.
///
/// Units are SI or IEC, without regard to case: `B` (or none), `KB` = 10³, `MB` = 10⁶, `GB` = 10⁹, `TB` = 10¹²,
/// and `KiB` = 2¹⁰, `MiB` = 2²⁰, `GiB` = 2³⁰, `TiB` = 2⁴⁰. The number is a whole decimal number; spaces may
/// separate it from the unit. `64MB` is 64,000,000 bytes and `64MiB` is 67,108,864.
public struct ByteCount: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The number of bytes.
    public var bytes: Int

    /// A count of this many bytes.
    ///
    /// - Parameter bytes: The number of bytes.
    public init(bytes: Int) {
        self.bytes = bytes
    }

    /// Parses a size such as `64MB`, `512 KiB` or `1048576`.
    ///
    /// - Parameter text: The size: digits, optional spaces, an optional unit.
    /// - Throws: ``ByteCountError``: no digits, an unknown unit, or a size that does not fit in `Int`.
    /// - Complexity: O(*n*) in the text's length.
    public init(parsing text: String) throws(ByteCountError) {
        let bytes = Array(text.utf8)
        var index = 0
        var number = 0
        while index < bytes.count, let digit = Self.digit(bytes[index]) {
            let (times, overflow1) = number.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { throw ByteCountError(kind: .tooLarge, text: text) }
            number = sum
            index += 1
        }
        guard index > 0 else { throw ByteCountError(kind: .missingNumber, text: text) }
        while index < bytes.count, bytes[index] == 0x20 { index += 1 }
        let unit = String(decoding: bytes[index...], as: UTF8.self)
        guard let multiplier = Self.multiplier(of: unit) else {
            throw ByteCountError(kind: .unknownUnit(unit), text: text)
        }
        let (product, overflow) = number.multipliedReportingOverflow(by: multiplier)
        guard !overflow else { throw ByteCountError(kind: .tooLarge, text: text) }
        self.bytes = product
    }

    /// The count in the largest unit that divides it exactly (IEC before SI of the same rank): `64 MiB` for
    /// 67,108,864, `64 MB` for 64,000,000, `100 B` for 100, `0 B` for zero.
    public var description: String {
        guard bytes != 0 else { return "0 B" }
        for (name, multiplier) in Self.units.reversed() where multiplier > 1 && bytes % multiplier == 0 {
            return "\(bytes / multiplier) \(name)"
        }
        return "\(bytes) B"
    }

    /// Orders counts by their number of bytes.
    ///
    /// - Parameters:
    ///   - lhs: A count.
    ///   - rhs: Another count.
    public static func < (lhs: ByteCount, rhs: ByteCount) -> Bool {
        lhs.bytes < rhs.bytes
    }

    /// The unit names with their multipliers, smallest first within each family, SI before IEC at equal rank
    /// (so `description`, reading from the end, prefers IEC).
    static let units: [(String, Int)] = [
        ("B", 1),
        ("KB", 1_000), ("KiB", 1 << 10),
        ("MB", 1_000_000), ("MiB", 1 << 20),
        ("GB", 1_000_000_000), ("GiB", 1 << 30),
        ("TB", 1_000_000_000_000), ("TiB", 1 << 40),
    ]

    private static func multiplier(of unit: String) -> Int? {
        if unit.isEmpty { return 1 }
        return units.first { ASCII.equalsIgnoringCase($0.0, unit) }?.1
    }

    private static func digit(_ byte: UInt8) -> Int? {
        byte >= 0x30 && byte <= 0x39 ? Int(byte - 0x30) : nil
    }
}
