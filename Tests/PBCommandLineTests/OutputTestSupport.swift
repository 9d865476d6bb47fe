import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A fresh temporary folder for a test of writing files, removed when the test ends.
final class ScratchFolder {
    let path: String

    init(_ name: String = #function) throws {
        path = NSTemporaryDirectory() + "pbrender-scratch-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of `name` in the folder.
    func callAsFunction(_ name: String) -> String { path + "/" + name }

    /// The names in the folder (or a subfolder), hidden ones too.
    func files(_ subfolder: String? = nil) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: subfolder.map(callAsFunction) ?? path).sorted()
    }

    /// The bytes of `name`, or nil when it cannot be read.
    func bytes(_ name: String) -> [UInt8]? {
        (try? Data(contentsOf: URL(fileURLWithPath: callAsFunction(name)))).map(Array.init)
    }

    /// Creates `name` with `text`.
    func create(_ name: String, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try #require(
            FileManager.default.createFile(atPath: callAsFunction(name), contents: Data(text.utf8)),
            sourceLocation: sourceLocation)
    }

    /// Creates the folder `name`.
    func createFolder(_ name: String) throws {
        try FileManager.default.createDirectory(atPath: callAsFunction(name), withIntermediateDirectories: true)
    }

    /// `lstat` of `name`.
    func status(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> stat {
        var status = stat()
        try #require(lstat(callAsFunction(name), &status) == 0, "lstat '\(name)'", sourceLocation: sourceLocation)
        return status
    }
}
