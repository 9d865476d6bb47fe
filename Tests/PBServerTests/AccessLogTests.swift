import PBServer
import Testing

@Suite("AccessLog")
struct AccessLogTests {
    static func entry(target: String = "/x?y", status: Int = 200, bodyBytes: Int = 2326) -> AccessLog.Entry {
        // 1791640536 is 2026-10-10 13:55:36 UTC (`date -u -d '2026-10-10 13:55:36' +%s`).
        AccessLog.Entry(
            remoteAddress: "127.0.0.1", secondsSince1970: 1_791_640_536, method: "GET", target: target,
            version: "HTTP/1.1", status: status, bodyBytes: bodyBytes)
    }

    @Test("Formats the Common Log Format line")
    func commonLogFormat() {
        #expect(
            AccessLog.line(for: Self.entry())
                == #"127.0.0.1 - - [10/Oct/2026:13:55:36 +0000] "GET /x?y HTTP/1.1" 200 2326"#)
    }

    @Test("No body is logged as -; a leap day and single-digit fields are zero-padded")
    func dashesAndPadding() {
        var entry = Self.entry(status: 304, bodyBytes: 0)
        // 951782400 is 2000-02-29 00:00:00 UTC (`date -u -d '2000-02-29' +%s`); 951786245 is 01:04:05 that day.
        entry.secondsSince1970 = 951_786_245
        entry.remoteAddress = ""
        #expect(AccessLog.line(for: entry) == #"- - - [29/Feb/2000:01:04:05 +0000] "GET /x?y HTTP/1.1" 304 -"#)
    }

    @Test("Quotes, backslashes, control characters and non-ASCII bytes in the request are escaped")
    func escapes() {
        let line = AccessLog.line(for: Self.entry(target: "/a\"b\\c\u{1B}d\u{7F}é"))
        #expect(line.contains(#""GET /a\"b\\c\x1bd\x7f\xc3\xa9 HTTP/1.1""#))
    }

    @Test("A target over 2,048 bytes is cut there and marked with the number of bytes cut")
    func capsTheTarget() {
        let atLimit = "/" + String(repeating: "a", count: AccessLog.maximumTargetLength - 1)
        #expect(AccessLog.line(for: Self.entry(target: atLimit)).contains("\"GET \(atLimit) HTTP/1.1\""))
        let long = atLimit + String(repeating: "b", count: 18_000)
        let line = AccessLog.line(for: Self.entry(target: long, status: 414, bodyBytes: 59))
        #expect(
            line == "127.0.0.1 - - [10/Oct/2026:13:55:36 +0000] \"GET \(atLimit)...[+18000 bytes] HTTP/1.1\" 414 59")
        // Escaping happens after the cut: at most 4 bytes a kept byte.
        let escapes = AccessLog.line(for: Self.entry(target: String(repeating: "\u{1}", count: 20_000)))
        #expect(escapes.contains(String(repeating: #"\x01"#, count: 2048) + "...[+17952 bytes] HTTP/1.1"))
        #expect(escapes.utf8.count < 4 * 2048 + 100)
    }

    @Test("record hands the line to the sink")
    func sink() {
        let recorder = LineRecorder()
        recorder.log.record(Self.entry())
        #expect(recorder.lines == [AccessLog.line(for: Self.entry())])
    }
}
