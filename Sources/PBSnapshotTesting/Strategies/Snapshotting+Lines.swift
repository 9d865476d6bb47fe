extension Diffing where Value == String {
    /// Text stored as UTF-8 and compared line by line; a failure shows the first lines that
    /// differ.
    public static var lines: Diffing {
        Diffing(
            toData: { Array($0.utf8) },
            fromData: { String(decoding: $0, as: UTF8.self) },
            diff: { reference, actual in
                guard reference != actual else { return nil }
                let (old, new) = (
                    reference.split(separator: "\n", omittingEmptySubsequences: false),
                    actual.split(separator: "\n", omittingEmptySubsequences: false)
                )
                let first =
                    zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    ?? min(old.count, new.count)
                let shown = { (lines: [Substring]) in first < lines.count ? String(lines[first]) : "(no line)" }
                return SnapshotDifference(
                    message: "line \(first + 1) differs (\(old.count) lines in the reference, \(new.count) now)\n"
                        + "  − \(shown(old))\n  + \(shown(new))")
            })
    }
}

extension Snapshotting where Value == String, Format == String {
    /// The text itself, in a `.txt` file.
    public static var lines: Snapshotting {
        Snapshotting(pathExtension: "txt", diffing: .lines) { $0 }
    }
}
