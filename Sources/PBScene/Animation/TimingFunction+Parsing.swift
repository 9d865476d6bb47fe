import PBStyle

extension TimingFunction {
    /// Reads a timing function: `linear`, `ease-in`, `ease-out`, `ease-in-out`, `default`, or
    /// `cubic-bezier(x1, y1, x2, y2)` with four CSS numbers separated by commas.
    ///
    /// Names are case-insensitive (as CSS keywords are); spaces are allowed around the text, the
    /// parentheses and the numbers. A number is an optional sign, digits with an optional
    /// fraction (or a fraction alone, `.5`) and an optional exponent (`1e-3`); `x1` and `x2`
    /// must be in 0...1.
    ///
    /// - Parameter text: the text, e.g. from `--timing`.
    /// - Throws: ``TimingFunctionParseError``: an unknown name (with the closest accepted one),
    ///   a missing parenthesis, the wrong count of numbers, a bad number, or an `x` out of range.
    /// - Complexity: O(n) in the length of `text`.
    public init(parsing text: String) throws(TimingFunctionParseError) {
        let trimmed = Self.trimmingSpaces(Substring(text))
        guard !trimmed.isEmpty else { throw TimingFunctionParseError(.empty, text: text) }
        let lowered = trimmed.lowercased()
        if let match = Self.named.first(where: { $0.name == lowered }) {
            self = match.function
            return
        }
        guard lowered.hasPrefix("cubic-bezier") else {
            let name = Self.trimmingSpaces(trimmed.prefix(while: { $0 != "(" }))
            throw TimingFunctionParseError(
                .unknownName(String(name), suggestion: Self.suggestion(for: name)), text: text)
        }
        let name = trimmed.prefix("cubic-bezier".count)
        let rest = trimmed[name.endIndex...].drop(while: \.isWhitespace)
        guard rest.first == "(" else { throw TimingFunctionParseError(.missingOpeningParenthesis, text: text) }
        guard let close = rest.firstIndex(of: ")") else {
            throw TimingFunctionParseError(.missingClosingParenthesis, text: text)
        }
        let after = rest[rest.index(after: close)...]
        guard after.allSatisfy(\.isWhitespace) else {
            throw TimingFunctionParseError(.trailingText(String(Self.trimmingSpaces(after))), text: text)
        }
        let arguments = rest[rest.index(after: rest.startIndex)..<close]
            .split(separator: ",", omittingEmptySubsequences: false).map { Self.trimmingSpaces($0) }
        if arguments.count == 1 && arguments[0].isEmpty {
            throw TimingFunctionParseError(.wrongNumberCount(0), text: text)
        }
        var numbers: [Double] = []
        for argument in arguments {
            guard let number = Self.cssNumber(argument) else {
                throw TimingFunctionParseError(.badNumber(String(argument)), text: text)
            }
            numbers.append(number)
        }
        guard numbers.count == 4 else { throw TimingFunctionParseError(.wrongNumberCount(numbers.count), text: text) }
        for index in [1, 2] where !(0...1).contains(numbers[2 * index - 2]) {
            throw TimingFunctionParseError(.xOutOfRange(index: index, value: numbers[2 * index - 2]), text: text)
        }
        self.init(uncheckedX1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3])
    }

    private static func trimmingSpaces(_ text: Substring) -> Substring {
        let start = text.drop(while: \.isWhitespace)
        return start.prefix(start.count - start.reversed().prefix(while: \.isWhitespace).count)
    }

    /// A CSS `<number>` as a finite `Double`, or `nil`: `[+-]? (digits ('.' digits)? | '.'
    /// digits) ([eE] [+-]? digits)?`.
    private static func cssNumber(_ text: Substring) -> Double? {
        let bytes = Array(text.utf8)
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        let whole = digits()
        var fraction = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            fraction = digits()
            guard fraction > 0 else { return nil }
        }
        guard whole + fraction > 0 else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { return nil }
        }
        guard index == bytes.count, let value = Double(String(text)), value.isFinite else { return nil }
        return value
    }

    /// Other spellings people reach for, by their letters alone (lowercased, without `-`, `_`
    /// and spaces): Core Animation's constant names and CSS's `ease`.
    private static let aliases: [String: String] = [
        "ease": "default", "easeineaseout": "ease-in-out", "kcamediatimingfunctiondefault": "default",
        "kcamediatimingfunctionlinear": "linear", "kcamediatimingfunctioneasein": "ease-in",
        "kcamediatimingfunctioneaseout": "ease-out", "kcamediatimingfunctioneaseineaseout": "ease-in-out",
        "bezier": "cubic-bezier", "cubicbezier": "cubic-bezier",
    ]

    /// The accepted text closest to an unknown `name`: a known alias (Core Animation's names,
    /// CSS's `ease`), or the closest name (see `NameSuggestion`).
    private static func suggestion(for name: Substring) -> String? {
        let letters = String(name.lowercased().filter { !"-_ ".contains($0) })
        if let alias = aliases[letters] { return alias }
        return NameSuggestion.closest(to: String(name), among: names)
            ?? NameSuggestion.closest(to: letters, among: names.map { $0.filter { $0 != "-" } }).flatMap { bare in
                names.first { $0.filter { $0 != "-" } == bare }
            }
    }

    /// The names accepted, and `cubic-bezier`: for front ends that suggest the closest.
    public static var names: [String] { named.map(\.name) + ["cubic-bezier"] }
}
