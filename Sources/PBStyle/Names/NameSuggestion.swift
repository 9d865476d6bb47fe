/// "Did you mean …?" hints for names typed wrong: shapes, colours, options, timing functions.
public enum NameSuggestion {
    /// The candidate closest to a mistyped `word`: the smallest case-insensitive edit distance
    /// (insertions, deletions, substitutions and swaps of neighbours each count one), at most a
    /// third of the word's length and at least 1, so `rnig` finds `ring` and `gif` finds nothing
    /// among `png`, `svg` and `pdf`.
    ///
    /// - Complexity: O(n × m) per candidate, for words of n and m characters.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let lowered = Array(word.lowercased())
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, Array(candidate.lowercased()))
            if distance <= max(1, lowered.count / 3), distance < best?.distance ?? .max {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// " (did you mean 'x'?)" for the closest candidate, or "" when none is close.
    public static func hint(for word: String, among candidates: [String]) -> String {
        closest(to: word, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }
}

/// The optimal-string-alignment distance between two character arrays: Levenshtein's, with a
/// swap of two neighbouring characters counting one.
private func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + [Int](repeating: 0, count: b.count)
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                current[j] = min(current[j], before[j - 2] + 1)
            }
        }
        (before, previous) = (previous, current)
    }
    return previous[b.count]
}
