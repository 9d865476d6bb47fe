#if canImport(Glibc)
    import Glibc
#endif

/// A moment, as seconds since 1970-01-01T00:00:00Z (UTC, without leap seconds), read and written
/// in RFC 3339, the internet's profile of ISO 8601: `2026-12-01T10:00:00Z`,
/// `2026-12-01T12:00:00+02:00`, `2026-12-01T10:00:00.25Z`.
///
/// The calendar is the C library's (`timegm` and `gmtime_r`, the proleptic Gregorian calendar);
/// pbrender only reads the fields. A Swift app with Foundation converts a `Date` with
/// `Timestamp(secondsSince1970: date.timeIntervalSince1970)`.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var secondsSince1970: Double

    /// The moment `secondsSince1970` seconds after 1970-01-01T00:00:00Z.
    public init(secondsSince1970: Double) {
        self.secondsSince1970 = secondsSince1970
    }

    /// The moment of an RFC 3339 date and time: `YYYY-MM-DDTHH:MM:SS`, optionally a fraction of
    /// a second (`.25`), then `Z` or an offset from UTC (`+02:00`, `-0530`). `T` and `Z` may be
    /// lower case; the date must exist (no 30 February) and the time be in range (no leap second:
    /// `:60` is refused). `nil` for anything else, including surrounding spaces.
    ///
    /// - Complexity: O(*n*) in the length of the text.
    public init?(rfc3339 text: String) {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.skip("-"), let month = scanner.number(digits: 2),
            scanner.skip("-"), let day = scanner.number(digits: 2), scanner.skip("T") || scanner.skip("t"),
            let hour = scanner.number(digits: 2), scanner.skip(":"), let minute = scanner.number(digits: 2),
            scanner.skip(":"), let second = scanner.number(digits: 2)
        else { return nil }
        var fraction = 0.0
        if scanner.skip(".") {
            var scale = 0.1
            var digits = 0
            while let digit = scanner.digit() {
                fraction += Double(digit) * scale
                scale /= 10
                digits += 1
            }
            guard digits > 0 else { return nil }
        }
        var offset = 0
        if !scanner.skip("Z") && !scanner.skip("z") {
            guard let sign = scanner.sign(), let hours = scanner.number(digits: 2) else { return nil }
            _ = scanner.skip(":")
            guard let minutes = scanner.number(digits: 2), hours <= 23, minutes <= 59 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard scanner.isAtEnd, (1...12).contains(month), (1...31).contains(day), hour <= 23, minute <= 59,
            second <= 59
        else { return nil }
        var fields = tm()
        fields.tm_year = Int32(year - 1900)
        fields.tm_mon = Int32(month - 1)
        fields.tm_mday = Int32(day)
        fields.tm_hour = Int32(hour)
        fields.tm_min = Int32(minute)
        fields.tm_sec = Int32(second)
        let seconds = timegm(&fields)
        // timegm normalises 30 February to 1 March: a date that does not exist comes back changed.
        guard fields.tm_mday == Int32(day), fields.tm_mon == Int32(month - 1) else { return nil }
        secondsSince1970 = Double(seconds - offset) + fraction
    }

    /// The moment in RFC 3339, in UTC: `2026-12-01T10:00:00Z`, with the fraction of a second when
    /// there is one (`2026-12-01T10:00:00.25Z`, to the millisecond).
    public var rfc3339: String {
        guard secondsSince1970.isFinite, secondsSince1970.magnitude < 1e15 else {
            return "\(secondsSince1970) s since 1970"
        }
        let totalMilliseconds = Int64((secondsSince1970 * 1000).rounded())
        let (whole, milliseconds) = (totalMilliseconds.floorDivided(by: 1000), totalMilliseconds.floorModulo(1000))
        var time = time_t(whole)
        var fields = tm()
        guard gmtime_r(&time, &fields) != nil else { return "\(secondsSince1970) s since 1970" }
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value.magnitude)
            return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        var text =
            "\(padded(Int(fields.tm_year) + 1900, 4))-\(padded(Int(fields.tm_mon) + 1, 2))-\(padded(Int(fields.tm_mday), 2))"
            + "T\(padded(Int(fields.tm_hour), 2)):\(padded(Int(fields.tm_min), 2)):\(padded(Int(fields.tm_sec), 2))"
        if milliseconds > 0 {
            var digits = padded(Int(milliseconds), 3)
            while digits.last == "0" { digits.removeLast() }
            text += "." + digits
        }
        return text + "Z"
    }

    /// ``rfc3339``.
    public var description: String { rfc3339 }

    /// The moment the system's clock reads (`CLOCK_REALTIME`, to the nanosecond it reports).
    ///
    /// The corresponding C function is `clock_gettime`.
    public static var now: Timestamp {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Timestamp(secondsSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
    }

    /// The seconds from `other` to this moment (negative when `other` is later).
    public func seconds(since other: Timestamp) -> Double {
        secondsSince1970 - other.secondsSince1970
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.secondsSince1970 < rhs.secondsSince1970
    }
}

/// Reads fixed-width decimal fields and separators from ASCII bytes.
private struct DigitScanner {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index == bytes.count }

    /// The next byte as a digit, consumed; `nil` when it is not one.
    mutating func digit() -> Int? {
        guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
        defer { index += 1 }
        return Int(bytes[index] - UInt8(ascii: "0"))
    }

    /// A number of exactly `digits` digits.
    mutating func number(digits: Int) -> Int? {
        var value = 0
        for _ in 0..<digits {
            guard let digit = digit() else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    /// Consumes `character` when it is next.
    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    /// `+1` or `-1` for a sign, consumed.
    mutating func sign() -> Int? {
        if skip("+") { return 1 }
        if skip("-") { return -1 }
        return nil
    }
}

extension Int64 {
    /// The quotient rounded toward negative infinity.
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    /// The remainder of ``floorDivided(by:)``, from 0 to `divisor - 1`.
    fileprivate func floorModulo(_ divisor: Int64) -> Int64 {
        self - floorDivided(by: divisor) * divisor
    }
}
