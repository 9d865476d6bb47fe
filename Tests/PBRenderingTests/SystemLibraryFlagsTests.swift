import Foundation
import PBTestSupport
import Testing

/// The pkg-config flags of every system-library target in `Package.swift`: SwiftPM takes only
/// include folders, library folders, libraries and definitions from a dependency's pkg-config
/// files, and prints "warning: prohibited flag(s)" for anything else in every build of a package
/// that depends on this one (pangocairo's `-pthread` did, until CPango became a C target).
@Suite("System-library flags")
struct SystemLibraryFlagsTests {
    /// The flags SwiftPM allows from a dependency's pkg-config file, by prefix.
    static let allowedPrefixes = ["-I", "-L", "-l", "-D"]

    /// The flags of `flags` (pkg-config's output) that SwiftPM would refuse.
    static func prohibited(_ flags: String) -> [String] {
        flags.split(whereSeparator: \.isWhitespace).map(String.init).filter { flag in
            !allowedPrefixes.contains { flag.hasPrefix($0) }
        }
    }

    /// The names given as `pkgConfig:` in the package manifest.
    static func pkgConfigNames() throws -> [String] {
        let manifest = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        return text.matches(of: /pkgConfig: "([^"]+)"/).map { String($0.1) }
    }

    @Test("No system-library target brings a flag SwiftPM refuses in a dependency")
    func everyTargetsFlagsAreAllowed() throws {
        let names = try Self.pkgConfigNames()
        #expect(names.contains("cairo") && !names.contains("pangocairo") && !names.contains("libxml-2.0"))
        for name in names {
            let flags = String(
                decoding: try ChildProcess.output(of: "pkg-config", ["--cflags", "--libs", name]), as: UTF8.self)
            #expect(Self.prohibited(flags) == [], "pkg-config \(name)")
        }
    }

    @Test("The check bites: pangocairo's flags carry -pthread")
    func pangocairoCarriesPthread() throws {
        let flags = String(
            decoding: try ChildProcess.output(of: "pkg-config", ["--cflags", "pangocairo"]), as: UTF8.self)
        #expect(Self.prohibited(flags) == ["-pthread"])
    }
}
