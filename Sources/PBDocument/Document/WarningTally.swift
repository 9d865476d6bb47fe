/// A document's warnings gathered one per cause, in the order the causes were first met: a
/// document whose 658 `<use>`s each lack something says so once, with the count.
struct WarningTally {
    private struct Entry {
        var message: String
        var line: Int
        var count: Int
        /// The message for a count other than one, or `nil` to say "(N times)" after the first.
        var plural: ((Int) -> String)?
    }

    private var entries: [Entry] = []
    private var byCause: [String: Int] = [:]

    /// Notes `message` at `line`; a later one of the same `cause` (the message itself unless given)
    /// only counts.
    mutating func add(_ message: String, cause: String? = nil, line: Int) {
        note(cause ?? message, Entry(message: message, line: line, count: 1, plural: nil))
    }

    /// Notes one more element of kind `subject` (`<text>`) that `predicate` says something of, in
    /// the plural (`appear when …`): the warning reads `a <text> element: appears …`, or
    /// `3 <text> elements appear …`.
    mutating func count(_ subject: String, _ predicate: String, line: Int) {
        note(
            subject + predicate,
            Entry(
                message: "\(Self.article(subject)) \(subject) element \(Self.singular(predicate))", line: line,
                count: 1,
                plural: { "\($0) \(subject) elements \(predicate)" }))
    }

    private mutating func note(_ cause: String, _ entry: Entry) {
        if let index = byCause[cause] {
            entries[index].count += 1
        } else {
            byCause[cause] = entries.count
            entries.append(entry)
        }
    }

    /// `appear when … them …` in the singular: `appears when … it …`.
    /// `an` before a name that sounds a vowel first (`an <image>`), else `a`.
    private static func article(_ subject: String) -> String {
        subject.drop { $0 == "<" }.first.map { "aeiouAEIOU".contains($0) } == true ? "an" : "a"
    }

    private static func singular(_ predicate: String) -> String {
        var words = predicate.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        if let first = words.first { words[0] = first + "s" }
        let singulars = ["them": "it", "them:": "it:", "their": "its"]
        return words.map { singulars[$0] ?? $0 }.joined(separator: " ")
    }

    /// The warnings, one per cause, each with its count.
    func warnings(fileName: String?) -> [SVGDocumentWarning] {
        entries.map { entry in
            let message =
                entry.count == 1
                ? entry.message : entry.plural?(entry.count) ?? "\(entry.message) (\(entry.count) times)"
            return SVGDocumentWarning(message: message, fileName: fileName, line: entry.line)
        }
    }
}
