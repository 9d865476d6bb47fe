import Foundation
import Testing

/// A `pbrender …` line of a document's `sh` block, and the document.
struct DocumentedCommand: Sendable, CustomTestStringConvertible {
    /// The document's path from the package's root.
    var document: String
    /// The command's words, `pbrender` first.
    var words: [String]

    var testDescription: String { "\(document): \(words.joined(separator: " "))" }
}

/// Every `pbrender …` command in the README, `Examples/README.md` and every DocC article runs, as
/// written, with the real binary.
@Suite struct ReadmeTests {
    /// The documents whose commands are run: the README, the examples' and every DocC article.
    static let documents: [String] = {
        let root = EndToEndTests.root
        let sources = root.appendingPathComponent("Sources")
        let catalogs =
            ((try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []).flatMap { module in
                let catalog = "Sources/\(module)/\(module).docc"
                let articles =
                    (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(catalog).path))
                    ?? []
                return articles.filter { $0.hasSuffix(".md") }.map { "\(catalog)/\($0)" }
            }
        return ["README.md", "Examples/README.md"] + catalogs.sorted()
    }()

    /// The `pbrender` lines of the documents' `sh` blocks, split into arguments as the shell would
    /// (single quotes; `# …` comments dropped). `pbrender serve`, which runs until it is stopped,
    /// is in a `bash` block: ServeProcessTests start and stop it.
    static let commands: [DocumentedCommand] = documents.flatMap { document in
        let text =
            (try? String(contentsOf: EndToEndTests.root.appendingPathComponent(document), encoding: .utf8)) ?? ""
        var commands: [DocumentedCommand] = []
        var inShell = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inShell = line == "```sh"
                continue
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard inShell, trimmed.hasPrefix("pbrender ") else { continue }
            commands.append(DocumentedCommand(document: document, words: shellWords(trimmed)))
        }
        return commands
    }

    static func shellWords(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        var inWord = false
        for character in line {
            if character == "'" {
                quoted.toggle()
                inWord = true
            } else if character == "#" && !quoted && !inWord {
                break
            } else if character == " " && !quoted {
                if inWord { words.append(word) }
                (word, inWord) = ("", false)
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }

    @Test func theDocumentsHaveCommands() {
        let inReadme = Self.commands.filter { $0.document == "README.md" }.map(\.words)
        #expect(inReadme.count >= 6)
        #expect(
            inReadme.contains(["pbrender", "badge", "--title", "coverage", "--progress", "0.87", "-o", "coverage.svg"]))
        #expect(Self.commands.count >= 40)
        #expect(Self.documents.contains("Sources/PBCommandLine/PBCommandLine.docc/CommandLineGuide.md"))
    }

    @Test("The products the README's package snippet depends on are products of Package.swift")
    func packageSnippetNamesProducts() throws {
        let root = EndToEndTests.root
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let products = readme.split(separator: ".product(name: \"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(products.count >= 2)
        for product in products {
            #expect(manifest.contains(".library(name: \"\(product)\""), "no library product '\(product)'")
        }
    }

    @Test(arguments: commands)
    func runs(documented: DocumentedCommand) throws {
        let command = documented.words
        // A scratch directory that sees the repository's Examples/.
        let directory = URL(fileURLWithPath: NSTemporaryDirectory() + "pbrender-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createSymbolicLink(
            at: directory.appendingPathComponent("Examples"),
            withDestinationURL: EndToEndTests.root.appendingPathComponent("Examples"))
        let outcome = try EndToEndTests.run(Array(command.dropFirst()), in: directory)
        #expect(outcome.status == 0, "\(command.joined(separator: " ")): \(outcome.error)")
        if let index = command.firstIndex(of: "-o"), index + 1 < command.count, !command[index + 1].contains("%") {
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(command[index + 1]).path))
        }
    }
}
