/// The words of an error message, with the options it names kept as names, so that each front end
/// writes them its own way (``OptionNaming``): `"give \(option: "progress", "P")"` reads
/// "give '--progress P'" on the command line and "give 'progress=P'" over HTTP.
///
/// Written as a string literal it is plain text; two sentences are equal when the command line
/// writes them alike.
public struct Sentence: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// A run of text, or an option named in it.
    package enum Piece: Hashable, Sendable {
        case text(String)
        /// `'--name VALUE'` (the value a placeholder, or `nil`).
        case quoted(name: String, value: String?)
        /// `option '--name'`.
        case named(String)
    }

    package var pieces: [Piece]

    /// Plain text.
    public init(stringLiteral text: String) {
        pieces = [.text(text)]
    }

    /// Plain text, as it is.
    public init(_ text: String) {
        pieces = [.text(text)]
    }

    /// Text with options named in it.
    public init(stringInterpolation: StringInterpolation) {
        pieces = stringInterpolation.pieces
    }

    /// The sentence with its options named as `naming` says.
    public func written(naming: OptionNaming) -> String {
        pieces.map { piece in
            switch piece {
            case .text(let text): text
            case .quoted(let name, let value): naming.quoted(name, value: value)
            case .named(let name): naming.named(name)
            }
        }.joined()
    }

    /// Two sentences, one after the other.
    public static func + (lhs: Sentence, rhs: Sentence) -> Sentence {
        var sentence = lhs
        sentence.pieces += rhs.pieces
        return sentence
    }

    /// The sentence as the command line writes it.
    public var description: String { written(naming: .commandLine) }

    public static func == (lhs: Sentence, rhs: Sentence) -> Bool { lhs.description == rhs.description }

    public func hash(into hasher: inout Hasher) { hasher.combine(description) }

    /// The pieces of an interpolated sentence.
    public struct StringInterpolation: StringInterpolationProtocol {
        package var pieces: [Piece] = []

        /// Room for the literal text.
        public init(literalCapacity: Int, interpolationCount: Int) {}

        /// Text as it is.
        public mutating func appendLiteral(_ literal: String) {
            pieces.append(.text(literal))
        }

        /// A value as `String(describing:)` writes it.
        public mutating func appendInterpolation(_ value: some Any) {
            pieces.append(.text(String(describing: value)))
        }

        /// An option, quoted: `'--progress'`, or with `value` a placeholder for its value,
        /// `'--progress P'`.
        public mutating func appendInterpolation(option name: String, _ value: String? = nil) {
            pieces.append(.quoted(name: name, value: value))
        }

        /// Options, quoted, as a list: `'--a', '--b' and '--c'` with `conjunction` "and"; with none,
        /// `'--a', '--b'`.
        public mutating func appendInterpolation(options names: [String], conjunction: String? = nil) {
            for (index, name) in names.enumerated() {
                if index > 0 {
                    let isLast = index == names.count - 1
                    pieces.append(.text(isLast ? conjunction.map { " \($0) " } ?? ", " : ", "))
                }
                pieces.append(.quoted(name: name, value: nil))
            }
        }

        /// An option with its noun: `option '--from'` (`parameter 'from'` over HTTP).
        public mutating func appendInterpolation(theOption name: String) {
            pieces.append(.named(name))
        }
    }
}
