import Foundation
import PBSynchronization

/// Where a snapshot's reference and artifacts live.
struct SnapshotLocation {
    /// The reference file.
    let reference: URL
    /// The folder failures write the actual snapshot and its difference files into.
    let artifacts: URL

    /// The environment variable that chooses the artifacts folder.
    static let artifactsVariable = "PBRENDER_SNAPSHOT_ARTIFACTS"

    /// `<directory>/<test name>.<name>.<extension>`, the directory defaulting to
    /// `__Snapshots__/<test file name>` beside the test file, as swift-snapshot-testing does.
    /// Unnamed snapshots are numbered in order within their test: `1`, `2`, ….
    init(filePath: String, testName: String, name: String?, pathExtension: String, directory: String?) {
        let file = URL(fileURLWithPath: filePath)
        let fileName = file.deletingPathExtension().lastPathComponent
        let folder =
            directory.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? file.deletingLastPathComponent().appendingPathComponent("__Snapshots__", isDirectory: true)
            .appendingPathComponent(fileName, isDirectory: true)
        let test = Self.sanitized(testName)
        let identifier = name.map(Self.sanitized) ?? String(Self.nextNumber(for: filePath + "#" + testName))
        let base = "\(test).\(identifier).\(pathExtension)"
        reference = folder.appendingPathComponent(base)
        let artifactsRoot =
            ProcessInfo.processInfo.environment[Self.artifactsVariable].flatMap { $0.isEmpty ? nil : $0 }
            ?? (NSTemporaryDirectory() + "pbrender-snapshot-artifacts")
        artifacts = URL(fileURLWithPath: artifactsRoot, isDirectory: true).appendingPathComponent(fileName)
    }

    /// A test name as a file name: `testRing()` → `testRing`, spaces and punctuation → `-`.
    static func sanitized(_ name: String) -> String {
        var result = name
        if let parenthesis = result.firstIndex(of: "(") { result = String(result[..<parenthesis]) }
        let allowed = result.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." ? $0 : "-" }
        return String(allowed).trimmingCharacters(in: CharacterSet(charactersIn: "-."))
    }

    private static let counters = Locked<[String: Int]>([:])

    private static func nextNumber(for key: String) -> Int {
        counters.withLock { counters in
            counters[key, default: 0] += 1
            return counters[key, default: 1]
        }
    }
}
