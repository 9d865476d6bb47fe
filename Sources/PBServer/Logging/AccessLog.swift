#if canImport(Glibc)
    import Glibc
#endif

/// Writes one Common Log Format line per request through a sink (standard error unless you give another).
///
/// A line reads `127.0.0.1 - - [10/Oct/2026:13:55:36 +0000] "GET /x?y HTTP/1.1" 200 2326`: client address,
/// two `-` (no identity, no user), the time the request arrived in UTC, the request line, the status, and the
/// body bytes sent (`-` for none, as for `HEAD` or 304). In the request line `"` and `\` are escaped with `\`
/// and other bytes outside printable ASCII are written `\xHH`, so a line never breaks and stays one field. A
/// target longer than ``maximumTargetLength`` bytes is cut there and marked, as in `GET /x?aaaa...[+18000 bytes]
/// HTTP/1.1`, so a 16 KiB (or a refused 1 MiB) URL costs the log at most about 8 KiB a line (every kept byte
/// escaped as `\xHH`).
///
/// The sink is called on the server's threads, concurrently; it must be thread-safe. ``standardError`` writes
/// each line with a single `write(2)`, so lines from different threads do not interleave.
public struct AccessLog: Sendable {
    /// Receives each line, without a line break.
    public typealias Sink = @Sendable (String) -> Void

    /// The most bytes of the request-target a line carries; the rest is replaced by `...[+N bytes]`.
    public static let maximumTargetLength = 2048

    /// Where lines go.
    public let sink: Sink

    /// A log that hands each line to `sink`.
    ///
    /// - Parameter sink: Receives each line (without a line break), possibly from several threads at once.
    public init(sink: @escaping Sink) {
        self.sink = sink
    }

    /// A log that writes each line and a line break to standard error.
    public static let standardError = AccessLog { line in
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        FileDescriptorWriter.writeAll(bytes, to: 2)
    }

    /// Formats `entry` and hands the line to the sink.
    ///
    /// - Parameter entry: What happened.
    public func record(_ entry: Entry) {
        sink(Self.line(for: entry))
    }

    /// The Common Log Format line for `entry`, without a line break.
    ///
    /// - Parameter entry: What happened.
    /// - Returns: The line.
    /// - Complexity: O(*n*) in the request line's length, up to ``maximumTargetLength`` of it.
    public static func line(for entry: Entry) -> String {
        let request = escaped("\(entry.method) \(capped(entry.target)) \(entry.version)")
        let bytes = entry.bodyBytes > 0 ? "\(entry.bodyBytes)" : "-"
        let address = entry.remoteAddress.isEmpty ? "-" : escaped(entry.remoteAddress)
        return "\(address) - - [\(timestamp(entry.secondsSince1970))] \"\(request)\" \(entry.status) \(bytes)"
    }

    /// `target` cut after ``maximumTargetLength`` bytes, with `...[+N bytes]` for the N cut (a UTF-8 sequence
    /// cut in two shows as U+FFFD, escaped like any non-ASCII byte).
    static func capped(_ target: String) -> String {
        let count = target.utf8.count
        guard count > maximumTargetLength else { return target }
        return String(decoding: target.utf8.prefix(maximumTargetLength), as: UTF8.self)
            + "...[+\(count - maximumTargetLength) bytes]"
    }

    /// `text` with `"` and `\` escaped and bytes outside 0x20–0x7E written `\xHH`.
    static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 > 0x7E || $0 == 0x22 || $0 == 0x5C }) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 8)
        for byte in text.utf8 {
            switch byte {
            case 0x22, 0x5C: out += [0x5C, byte]
            case 0x20...0x7E: out.append(byte)
            default: out += [0x5C, UInt8(ascii: "x"), ASCII.hexDigit(byte >> 4), ASCII.hexDigit(byte & 0xF)]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `10/Oct/2026:13:55:36 +0000` for the given time, in UTC.
    static func timestamp(_ secondsSince1970: Int) -> String {
        var time = time_t(secondsSince1970)
        var parts = tm()
        guard gmtime_r(&time, &parts) != nil else { return "01/Jan/1970:00:00:00 +0000" }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let month = months[Int(max(0, min(11, parts.tm_mon)))]
        return "\(two(parts.tm_mday))/\(month)/\(parts.tm_year + 1900):\(two(parts.tm_hour)):\(two(parts.tm_min)):"
            + "\(two(parts.tm_sec)) +0000"
    }
}
