import Foundation
import PBSynchronization
import PBTestSupport

/// A flood of slow clients against a server on loopback, with a well-behaved monitor polling it meanwhile: the
/// attack of issue 31 (connections that each send one header byte every few seconds, or nothing).
struct SlowClientFlood {
    /// What each attacking connection sends.
    enum Pace: String, CustomStringConvertible {
        /// A byte of the request line every ``SlowClientFlood/byteInterval``.
        case requestLineBytes = "request-line bytes"
        /// The request line at once, then a byte of a header field every ``SlowClientFlood/byteInterval``.
        case headerBytes = "header bytes after the request line"
        /// Nothing.
        case idle

        var description: String { rawValue }
    }

    /// How many attacking connections, all opened at once at the start.
    var connections: Int
    /// What they send.
    var pace: Pace
    /// The time between two bytes of one connection.
    var byteInterval: Duration
    /// How long the flood and the monitor run.
    var duration: Duration
    /// The time between the starts of two monitor requests (one connection each, `GET /healthz`).
    var monitorInterval = Duration.milliseconds(100)
    /// How long a monitor request may take, connection included, to count as served.
    var monitorPatience = Duration.seconds(2)

    /// What the flood saw.
    struct Outcome: CustomStringConvertible {
        /// For each attacking connection, how long it stayed open (from its connect until the server ended the
        /// stream), or nil if it was still open when the flood ended.
        var lifetimes: [Duration?]
        /// The status line's first 12 bytes (`HTTP/1.1 408`) of each answer the attackers got, counted; a
        /// connection closed without an answer counts as `none`.
        var answers: [String: Int]
        /// The monitor's requests and how many were served (200 within ``SlowClientFlood/monitorPatience``).
        var monitorRequests: Int
        var monitorServed: Int
        /// The slowest monitor request.
        var slowestMonitor: Duration
        /// When the last attacking connection was closed, counted from the start of the flood.
        var lastClose: Duration

        /// The attacking connections still open at the end.
        var stillOpen: Int { lifetimes.filter { $0 == nil }.count }
        /// The longest an attacking connection stayed open.
        var longestLifetime: Duration { lifetimes.compactMap { $0 }.max() ?? .zero }
        /// The share of monitor requests served, 0–1.
        var monitorRate: Double { monitorRequests == 0 ? 0 : Double(monitorServed) / Double(monitorRequests) }

        var description: String {
            "closed \(lifetimes.count - stillOpen)/\(lifetimes.count) (longest open \(longestLifetime), last "
                + "closed \(lastClose) after the start), answers \(answers.sorted { $0.key < $1.key }), monitor "
                + "\(monitorServed)/\(monitorRequests) served (\(String(format: "%.1f", monitorRate * 100)) %, "
                + "slowest \(slowestMonitor))"
        }
    }

    /// The bytes a slow client sends, one at a time (after the request line, for ``Pace/headerBytes``).
    static let slowRequest = Array(
        ("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: " + String(repeating: "a", count: 9000)).utf8)
    /// The length of `GET /healthz HTTP/1.1\r\nHost: x\r\n`.
    static let requestLineAndHost = 32

    /// Runs the flood against `127.0.0.1:port`.
    ///
    /// - Parameter port: The server's port.
    /// - Returns: What happened.
    /// - Throws: When the attacking connections cannot be opened.
    func run(port: UInt16) throws -> Outcome {
        raiseDescriptorLimit(to: 4 * connections + 256)
        let clock = ContinuousClock()
        let start = clock.now
        var sockets: [Int32] = []
        var opened: [ContinuousClock.Instant] = []
        var sent: [Int] = []
        defer { sockets.filter { $0 >= 0 }.forEach { close($0) } }
        for _ in 0..<connections {
            let socket = try TestHTTPClient.connect(port: port, timeoutSeconds: 5)
            _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
            sockets.append(socket)
            opened.append(clock.now)
            var count = 0
            if pace == .headerBytes {
                count = Self.requestLineAndHost
                _ = Self.slowRequest.withUnsafeBytes { send(socket, $0.baseAddress, count, Int32(MSG_NOSIGNAL)) }
            }
            sent.append(count)
        }
        let monitor = Monitor(port: port, interval: monitorInterval, patience: monitorPatience)
        let monitorThread = Thread { monitor.run() }
        monitorThread.start()

        var lifetimes = [Duration?](repeating: nil, count: connections)
        var answers: [String: Int] = [:]
        var answered = [Bool](repeating: false, count: connections)
        var lastClose = Duration.zero
        var polls = sockets.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        var nextByte = start.advanced(by: byteInterval)
        let end = start.advanced(by: duration)
        func ended(_ index: Int) {
            let now = clock.now
            lifetimes[index] = opened[index].duration(to: now)
            lastClose = max(lastClose, start.duration(to: now))
            if !answered[index] { answers["none", default: 0] += 1 }
            close(sockets[index])
            sockets[index] = -1
            polls[index].fd = -1
        }
        while clock.now < end {
            let untilByte = clock.now.duration(to: min(nextByte, end))
            let wait = max(
                0, Int32(untilByte.components.seconds * 1000 + untilByte.components.attoseconds / 1_000_000_000_000_000)
            )
            if poll(&polls, nfds_t(polls.count), wait) > 0 {
                for index in polls.indices where polls[index].fd >= 0 && polls[index].revents != 0 {
                    var buffer = [UInt8](repeating: 0, count: 4096)
                    let count = recv(polls[index].fd, &buffer, buffer.count, 0)
                    if count > 0 {
                        if !answered[index] {
                            answered[index] = true
                            answers[String(decoding: buffer.prefix(min(12, count)), as: UTF8.self), default: 0] += 1
                        }
                    } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                        ended(index)
                    }
                }
            }
            guard pace != .idle, clock.now >= nextByte else { continue }
            nextByte = nextByte.advanced(by: byteInterval)
            for index in sockets.indices where sockets[index] >= 0 && sent[index] < Self.slowRequest.count {
                let offset = sent[index]
                let written = Self.slowRequest.withUnsafeBytes {
                    send(sockets[index], $0.baseAddress.map { $0 + offset }, 1, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
                }
                if written == 1 {
                    sent[index] += 1
                } else if errno != EAGAIN {
                    ended(index)
                }
            }
        }
        monitor.stop()
        while !monitor.finished { usleep(10_000) }
        let results = monitor.results
        return Outcome(
            lifetimes: lifetimes, answers: answers, monitorRequests: results.count,
            monitorServed: results.filter(\.served).count, slowestMonitor: results.map(\.time).max() ?? .zero,
            lastClose: lastClose)
    }

    /// Raises this process's soft limit on open files to `count` (or the hard limit, if lower): the flood holds
    /// both ends of every connection in one process.
    private func raiseDescriptorLimit(to count: Int) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(count) else { return }
        limit.rlim_cur = min(rlim_t(count), limit.rlim_max)
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }

    /// The well-behaved client: a new connection and `GET /healthz` every interval, until stopped.
    final class Monitor: Sendable {
        let port: UInt16
        let interval: Duration
        let patience: Duration
        private let state = Locked<(results: [(served: Bool, time: Duration)], stopped: Bool, finished: Bool)>(
            ([], false, false))

        init(port: UInt16, interval: Duration, patience: Duration) {
            self.port = port
            self.interval = interval
            self.patience = patience
        }

        var results: [(served: Bool, time: Duration)] { state.withLock { $0.results } }
        var finished: Bool { state.withLock { $0.finished } }
        func stop() { state.withLock { $0.stopped = true } }

        func run() {
            let clock = ContinuousClock()
            var next = clock.now
            while !state.withLock({ $0.stopped }) {
                let start = clock.now
                let served = request()
                let time = start.duration(to: clock.now)
                state.withLock { $0.results.append((served && time <= patience, time)) }
                next = next.advanced(by: interval)
                let pause = clock.now.duration(to: next)
                if pause > .zero {
                    usleep(
                        UInt32(pause.components.seconds * 1_000_000 + pause.components.attoseconds / 1_000_000_000_000))
                }
            }
            state.withLock { $0.finished = true }
        }

        /// One request; whether it was answered 200.
        private func request() -> Bool {
            guard let socket = try? TestHTTPClient.connect(port: port, timeoutSeconds: 5) else { return false }
            defer { close(socket) }
            var timeout = timeval(
                tv_sec: Int(patience.components.seconds),
                tv_usec: Int(patience.components.attoseconds / 1_000_000_000_000))
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            TestHTTPClient.sendAll(TestHTTPClient.requestBytes("GET", "/healthz"), on: socket)
            guard let raw = try? TestHTTPClient.readAll(from: socket) else { return false }
            return raw.starts(with: Array("HTTP/1.1 200".utf8))
        }
    }
}
