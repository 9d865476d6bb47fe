import PBGeometry

/// A length as SVG writes it: a number with an optional unit, resolved to user units (CSS
/// pixels) against a viewport.
///
/// Absolute units by CSS's fixed ratios (`1in = 96px = 2.54cm = 25.4mm = 101.6Q = 72pt = 6pc`);
/// `em` is the element's font size and `ex` half of it (as librsvg takes it: fonts are not read);
/// percentages of the viewport's width for horizontal lengths, of its height for vertical ones,
/// and of its normalized diagonal `√((w² + h²) / 2)` for the others (radii, stroke widths).
struct SVGLength: Hashable {
    /// Which dimension of the viewport a percentage refers to.
    enum Direction {
        case horizontal, vertical, other
    }

    var value: Double
    var unit: String

    /// User units per unit.
    static let units: [String: Double] = [
        "": 1, "px": 1, "in": 96, "cm": 96 / 2.54, "mm": 96 / 25.4, "q": 96 / 101.6, "pt": 96.0 / 72,
        "pc": 16,
    ]

    /// The length in user units; `fontSize` is what `em` is (`ex` is half of it).
    func resolved(in viewport: Size, _ direction: Direction, fontSize: Double) -> Double {
        if unit == "em" { return value * fontSize }
        if unit == "ex" { return value * fontSize / 2 }
        guard unit == "%" else { return value * (Self.units[unit] ?? 1) }
        let reference =
            switch direction {
            case .horizontal: viewport.width
            case .vertical: viewport.height
            case .other: ((viewport.width * viewport.width + viewport.height * viewport.height) / 2).squareRoot()
            }
        return value / 100 * reference
    }

    init(value: Double, unit: String) {
        self.value = value
        self.unit = unit
    }

    enum Failure: Error {
        case invalid
        case unknownUnit(String)
    }

    /// Reads one length, the whole text (white space around it allowed).
    init(parsing text: String) throws(Failure) {
        var scanner = ValueScanner(text)
        scanner.skipSpaces()
        guard let length = try Self.read(&scanner) else { throw .invalid }
        scanner.skipSpaces()
        guard scanner.isAtEnd else { throw .invalid }
        self = length
    }

    /// Reads a length at the scanner's index, or `nil` when no number is there.
    static func read(_ scanner: inout ValueScanner) throws(Failure) -> SVGLength? {
        guard let value = scanner.number() else { return nil }
        let unit = scanner.unit()
        let lowered = unit.lowercased()
        guard units[lowered] != nil || unit == "%" || lowered == "em" || lowered == "ex" else {
            throw .unknownUnit(unit)
        }
        return SVGLength(value: value, unit: unit == "%" ? unit : unit.lowercased())
    }

    /// Reads a list of lengths separated by white space and/or commas (`stroke-dasharray`).
    static func list(parsing text: String) throws(Failure) -> [SVGLength] {
        var scanner = ValueScanner(text)
        var result: [SVGLength] = []
        scanner.skipSpaces()
        while !scanner.isAtEnd {
            guard let length = try read(&scanner) else { throw .invalid }
            result.append(length)
            scanner.skipSeparator()
        }
        return result
    }
}
