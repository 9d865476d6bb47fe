import Foundation
import PBRendering
import PBTestSupport
import Synchronization
import Testing

/// The worst inputs found, run through the real binary under `ulimit -v` 1 GiB: each is refused
/// cleanly (exit code 2, one line naming the limit) or succeeds (0), and none is killed.
@Suite(.serialized, .disabled(if: Sanitizer.active != nil, Comment(rawValue: Sanitizer.reason)))
final class MemoryLimitTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "pbrender-memory-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    struct Outcome {
        /// The exit status, or nil when a signal ended the process.
        var status: Int32?
        var error: String
    }

    /// Runs `pbrender` in the folder with at most 1 GiB of address space, standard input from
    /// `input` (or nothing).
    func run(_ arguments: [String], input: String? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -v 1048576 && exec \"$0\" \"$@\"", EndToEndTests.binary.path] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let error = Pipe()
        process.standardError = error
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = try input.map { try FileHandle(forReadingFrom: URL(fileURLWithPath: $0)) }
        try process.run()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationReason == .exit ? process.terminationStatus : nil,
            error: String(decoding: errorData, as: UTF8.self))
    }

    /// Writes a curve file of `path` data and returns its name.
    func curveFile(_ name: String, path: String) throws -> String {
        let json = "{\"width\": 256, \"height\": 256, \"path\": \"\(path)\"}"
        try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
        return name
    }

    /// Expects exit code 2 and one line that contains `limit`.
    func expectRefused(
        _ arguments: [String], input: String? = nil, naming limit: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let outcome = try run(arguments, input: input)
        #expect(outcome.status == 2, "\(arguments): \(outcome.error)", sourceLocation: sourceLocation)
        #expect(outcome.error.hasPrefix("pbrender: error: "), sourceLocation: sourceLocation)
        #expect(outcome.error.contains(limit), "\(outcome.error)", sourceLocation: sourceLocation)
        #expect(outcome.error.split(separator: "\n").count == 1, sourceLocation: sourceLocation)
    }

    func expectSuccess(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let outcome = try run(arguments)
        #expect(outcome.status == 0, "\(arguments): \(outcome.error)", sourceLocation: sourceLocation)
    }

    @Test func endlessAndHugeInputs() throws {
        let limit = "larger than the limit of 8 MiB (8388608 bytes)"
        try expectRefused(["--path", "/dev/zero", "--progress", "0.5"], naming: limit)
        try expectRefused(["--path", "-", "--progress", "0.5"], input: "/dev/zero", naming: limit)
        try expectRefused(["trim", "--path", "/dev/zero"], naming: limit)
        // Path data at the file limit: 8 MiB less the JSON around it, far over the path-data limit.
        let spaces = String(repeating: " ", count: Int(8 << 20) - 100)
        try expectRefused(
            ["--path", try curveFile("long.json", path: "M0 0" + spaces), "--progress", "0.5"],
            naming: "more than the limit of 4194304 bytes")
    }

    @Test func subpathsAndSegmentsAtTheLimitsAndOnePast() throws {
        func subpaths(_ count: Int) -> String {
            (0..<count).map { "M\($0 % 250) \($0 % 97)l3 4" }.joined(separator: " ")
        }
        try expectSuccess([
            "trim", "--path", try curveFile("10000.json", path: subpaths(10_000)), "--to", "0.5", "--each-subpath",
        ])
        try expectSuccess(["--path", "10000.json", "--progress", "0.5", "-o", "10000.png"])
        try expectRefused(
            ["trim", "--path", try curveFile("10001.json", path: subpaths(10_001)), "--each-subpath"],
            naming: "more than 10000 subpaths, the limit")
        let lines = "M0 0" + String(repeating: " l1 1", count: 100_000)
        try expectSuccess(["measure", "--path", try curveFile("100000.json", path: lines)])
        try expectRefused(
            ["measure", "--path", try curveFile("100001.json", path: lines + " l1 1")],
            naming: "more than 100000 segments, the limit")
    }

    @Test func costlyRendersAndLargeCanvases() throws {
        try expectRefused(
            ["--width", "2048", "--height", "2048", "--line-width", "600", "--dash", "0.5", "--progress", "0.5"],
            naming: "more than the limit of 5 s")
        try expectRefused(
            ["--width", "1e300", "--height", "1e300", "--scale", "1e-300", "--progress", "0.5"],
            naming: "must be from 1e-06 to 1000000 (the limit)")
        // The largest still canvas, and frames of it (one at a time within the memory budget).
        try expectSuccess([
            "--shape", "bar", "--width", "16384", "--height", "4096", "--progress", "0.5", "-o", "big.png",
        ])
        try expectSuccess(["--frames", "2", "--width", "8192", "--height", "8192", "-o", "frame-%d.png"])
        try expectRefused(
            ["--animate-to", "1", "--duration", "0.1", "--width", "8192", "--height", "8192", "-o", "a.apng"],
            naming: "the limit for an animation is 16777216 pixels a frame")
    }

    /// The server under the same 1 GiB, two requests rendering at once: the costliest requests
    /// its limits accept (a canvas of --max-pixels, an animation of as many pixels in all, the
    /// longest label in a large font, a wide badge) and some just past them. Each is answered
    /// 200 or 400, never 500, and the server is still serving at the end.
    @Test func theServerUnderOneGiB() throws {
        let server = try ServeProcess(addressSpaceKiB: 1_048_576)
        defer { server.process.stop() }
        let label = String(repeating: "W", count: LabelTemplate.maximumLength)
        let title = String(repeating: "W", count: Badge.maximumTextLength)
        let targets = [
            "/render.png?progress=0.7&size=2048&line-width=600",
            "/render.png?progress=0.7&size=2048&line-width=600&dash=0.5",
            "/render.png?progress=0.5&size=2049",
            "/render.apng?animate-to=1&size=256&duration=2&fps=30",
            "/render.apng?animate-to=1&size=256&duration=3&fps=30",
            "/render.svg?progress=0.5&size=16384&dash=0.01",
            "/render.png?progress=0.5&size=1024&label=\(label)&font=Sans%20200",
            "/render.pdf?progress=0.5&size=1024&label=\(label)&font=Sans%201000",
            "/badge.png?title=\(title)&progress=0.5&scale=4",
            "/badge.svg?title=\(label)&progress=0.5",
        ]
        let statuses = Mutex([String: Int]())
        let client = server.client
        onThreads(targets.count) { index in
            let status = (try? client.request(targets[index]).status) ?? -1
            statuses.withLock { $0[targets[index]] = status }
        }
        for target in targets {
            let status = statuses.withLock { $0[target] }
            #expect(status == 200 || status == 400, "\(target): \(String(describing: status))")
        }
        // The accepted extremes are accepted, the ones past a limit refused.
        #expect(statuses.withLock { $0[targets[0]] } == 200)
        #expect(statuses.withLock { $0[targets[2]] } == 400)
        #expect(statuses.withLock { $0[targets[3]] } == 200)
        #expect(statuses.withLock { $0[targets[4]] } == 400)
        #expect(statuses.withLock { $0[targets[6]] } == 200)
        #expect(statuses.withLock { $0[targets[8]] } == 200)
        #expect(statuses.withLock { $0[targets[9]] } == 400)
        #expect(try server.client.request("/render.png?progress=0.5&size=64").status == 200)
        #expect(server.process.stop() == 0, "\(server.process.standardError.suffix(2000))")
    }
}
