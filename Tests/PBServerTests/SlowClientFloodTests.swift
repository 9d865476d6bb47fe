import Foundation
import PBServer
import PBTestSupport
import Testing

/// Issue 31's attack, scaled to seconds: the full size (600 connections for 40 s) is
/// `SlowClientFloodOracleTests`.
@Suite("A flood of slow or idle connections")
struct SlowClientFloodTests {
    /// 60 connections against a table of 40 (20 a thread), every deadline 1 s.
    static func configuration() -> HTTPServer.Configuration {
        var configuration = testConfiguration()
        configuration.connectionLimit = 40
        configuration.requestHeaderTimeout = .seconds(1)
        configuration.requestBodyTimeout = .seconds(1)
        return configuration
    }

    @Test(
        "Every slow or idle connection is closed by its 1 s deadline; a monitor polling every 100 ms is served",
        arguments: [SlowClientFlood.Pace.requestLineBytes, .headerBytes, .idle])
    func flood(pace: SlowClientFlood.Pace) throws {
        let server = try HTTPServer(configuration: Self.configuration()) { request in
            request.path == "/healthz" ? .text("ok\n") : .text("not found\n", status: .notFound)
        }
        let flood = SlowClientFlood(
            connections: 60, pace: pace, byteInterval: .milliseconds(250), duration: .milliseconds(2500))
        let outcome = try flood.run(port: server.port)
        // All closed, none later than its deadline (counted from the connection) and 0.5 s of slack.
        #expect(outcome.stillOpen == 0, "\(outcome)")
        #expect(outcome.longestLifetime < .milliseconds(1500), "\(outcome)")
        #expect(outcome.longestLifetime >= .milliseconds(950), "\(outcome)")
        // The table holds 19 waiting connections a thread (one place is kept free for the next arrival), so at
        // least 22 are shed on arrival, more as the monitor's connections come: 503 when their request line had
        // been read, else no answer. The rest meet their deadline: 408 once a request line has arrived, else no
        // answer.
        switch pace {
        case .headerBytes:
            let timedOut = outcome.answers["HTTP/1.1 408", default: 0]
            let shed = outcome.answers["HTTP/1.1 503", default: 0] + outcome.answers["none", default: 0]
            #expect(Set(outcome.answers.keys).isSubset(of: ["HTTP/1.1 408", "HTTP/1.1 503", "none"]), "\(outcome)")
            #expect(timedOut + shed == 60 && shed >= 22 && timedOut >= 1, "\(outcome)")
        case .requestLineBytes, .idle:
            #expect(outcome.answers == ["none": 60], "\(outcome)")
        }
        #expect(outcome.monitorRequests >= 20, "\(outcome)")
        #expect(outcome.monitorRate >= 0.95, "\(outcome)")
        #expect(outcome.slowestMonitor < .seconds(2), "\(outcome)")
    }
}
