/// Reads SVG path data (the `d` attribute) into a ``Path``: every command of SVG 1.1 and 2
/// (`M L H V C S Q T A Z`, absolute and relative), implicit repetition (pairs after a move are
/// lines), compact numbers (`M10-20`, `M.5.5`, exponents), arc flags without separators, the
/// `S`/`T` reflection rules, relative commands after `Z`, and out-of-range arc radii handled as
/// the specification's implementation notes say.
///
/// Unlike a browser, which draws up to the first error, the parser reports the first error
/// with its offset, line and column.
struct SVGPathParser {
    private let bytes: [UInt8]
    private var index = 0
    private var path = Path()
    /// The command being read, for messages.
    private var command: UInt8 = 0
    /// The second control point of the last cubic (for `S`) or the control point of the last
    /// quadratic (for `T`); `nil` when the last command was of the other kind.
    private var lastCubicControl: Point?
    private var lastQuadControl: Point?
    /// What the data may hold.
    private let limits: SVGPathDataLimits
    /// The segments and subpaths of `path` so far, and how many of its elements were counted.
    private var segmentCount = 0
    private var subpathCount = 0
    private var countedElements = 0

    init(_ text: String, limits: SVGPathDataLimits = .default) {
        self.limits = limits
        bytes = Array(text.utf8)
    }

    mutating func parse() throws(SVGPathParseError) -> Path {
        guard bytes.count <= limits.maximumLength else {
            throw error(.dataTooLong(length: bytes.count, limit: limits.maximumLength), at: limits.maximumLength)
        }
        skipWhitespace()
        guard index < bytes.count else { return path }
        if bytes[index] != UInt8(ascii: "M") && bytes[index] != UInt8(ascii: "m") {
            throw error(.missingMoveTo(found: character(at: index)))
        }
        while index < bytes.count {
            let letter = bytes[index]
            guard Self.isCommand(letter) else {
                throw error(.unexpectedCharacter(character(at: index)))
            }
            index += 1
            command = letter
            try readCommand(letter)
            skipWhitespace()
        }
        return path
    }

    // MARK: Commands

    private mutating func readCommand(_ letter: UInt8) throws(SVGPathParseError) {
        let relative = letter >= UInt8(ascii: "a")
        let upper = relative ? letter - 32 : letter
        if upper == UInt8(ascii: "Z") {
            path.closeSubpath()
            (lastCubicControl, lastQuadControl) = (nil, nil)
            try countElements(from: index - 1)
            return
        }
        var isRepeat = false
        repeat {
            if isRepeat { skipCommaWhitespace() }
            let start = index
            try readArguments(upper, relative: relative, isRepeat: isRepeat)
            try countElements(from: start)
            isRepeat = true
        } while startsNumber()
    }

    /// Counts the elements added to `path` since the last count, and fails when the segments or
    /// subpaths go past the limits; `offset` is where what added them begins. O(1) amortized.
    private mutating func countElements(from offset: Int) throws(SVGPathParseError) {
        let elements = path.elements
        while countedElements < elements.count {
            if case .move = elements[countedElements] { subpathCount += 1 } else { segmentCount += 1 }
            countedElements += 1
        }
        guard segmentCount <= limits.maximumSegmentCount else {
            throw error(.tooManySegments(limit: limits.maximumSegmentCount), at: skippingWhitespace(from: offset))
        }
        guard subpathCount <= limits.maximumSubpathCount else {
            throw error(.tooManySubpaths(limit: limits.maximumSubpathCount), at: skippingWhitespace(from: offset))
        }
    }

    /// The first offset from `offset` on that is not whitespace (or the end).
    private func skippingWhitespace(from offset: Int) -> Int {
        var offset = offset
        while offset < bytes.count && Self.isWhitespace(bytes[offset]) { offset += 1 }
        return offset
    }

    /// Reads one set of arguments of command `upper` and adds its segment; `isRepeat` when an
    /// earlier set of the same command came before (pairs after a move's first are lines).
    private mutating func readArguments(_ upper: UInt8, relative: Bool, isRepeat: Bool)
        throws(SVGPathParseError)
    {
        let current = path.currentPoint ?? .zero
        let origin = relative ? current : .zero
        // Finite numbers can still make a point that is not: a relative coordinate added to
        // the current point, or a control point reflected through it, can overflow.
        let argumentsStart = index
        func finite(_ point: Point) throws(SVGPathParseError) -> Point {
            guard point.isFinite else {
                var offset = argumentsStart
                while offset < bytes.count && Self.isWhitespace(bytes[offset]) { offset += 1 }
                throw error(.pointOutOfRange, at: offset)
            }
            return point
        }
        func point(_ x: Double, _ y: Double) throws(SVGPathParseError) -> Point {
            try finite(Point(x: origin.x + x, y: origin.y + y))
        }
        var cubicControl: Point?
        var quadControl: Point?
        switch upper {
        case UInt8(ascii: "M"):
            let p = try point(try number(), try number(first: false))
            if isRepeat { path.addLine(to: p) } else { path.move(to: p) }
        case UInt8(ascii: "L"):
            path.addLine(to: try point(try number(), try number(first: false)))
        case UInt8(ascii: "H"):
            let x = try number()
            path.addLine(to: try finite(Point(x: relative ? current.x + x : x, y: current.y)))
        case UInt8(ascii: "V"):
            let y = try number()
            path.addLine(to: try finite(Point(x: current.x, y: relative ? current.y + y : y)))
        case UInt8(ascii: "C"):
            let c1 = try point(try number(), try number(first: false))
            let c2 = try point(try number(first: false), try number(first: false))
            let end = try point(try number(first: false), try number(first: false))
            path.addCurve(to: end, control1: c1, control2: c2)
            cubicControl = c2
        case UInt8(ascii: "S"):
            let c2 = try point(try number(), try number(first: false))
            let end = try point(try number(first: false), try number(first: false))
            let c1 = try finite(lastCubicControl.map { current + (current - $0) } ?? current)
            path.addCurve(to: end, control1: c1, control2: c2)
            cubicControl = c2
        case UInt8(ascii: "Q"):
            let c = try point(try number(), try number(first: false))
            let end = try point(try number(first: false), try number(first: false))
            path.addQuadCurve(to: end, control: c)
            quadControl = c
        case UInt8(ascii: "T"):
            let end = try point(try number(), try number(first: false))
            let c = try finite(lastQuadControl.map { current + (current - $0) } ?? current)
            path.addQuadCurve(to: end, control: c)
            quadControl = c
        default:  // "A"
            let rx = try number()
            let ry = try number(first: false)
            let rotation = try number(first: false)
            let large = try flag()
            let sweep = try flag()
            let end = try point(try number(first: false), try number(first: false))
            path.addEllipticalArc(
                to: end, radiusX: rx, radiusY: ry, xAxisRotation: .degrees(rotation), isLargeArc: large,
                isClockwise: sweep)
        }
        (lastCubicControl, lastQuadControl) = (cubicControl, quadControl)
    }

    // MARK: Tokens

    private static func isCommand(_ byte: UInt8) -> Bool {
        switch byte | 0x20 {
        case UInt8(ascii: "m"), UInt8(ascii: "z"), UInt8(ascii: "l"), UInt8(ascii: "h"),
            UInt8(ascii: "v"), UInt8(ascii: "c"), UInt8(ascii: "s"), UInt8(ascii: "q"),
            UInt8(ascii: "t"), UInt8(ascii: "a"):
            true
        default: false
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipWhitespace() {
        while index < bytes.count && Self.isWhitespace(bytes[index]) { index += 1 }
    }

    /// Skips SVG's `comma-wsp`: whitespace, at most one comma, whitespace.
    private mutating func skipCommaWhitespace() {
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: ",") {
            index += 1
            skipWhitespace()
        }
    }

    /// Whether another set of arguments follows (after an optional separator).
    private func startsNumber() -> Bool {
        var i = index
        while i < bytes.count && Self.isWhitespace(bytes[i]) { i += 1 }
        if i < bytes.count && bytes[i] == UInt8(ascii: ",") { return true }
        guard i < bytes.count else { return false }
        let b = bytes[i]
        return Self.isDigit(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: ".")
    }

    /// Reads a flag (`0` or `1`, a single character), after a separator.
    private mutating func flag() throws(SVGPathParseError) -> Bool {
        skipCommaWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "0") || bytes[index] == UInt8(ascii: "1")
        else { throw error(.expectedFlag(command: Character(UnicodeScalar(command)))) }
        index += 1
        return bytes[index - 1] == UInt8(ascii: "1")
    }

    /// Reads a number; all but the first of a command's arguments may be preceded by a
    /// separator.
    private mutating func number(first: Bool = true) throws(SVGPathParseError) -> Double {
        if first { skipWhitespace() } else { skipCommaWhitespace() }
        let start = index
        var i = index
        var negative = false
        if i < bytes.count && (bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+")) {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        let unsignedStart = i
        // Significant digits as an integer (while exact), and the decimal exponent.
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        var sawDigit = false
        while i < bytes.count && Self.isDigit(bytes[i]) {
            accumulate(bytes[i], into: &mantissa, digits: &significantDigits, exponent: &exponent, fraction: false)
            sawDigit = true
            i += 1
        }
        if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < bytes.count && Self.isDigit(bytes[i]) {
                accumulate(bytes[i], into: &mantissa, digits: &significantDigits, exponent: &exponent, fraction: true)
                sawDigit = true
                i += 1
            }
        }
        guard sawDigit else {
            throw error(.expectedNumber(command: Character(UnicodeScalar(command))), at: start)
        }
        if i < bytes.count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
            var j = i + 1
            var exponentNegative = false
            if j < bytes.count && (bytes[j] == UInt8(ascii: "-") || bytes[j] == UInt8(ascii: "+")) {
                exponentNegative = bytes[j] == UInt8(ascii: "-")
                j += 1
            }
            guard j < bytes.count && Self.isDigit(bytes[j]) else {
                throw error(.missingExponentDigits, at: i)
            }
            var written = 0
            while j < bytes.count && Self.isDigit(bytes[j]) {
                written = min(written * 10 + Int(bytes[j] - UInt8(ascii: "0")), 100_000)
                j += 1
            }
            exponent += exponentNegative ? -written : written
            i = j
        }
        index = i
        let value =
            Self.fastValue(mantissa: mantissa, digits: significantDigits, exponent: exponent)
            ?? Double(String(decoding: bytes[unsignedStart..<i], as: UTF8.self)) ?? .nan
        guard value.isFinite else { throw error(.numberOutOfRange, at: start) }
        return negative ? -value : value
    }

    private func accumulate(
        _ byte: UInt8, into mantissa: inout UInt64, digits: inout Int, exponent: inout Int, fraction: Bool
    ) {
        let digit = UInt64(byte - UInt8(ascii: "0"))
        if digits == 0 && digit == 0 {
            if fraction { exponent -= 1 }
            return
        }
        if digits < 19 {
            mantissa = mantissa * 10 + digit
            digits += 1
            if fraction { exponent -= 1 }
        } else {
            digits += 1
            if !fraction { exponent += 1 }
        }
    }

    /// The correctly rounded value when the mantissa and the power of ten are both exact
    /// doubles (Clinger's fast path); `nil` otherwise.
    private static func fastValue(mantissa: UInt64, digits: Int, exponent: Int) -> Double? {
        guard digits <= 15, mantissa < (1 << 53), abs(exponent) <= 22 else {
            return digits == 0 ? 0 : nil
        }
        let m = Double(mantissa)
        return exponent < 0 ? m / powersOfTen[-exponent] : m * powersOfTen[exponent]
    }

    private static let powersOfTen: [Double] = (0...22).map { n in
        (0..<n).reduce(1.0) { value, _ in value * 10 }
    }

    // MARK: Errors

    private func character(at offset: Int) -> Character {
        guard offset < bytes.count else { return "\0" }
        var end = offset + 1
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[offset..<end], as: UTF8.self).first ?? "\u{FFFD}"
    }

    private func error(_ kind: SVGPathParseError.Kind, at offset: Int? = nil) -> SVGPathParseError {
        let offset = offset ?? index
        var (line, column) = (1, 1)
        var i = 0
        while i < offset && i < bytes.count {
            let byte = bytes[i]
            if byte == 0x0A || (byte == 0x0D && (i + 1 >= bytes.count || bytes[i + 1] != 0x0A)) {
                (line, column) = (line + 1, 1)
            } else if byte & 0xC0 != 0x80 && byte != 0x0D {
                column += 1
            }
            i += 1
        }
        return SVGPathParseError(kind: kind, offset: offset, line: line, column: column)
    }
}

extension Path {
    /// Reads SVG path data (the `d` attribute of an SVG `<path>`).
    ///
    /// Empty data (or only whitespace) gives an empty path. Every command of SVG is read;
    /// arcs with a zero radius become lines and arcs that end where they start are dropped, as
    /// SVG specifies.
    ///
    /// Data beyond `limits` is refused (by default 4 MiB, 100,000 segments and 10,000 subpaths:
    /// ``SVGPathDataLimits/default``), so that data from anywhere cannot make a path that takes
    /// minutes and gigabytes to draw.
    ///
    /// - Parameters:
    ///   - svgPathData: the path data.
    ///   - limits: the most data, segments and subpaths read (default ``SVGPathDataLimits/default``).
    /// - Throws: ``SVGPathParseError`` for the first error, with its offset, line and column;
    ///   `.dataTooLong`, `.tooManySegments` or `.tooManySubpaths` beyond `limits`.
    /// - Complexity: O(n) in the length of the data.
    public init(svgPathData: String, limits: SVGPathDataLimits = .default) throws(SVGPathParseError) {
        var parser = SVGPathParser(svgPathData, limits: limits)
        self = try parser.parse()
    }
}
