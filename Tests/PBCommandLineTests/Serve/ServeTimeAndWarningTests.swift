import Foundation
import PBRendering
import Synchronization
import Testing

@testable import PBCommandLine
@testable import PBJob
@testable import PBServer

/// The server's clock and the command line's warnings over HTTP: images drawn from the clock
/// (`start=`/`end=`) at a clock the test sets, and what the server refuses or reports.
@Suite("Serving images drawn from the clock, and warnings")
struct ServeTimeAndWarningTests {
    /// A clock the test sets, in seconds since 1970.
    final class Clock: Sendable {
        let seconds: Mutex<Double>
        init(_ seconds: Double) { self.seconds = Mutex(seconds) }
        func set(_ value: Double) { seconds.withLock { $0 = value } }
    }

    /// A service whose clock reads `clock`.
    static func service(clock: Clock) -> RenderService {
        RenderService(
            cacheCapacity: ByteCount(bytes: 8_000_000),
            clock: { Timestamp(secondsSince1970: clock.seconds.withLock { $0 }) })
    }

    /// The `max-age` of a `Cache-Control` value.
    static func maxAge(_ response: HTTPResponse) -> Int? {
        guard let value = response.headers["Cache-Control"], value.hasPrefix("public, max-age=") else { return nil }
        return Int(value.dropFirst("public, max-age=".count))
    }

    /// Two server times a step apart give two images, each with a max-age within the step; the image stays the same
    /// through its max-age; the command line with `--now` at the server's clock writes the server's bytes.
    @Test("A ring drawn from the clock: a new image a step later, max-age within the step, the CLI's bytes with --now")
    func ringFromTheClock() throws {
        // 4000 s from start to end: a schedule moves in at least 200 steps, so a step is at most 20 s.
        let start = try #require(Timestamp(rfc3339: "2026-12-01T00:00:00Z")).secondsSince1970
        let step = 20.0
        let clock = Clock(start + 1003)
        let service = Self.service(clock: clock)
        let target = "/render.png?size=96&start=2026-12-01T00:00:00Z&end=2026-12-01T01:06:40Z"
        let first = service.respond(to: HTTPRequest(target: target))
        #expect(first.status == .ok, "\(String(decoding: first.body, as: UTF8.self))")
        let age = try #require(Self.maxAge(first), "\(first.headers["Cache-Control"] ?? "")")
        #expect((0..<Int(step)).contains(age))
        #expect(first.headers["Cache-Control"]?.contains("immutable") == false)
        #expect(first.headers["ETag"] == "\"\(RenderServiceTests.fnv(first.body))\"")

        // The same picture through its max-age (the server's cache holds no copy: each is drawn anew).
        clock.set(start + 1003 + Double(age))
        let later = service.respond(to: HTTPRequest(target: target))
        #expect(later.body == first.body && Self.maxAge(later) == 0)
        // A step later, another picture.
        clock.set(start + 1003 + step)
        let next = service.respond(to: HTTPRequest(target: target))
        #expect(next.status == .ok && next.body != first.body)
        #expect(next.headers["ETag"] != first.headers["ETag"])
        #expect(try #require(Self.maxAge(next)) < Int(step))

        // The command line with --now at the server's clock writes the server's bytes; now= in the URL too, and
        // then the URL fixes the image.
        let now = "2026-12-01T00:17:03Z"
        #expect(Timestamp(rfc3339: now)?.secondsSince1970 == start + 1023)
        let cli = try RenderJob(arguments: [
            "--size", "96", "--start", "2026-12-01T00:00:00Z", "--end", "2026-12-01T01:06:40Z", "--now", now,
            "--format", "png",
        ]).render()
        #expect(cli.bytes == next.body)
        let fixed = service.respond(to: HTTPRequest(target: target + "&now=" + now))
        #expect(fixed.body == next.body && fixed.headers["Cache-Control"] == "public, max-age=31536000, immutable")

        // Past the end the picture no longer changes: a day, the most.
        clock.set(start + 5000)
        #expect(Self.maxAge(service.respond(to: HTTPRequest(target: target))) == 86_400)
    }

    @Test("A countdown from end= alone: its label changes with the time left, and max-age says when")
    func countdown() throws {
        let end = try #require(Timestamp(rfc3339: "2026-12-25T00:00:00Z")).secondsSince1970
        // 3 days and 1 hour left: "3 days left" until less than 2.5 days are left, 13 hours later.
        let clock = Clock(end - 3 * 86_400 - 3600)
        let service = Self.service(clock: clock)
        let target = "/render.svg?label=remaining&end=2026-12-25T00:00:00Z"
        let first = service.respond(to: HTTPRequest(target: target))
        #expect(String(decoding: first.body, as: UTF8.self).contains("3 days left"))
        // 13 hours, less the second in which it changes.
        #expect(Self.maxAge(first) == 13 * 3600 - 1)
        clock.set(end - 2.5 * 86_400)
        #expect(service.respond(to: HTTPRequest(target: target)).body == first.body)
        clock.set(end - 2.5 * 86_400 + 0.5)
        let next = service.respond(to: HTTPRequest(target: target))
        #expect(String(decoding: next.body, as: UTF8.self).contains("2 days left"))
    }

    @Test("HTTP refuses what the command line draws with a warning about what was written, with its hint")
    func refusedWarnings() {
        let service = RenderServiceTests.service()
        let refused = [
            ("/render.png?progress=87", "a progress of 87 is above 1 and is drawn as 1 (did you mean 'progress=87%'?)"),
            ("/badge.svg?progress=87", "a progress of 87 is above 1 and is drawn as 1 (did you mean 'progress=87%'?)"),
            ("/render.png?progress=-0.2", "parameter 'progress' is -0.2 (-20%), below 0: drawn as 0"),
            (
                "/render.png?progress=0.5&stroke-start=1.5",
                "parameter 'stroke-start' is 1.5 (150%), above 1: drawn as 1"
            ),
            (
                "/render.png?progress=1&size=128&line-width=12&path-data=M0%208%20H16&view-box=0%200%2016%2016",
                "the stroke reaches 6 points past the canvas's left and right edges and is cut there: give the path "
                    + "room with a larger canvas or parameter 'view-box', or a thinner stroke with parameter 'line-width'"
            ),
            (
                "/render.png?values=0.6,0.7",
                "parameter 'values' end at 1.3, past the end of the path (1): drawn up to 1, the last values cut"
            ),
        ]
        for (target, message) in refused {
            let response = service.respond(to: HTTPRequest(target: target))
            #expect(response.status == .badRequest, "\(target)")
            #expect(String(decoding: response.body, as: UTF8.self) == message + "\n", "\(target)")
            #expect(response.headers["Cache-Control"] == "no-store")
        }
        // 87% is what was meant: drawn, with no warning.
        let meant = service.respond(to: HTTPRequest(target: "/badge.svg?progress=87%25"))
        #expect(meant.status == .ok && meant.headers.values(for: JobWarning.headerName).isEmpty)
    }

    @Test("A warning the server draws with comes as a PBRender-Warning field; the CLI prints the same sentence")
    func reportedWarnings() throws {
        let service = RenderServiceTests.service()
        let response = service.respond(to: HTTPRequest(target: "/render.png?bytes=120/100"))
        #expect(response.status == .ok)
        #expect(
            response.headers.values(for: JobWarning.headerName) == [
                "120 bytes received is more than the 100 expected: drawn as complete"
            ])
        let job = try RenderJob(arguments: ["--bytes", "120/100", "--format", "png"])
        #expect(job.warnings.map(\.description) == response.headers.values(for: JobWarning.headerName))
    }

    @Test("pbrender badge --progress 87 warns as pbrender does, and draws what --progress 1 draws")
    func badgeWarns() throws {
        let job = try RenderJob(arguments: ["badge", "--progress", "87", "--format", "svg"])
        #expect(
            job.warnings.map(\.description) == [
                "a progress of 87 is above 1 and is drawn as 1 (did you mean '--progress 87%'?)"
            ])
        let full = try RenderJob(arguments: ["badge", "--progress", "1", "--format", "svg"])
        #expect(full.warnings.isEmpty)
        #expect(try job.render().bytes == full.render().bytes)
    }
}
