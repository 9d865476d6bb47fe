/// The candidate closest to a mistyped `word` (case-insensitive edit distance at most 2, or at
/// most a third of the word), for "did you mean …?" hints.
func suggestion(for word: String, among candidates: [String]) -> String? {
    let lowered = Array(word.lowercased())
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
        let distance = editDistance(lowered, Array(candidate.lowercased()))
        if distance <= max(2, lowered.count / 3), distance < best?.distance ?? .max {
            best = (candidate, distance)
        }
    }
    return best?.candidate
}

/// " (did you mean 'x'?)" or "".
func didYouMean(_ word: String, among candidates: [String]) -> String {
    suggestion(for: word, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
}

/// The Levenshtein distance between two character arrays.
private func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
        var current = [i + 1] + Array(repeating: 0, count: b.count)
        for (j, y) in b.enumerated() {
            current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
