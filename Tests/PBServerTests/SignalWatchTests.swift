import Foundation
import PBServer
import PBTestSupport
import Testing

@Suite("SignalWatch")
struct SignalWatchTests {
    @Test("run(until:) returns the signal that arrived, after stopping the server; only one watch at a time")
    func runUntilSignal() throws {
        let signals = try SignalWatch([SIGUSR1])
        #expect(throws: HTTPServerError(.signalsAlreadyWatched)) { _ = try SignalWatch([SIGUSR2]) }
        let server = try HTTPServer(configuration: testConfiguration()) { _ in .text("ok") }
        #expect(try TestHTTPClient.request("/", port: server.port).status == 200)
        Thread.detachNewThread {
            usleep(50_000)
            kill(getpid(), SIGUSR1)
        }
        #expect(server.run(until: signals) == SIGUSR1)
        #expect(!server.isRunning)
    }
}
