import Foundation
import PBTestSupport
import Testing

/// libmicrohttpd, libxml2 and Pango are loaded when a command needs them, not with every process
/// (CDynamicLibrary): the tool links none of them, a ring loads none of them, and each loads for
/// what needs it. The dynamic linker says what it loads (`LD_DEBUG=files`).
@Suite struct LazyLibraryTests {
    /// The libraries loaded on demand, with those they bring: none of them is linked.
    static let lazyLibraries = [
        "libmicrohttpd", "libgnutls", "libxml2", "libicuuc", "libpango-1.0", "libpangocairo-1.0", "libpangoft2-1.0",
        "libharfbuzz", "libgobject-2.0", "libglib-2.0",
    ]

    /// The file names of the shared objects a run of the tool loaded, as the dynamic linker
    /// reports them (`  1234:	file=libxml2.so.2 [0];  needed by …` or `… dynamically loaded by
    /// …`): the tool's own lines only, by its process id (the first line's), since `LD_DEBUG`
    /// reaches its children too (under AddressSanitizer, llvm-symbolizer, which loads libxml2).
    static func loadedLibraries(_ arguments: [String]) throws -> Set<String> {
        let outcome = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["LD_DEBUG=files", EndToEndTests.binary.path] + arguments,
            in: EndToEndTests.root)
        #expect(outcome.status == 0, "\(arguments): \(outcome.errorText.suffix(500))")
        var names: Set<String> = []
        var tool: Substring?
        for line in outcome.errorText.split(separator: "\n") {
            guard let start = line.range(of: "file="), let colon = line.firstIndex(of: ":") else { continue }
            let process = line[..<colon].drop { $0 == " " }
            tool = tool ?? process
            guard process == tool else { continue }
            let name = line[start.upperBound...].prefix { $0 != " " && $0 != "\t" && $0 != "[" }
            names.insert(String(name.split(separator: "/").last ?? name))
        }
        return names
    }

    /// Whether `libraries` holds a library whose file name starts with `name` and a `.so`.
    static func holds(_ libraries: Set<String>, _ name: String) -> Bool {
        libraries.contains { $0.hasPrefix(name + ".so") }
    }

    @Test func theToolLinksNoneOfThem() throws {
        let dynamic = try ChildProcess.output(of: "readelf", ["--dynamic", EndToEndTests.binary.path])
        let needed = String(decoding: dynamic, as: UTF8.self).split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(needed.contains { $0.contains("libcairo.so") }, "the check reads the NEEDED entries")
        for library in Self.lazyLibraries {
            #expect(!needed.contains { $0.contains("[\(library).so") }, "\(library) is linked")
        }
    }

    @Test func aRingLoadsNoneOfThem() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lazy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let loaded = try Self.loadedLibraries([
            "--progress", "0.5", "-o", directory.appendingPathComponent("r.png").path,
        ])
        #expect(Self.holds(loaded, "libcairo"), "the check sees what is loaded: \(loaded.sorted())")
        for library in Self.lazyLibraries {
            #expect(!Self.holds(loaded, library), "\(library) was loaded for a ring")
        }
    }

    @Test func aLabelLoadsPangoAndADocumentLibxml2() throws {
        let label = try Self.loadedLibraries(["--progress", "0.42", "--label", "percent", "-o", "-", "--force"])
        #expect(Self.holds(label, "libpangocairo-1.0") && Self.holds(label, "libpango-1.0"))
        #expect(!Self.holds(label, "libxml2") && !Self.holds(label, "libmicrohttpd"))

        let document = try Self.loadedLibraries(["measure", "--path", "Examples/check.svg"])
        #expect(Self.holds(document, "libxml2"))
        #expect(!Self.holds(document, "libpango-1.0") && !Self.holds(document, "libmicrohttpd"))
    }
}
