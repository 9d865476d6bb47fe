import Foundation
import Testing

/// Every `pbrender …` command in the README runs, as written, with the real binary.
@Suite struct ReadmeTests {
    /// The `pbrender` lines of the README's `sh` blocks, split into arguments as the shell would
    /// (single quotes; `# …` comments dropped). `pbrender serve`, which runs until it is stopped,
    /// is in a `bash` block: ServeProcessTests start and stop it.
    static let commands: [[String]] = {
        let readme =
            (try? String(contentsOf: EndToEndTests.root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        var commands: [[String]] = []
        var inShell = false
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inShell = line == "```sh"
                continue
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard inShell, trimmed.hasPrefix("pbrender ") else { continue }
            commands.append(shellWords(trimmed))
        }
        return commands
    }()

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

    @Test func theREADMEHasCommands() {
        #expect(Self.commands.count >= 8)
        #expect(Self.commands.contains(["pbrender", "--progress", "0.5", "-o", "ring.png"]))
    }

    @Test(arguments: commands)
    func runs(command: [String]) throws {
        // A scratch directory that sees the repository's Examples/.
        let directory = URL(fileURLWithPath: NSTemporaryDirectory() + "pbrender-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
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
