import PBJob

/// Lays out help in the fixed shape of swift-argument-parser: `OVERVIEW`, `USAGE`, the options
/// by section, then free paragraphs, wrapped to 80 columns.
enum HelpFormatter {
    static let width = 80
    static let labelColumn = 2
    static let helpColumn = 28

    /// A command's help: its options listed under their sections, the sections in the order the
    /// options first name them, with `-h, --help` last.
    static func help<Root>(overview: String, usage: String, options: [Option<Root>], discussion: String) -> String {
        // The overview wraps under itself, as the options' help does.
        let overviewLines = wrap(overview, width: width - 10).joined(separator: "\n          ")
        var out = "OVERVIEW: \(overviewLines)\n\nUSAGE: \(usage)\n"
        var sections: [String] = []
        for option in options where !sections.contains(option.section) { sections.append(option.section) }
        for section in sections {
            let rows = options.filter { $0.section == section }.map { ($0.label, $0.help) }
            guard !rows.isEmpty else { continue }
            out += "\n\(section):\n" + table(rows)
        }
        out += "\nHELP:\n" + table([("-h, --help", "Show this help.")])
        if !discussion.isEmpty { out += "\n" + discussion + "\n" }
        return out
    }

    /// Two columns: labels at `labelColumn`, wrapped text at `helpColumn` (on the next line
    /// when the label is too long).
    static func table(_ rows: [(label: String, text: String)]) -> String {
        var out = ""
        for (label, text) in rows {
            let indent = String(repeating: " ", count: helpColumn)
            var first = String(repeating: " ", count: labelColumn) + label
            if first.count + 2 > helpColumn {
                out += first + "\n"
                first = indent
            } else {
                first += String(repeating: " ", count: helpColumn - first.count)
            }
            let lines = wrap(text, width: width - helpColumn)
            for (index, line) in lines.enumerated() {
                out += (index == 0 ? first : indent) + line + "\n"
            }
        }
        return out
    }

    /// Splits `text` into lines of at most `width` characters at spaces.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
