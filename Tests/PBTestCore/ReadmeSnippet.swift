import Foundation

/// The README's Swift examples are test code: a test's body between `// README begin` and
/// `// README end` runs, and this checks the README shows exactly those lines.
public enum ReadmeSnippet {
    /// The package's root (the folder of `Package.swift` and `README.md`), from a test file
    /// anywhere below it.
    public static func root(of filePath: String) -> URL {
        var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while folder.path != "/",
            !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
        {
            folder.deleteLastPathComponent()
        }
        return folder
    }

    /// The lines of the test file at `filePath` between its markers, unindented by `indent`
    /// spaces.
    ///
    /// - Throws: when the file cannot be read; `nil` when it has no markers.
    public static func code(in filePath: String, indent: Int = 8) throws -> String? {
        let source = try String(contentsOf: URL(fileURLWithPath: filePath), encoding: .utf8)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        guard let begin = lines.firstIndex(where: { $0.hasSuffix("// README begin") }),
            let end = lines.firstIndex(where: { $0.hasSuffix("// README end") }), begin < end
        else { return nil }
        return lines[(begin + 1)..<end].map { $0.dropFirst(indent) }.joined(separator: "\n")
    }

    /// Whether a document (the README unless given: a path from the package's root, such as a
    /// DocC article) shows the marked code of the test file at `filePath` as a Swift block that
    /// starts with `import module` (or the lines of `imports`) and a blank line. The marked lines
    /// are unindented by `indent` spaces (8 for a test's body, 0 for a whole test at the top level).
    ///
    /// - Throws: when a file cannot be read.
    public static func isShown(
        from filePath: String, importing module: String, imports: [String] = [], in document: String = "README.md",
        indent: Int = 8
    ) throws -> Bool {
        guard let code = try code(in: filePath, indent: indent) else { return false }
        let text = try String(contentsOf: root(of: filePath).appendingPathComponent(document), encoding: .utf8)
        let header = (imports.isEmpty ? ["import \(module)"] : imports).joined(separator: "\n")
        return text.contains(header + "\n\n" + code + "\n```")
    }
}
