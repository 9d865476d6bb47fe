import Foundation
import PBTestSupport
import Synchronization
import Testing

/// A process the tests start and must stop: its standard error collected as it comes, so a
/// chatty process never blocks on a full pipe; killed on release if still running.
final class TestProcess: @unchecked Sendable {
    // @unchecked: `process` is only used from the test's thread; the output behind a Mutex.
    let process = Process()
    private let errorText = TextBuffer()
    private let outputText = TextBuffer()

    /// Starts `executable` with `arguments`.
    init(_ executable: URL, _ arguments: [String], in directory: URL? = nil) throws {
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let (error, output) = (Pipe(), Pipe())
        process.standardError = error
        process.standardOutput = output
        error.fileHandleForReading.readabilityHandler = { [errorText] handle in
            let data = handle.availableData
            errorText.append(data)
        }
        output.fileHandleForReading.readabilityHandler = { [outputText] handle in
            let data = handle.availableData
            outputText.append(data)
        }
        try process.run()
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Standard error so far.
    var standardError: String { errorText.text }

    /// Waits up to `seconds` for standard error to hold a match of `pattern`; its first capture group.
    func waitForError(matching pattern: String, seconds: Double = 30) -> String? {
        let regex = try? NSRegularExpression(pattern: pattern)
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let text = standardError
            if let regex,
                let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
                let range = Range(match.range(at: match.numberOfRanges > 1 ? 1 : 0), in: text)
            {
                return String(text[range])
            }
            if !process.isRunning { return nil }
            usleep(5000)
        }
        return nil
    }

    /// Sends `signal` and waits (up to `seconds`) for the process to end; its exit status, or nil when it
    /// did not end (it is then killed).
    @discardableResult
    func stop(_ signal: Int32 = SIGTERM, seconds: Double = 30) -> Int32? {
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(5000) }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        process.waitUntilExit()
        // Let the readability handlers take the last bytes.
        usleep(50000)
        return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
    }
}

/// Text collected from several threads.
final class TextBuffer: Sendable {
    private let storage = Mutex("")
    func append(_ data: Data) { storage.withLock { $0 += String(decoding: data, as: UTF8.self) } }
    var text: String { storage.withLock { $0 } }
}

/// `pbrender serve` started as a process on a free port (port 0: it prints the one it got).
final class ServeProcess {
    let process: TestProcess
    let port: UInt16

    /// Starts `pbrender serve` with `extra` options; with `addressSpaceKiB`, under that
    /// `ulimit -v`.
    init(_ extra: [String] = [], addressSpaceKiB: Int? = nil) throws {
        let arguments = ["serve", "--port", "0", "--threads", "2"] + extra
        if let addressSpaceKiB {
            process = try TestProcess(
                URL(fileURLWithPath: "/bin/sh"),
                ["-c", "ulimit -v \(addressSpaceKiB) && exec \"$0\" \"$@\"", EndToEndTests.binary.path] + arguments)
        } else {
            process = try TestProcess(EndToEndTests.binary, arguments)
        }
        guard let port = process.waitForError(matching: "serving http://127\\.0\\.0\\.1:([0-9]+)/").flatMap(UInt16.init)
        else {
            throw TestClientError(message: "pbrender serve did not start: \(process.standardError)")
        }
        self.port = port
    }

    var client: ServeClient { ServeClient(port: port) }
}
