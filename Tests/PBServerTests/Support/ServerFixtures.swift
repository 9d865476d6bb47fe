import Foundation
import PBServer
import PBSynchronization
import Synchronization

/// Collects access-log lines in memory.
final class LineRecorder: Sendable {
    private let storage = Locked<[String]>([])

    /// A log that appends to this recorder.
    var log: AccessLog {
        AccessLog { [self] line in storage.withLock { $0.append(line) } }
    }

    /// The lines so far.
    var lines: [String] { storage.withLock { $0 } }
}

/// Counts calls, from any thread.
final class Counter: Sendable {
    private let value = Atomic<Int>(0)
    func increment() { value.add(1, ordering: .relaxed) }
    var count: Int { value.load(ordering: .relaxed) }
}

/// A loopback configuration on a free port with no access log, small enough for tests.
func testConfiguration(
    threadCount: Int = 2, maximumRequestLineLength: Int = 8192, maximumHeaderBytes: Int = 16384,
    maximumHeaderFields: Int = 100, accessLog: AccessLog? = nil
) -> HTTPServer.Configuration {
    HTTPServer.Configuration(
        threadCount: threadCount, connectionTimeout: .seconds(5), maximumRequestLineLength: maximumRequestLineLength,
        maximumHeaderBytes: maximumHeaderBytes, maximumHeaderFields: maximumHeaderFields, drainTimeout: .seconds(5),
        accessLog: accessLog)
}

/// Runs `body` on `count` threads at once and waits for them all.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        Thread.detachNewThread {
            body(index)
            group.leave()
        }
    }
    group.wait()
}

/// Waits up to `seconds` for `condition`, checking every millisecond.
func eventually(within seconds: Double = 5, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(1000)
    }
    return condition()
}
