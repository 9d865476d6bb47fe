/// A printf-style file name pattern for frames, such as `frame-%03d.png`: exactly one `%d`
/// directive (with optional `0` flag and width), and `%%` for a literal percent sign.
package struct FramePattern: Sendable {
    private let prefix: String
    private let suffix: String
    private let width: Int
    private let zeroPadded: Bool

    /// Reads a pattern.
    ///
    /// - Throws: a usage error when the pattern has no `%d` directive, more than one, or any
    ///   other `%` directive.
    package init(_ pattern: String) throws(CommandLineError) {
        var prefix = ""
        var suffix = ""
        var directive: (width: Int, zero: Bool)?
        var characters = pattern[...]
        while let character = characters.popFirst() {
            guard character == "%" else {
                if directive == nil { prefix.append(character) } else { suffix.append(character) }
                continue
            }
            if characters.first == "%" {
                characters.removeFirst()
                if directive == nil { prefix.append("%") } else { suffix.append("%") }
                continue
            }
            let zero = characters.first == "0"
            let digits = characters.prefix(while: \.isNumber)
            characters.removeFirst(digits.count)
            guard characters.popFirst() == "d", directive == nil, let width = Int(digits.isEmpty ? "0" : digits),
                width <= 12
            else {
                throw .input(
                    "the frame pattern '\(pattern)' must contain exactly one %d (like 'frame-%03d.png'), and %% for a percent sign"
                )
            }
            directive = (width, zero)
        }
        guard let directive else {
            throw .input("the frame pattern '\(pattern)' has no %d for the frame number (like 'frame-%03d.png')")
        }
        (self.prefix, self.suffix, self.width, self.zeroPadded) = (prefix, suffix, directive.width, directive.zero)
    }

    /// The file name of frame `number`.
    package func fileName(_ number: Int) -> String {
        let digits = String(number)
        let padding = String(repeating: zeroPadded ? "0" : " ", count: max(0, width - digits.count))
        return prefix + padding + digits + suffix
    }
}
