import Foundation
import PBServer
import PBTestSupport
import Testing

/// Issue 31's acceptance run at full size: 600 connections trickling one header byte every 5 s for 40 s against
/// `pbrender serve`'s settings (512 connections, 10 s deadlines, two threads), with a monitor polling
/// `GET /healthz` every 100 ms. Slow (about 45 s), so an oracle: `swift test --skip Oracle` leaves it out.
@Suite(.serialized) struct SlowClientFloodOracleTests {
    @Test(
        "600 trickling connections are all closed by their 10 s deadline; the monitor is served 95 % within 2 s",
        arguments: [SlowClientFlood.Pace.requestLineBytes, .headerBytes])
    func fullSizeFlood(pace: SlowClientFlood.Pace) throws {
        let configuration = HTTPServer.Configuration(
            threadCount: 2, connectionLimit: 512, connectionTimeout: .seconds(10), accessLog: nil,
            requestHeaderTimeout: .seconds(10), requestBodyTimeout: .seconds(10))
        let server = try HTTPServer(configuration: configuration) { request in
            request.path == "/healthz" ? .text("ok\n") : .text("not found\n", status: .notFound)
        }
        let flood = SlowClientFlood(connections: 600, pace: pace, byteInterval: .seconds(5), duration: .seconds(40))
        let outcome = try flood.run(port: server.port)
        print("SlowClientFloodOracleTests (\(pace)): \(outcome)")
        #expect(outcome.stillOpen == 0, "\(outcome)")
        #expect(outcome.longestLifetime < .seconds(11), "\(outcome)")
        #expect(outcome.lastClose < .seconds(11), "\(outcome)")
        #expect(outcome.monitorRequests >= 300, "\(outcome)")
        #expect(outcome.monitorRate >= 0.95, "\(outcome)")
    }
}
