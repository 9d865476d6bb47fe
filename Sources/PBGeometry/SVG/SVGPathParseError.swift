/// Why SVG path data could not be read, and where: the byte offset, and the line and column.
public struct SVGPathParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// The data does not begin with a move (`M` or `m`); `found` is what it begins with.
        case missingMoveTo(found: Character)
        /// A character that is neither a command letter nor part of a number where one of
        /// those was expected.
        case unexpectedCharacter(Character)
        /// A number (coordinate, radius, angle) was expected for `command`.
        case expectedNumber(command: Character)
        /// An arc flag (`0` or `1`) was expected for `command`.
        case expectedFlag(command: Character)
        /// An exponent marker (`e` or `E`) is not followed by digits.
        case missingExponentDigits
        /// A number too large to be represented (it overflows a `Double`).
        case numberOutOfRange
        /// A point whose numbers are in range but which is not: a relative coordinate added to
        /// the current point, or a control point reflected through it (`S`, `T`), overflows a
        /// `Double`. The offset is that of the command's arguments.
        case pointOutOfRange
        /// The data is longer than the limit (``SVGPathDataLimits/maximumLength``), in bytes;
        /// the offset is the limit's.
        case dataTooLong(length: Int, limit: Int)
        /// The path would have more segments than the limit
        /// (``SVGPathDataLimits/maximumSegmentCount``); the offset is that of the command
        /// arguments that go past it.
        case tooManySegments(limit: Int)
        /// The path would have more subpaths than the limit
        /// (``SVGPathDataLimits/maximumSubpathCount``); the offset is that of the arguments of
        /// the command that starts the one past it.
        case tooManySubpaths(limit: Int)
    }

    /// What went wrong.
    public var kind: Kind
    /// The offset in UTF-8 bytes from the start of the path data (0-based).
    public var offset: Int
    /// The line of the offset (1-based); lines end at LF, CR or CR LF.
    public var line: Int
    /// The column of the offset in characters (1-based).
    public var column: Int

    /// Creates an error.
    public init(kind: Kind, offset: Int, line: Int, column: Int) {
        self.kind = kind
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// What went wrong, in words, without the location.
    public var reason: String {
        switch kind {
        case .missingMoveTo(let found):
            "path data must begin with a move command ('M' or 'm'), not \(quoted(found))"
        case .unexpectedCharacter(let character):
            "unexpected \(quoted(character)), expected a command letter or a number"
        case .expectedNumber(let command):
            "expected a number for the '\(command)' command"
        case .expectedFlag(let command):
            "expected an arc flag ('0' or '1') for the '\(command)' command"
        case .missingExponentDigits:
            "expected digits after the exponent 'e'"
        case .numberOutOfRange:
            "number out of range (too large for a double)"
        case .pointOutOfRange:
            "point out of range: added to the current point, or reflected through it, it overflows a double"
        case .dataTooLong(let length, let limit):
            "the path data is \(length) bytes long, more than the limit of \(limit) bytes"
        case .tooManySegments(let limit):
            "the path has more than \(limit) segments, the limit"
        case .tooManySubpaths(let limit):
            "the path has more than \(limit) subpaths, the limit"
        }
    }

    /// One sentence: what went wrong and where, e.g. `expected a number for the 'L' command at
    /// offset 12 (line 1, column 13)`.
    public var description: String {
        "\(reason) at offset \(offset) (line \(line), column \(column))"
    }

    private func quoted(_ character: Character) -> String {
        character == "\0" ? "the end of the data" : "'\(character)'"
    }
}
