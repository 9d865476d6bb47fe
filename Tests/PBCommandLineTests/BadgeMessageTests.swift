import Testing

@testable import PBCommandLine
@testable import PBJob
@testable import PBServer

/// `pbrender badge --message TEXT`: free text in the value box, the bar still drawn.
@Suite("Badge messages")
struct BadgeMessageTests {
    static func svg(_ arguments: [String]) throws -> String {
        let bytes = try RenderJob(arguments: ["badge"] + arguments + ["--format", "svg"]).render().bytes
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("The message replaces the value, measured by Pango: a longer message, a wider badge; the bar stays")
    func message() throws {
        let short = try Self.svg(["--title", "build", "--message", "ok", "--progress", "1"])
        let long = try Self.svg(["--title", "build", "--message", "passing on every platform", "--progress", "1"])
        #expect(short.contains(">ok<") && !short.contains("100%"))
        #expect(long.contains(">passing on every platform<"))
        func width(_ svg: String) -> Double? {
            guard let range = svg.range(of: "width=\"") else { return nil }
            return Double(svg[range.upperBound...].prefix { $0 != "\"" })
        }
        let shortWidth = try #require(width(short))
        let longWidth = try #require(width(long))
        #expect(longWidth > shortWidth + 100)
        // The bar is drawn unless --no-bar.
        let noBar = try Self.svg(["--title", "build", "--message", "ok", "--progress", "1", "--no-bar"])
        let noBarWidth = try #require(width(noBar))
        #expect(noBar != short && noBarWidth < shortWidth)
        #expect(try Self.svg(["--message", "v1.2", "--progress", "1", "--style", "for-the-badge"]).contains(">V1.2<"))
        // Over HTTP, the same bytes.
        let served = RenderServiceTests.service().respond(
            to: HTTPRequest(target: "/badge.svg?title=build&message=ok&progress=1"))
        #expect(String(decoding: served.body, as: UTF8.self) == short)
    }

    @Test("A message with --total or --suffix, which write the value, is refused")
    func refusedWithValueOptions() {
        expectUsageError(
            ["badge", "--message", "ok", "--progress", "1", "--total", "3"],
            "'--message' replaces the value, which '--total' writes: give one of them", usage: BadgeCommandTests.usage)
    }
}
