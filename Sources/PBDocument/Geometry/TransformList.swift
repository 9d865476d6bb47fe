import PBGeometry

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SVG's `transform` attribute: a list of `matrix(a b c d e f)`, `translate(x [y])`,
/// `scale(x [y])`, `rotate(a [cx cy])`, `skewX(a)`, `skewY(a)`, separated by white space and/or
/// commas, applied to points right to left (the last function first), angles in degrees.
///
/// The CSS `transform` property writes the same functions with units (`rotate(45deg)`,
/// `translate(10px, 5px)`) and adds `translateX`, `translateY`, `scaleX`, `scaleY` and `skew`;
/// with `css`, lengths may be in `px` and angles in `deg`, `rad`, `grad` or `turn`.
enum TransformList {
    /// The transform the list describes: from the element's coordinates to its parent's.
    ///
    /// - Parameters:
    ///   - text: the list.
    ///   - css: whether it is the CSS property's value (units allowed).
    /// - Returns: `nil` when the text is not a valid list (an unknown function, a wrong number
    ///   of arguments, a missing parenthesis, a unit where none belongs).
    static func parse(_ text: String, css: Bool = false) -> Transform? {
        var scanner = ValueScanner(text)
        var result = Transform.identity
        scanner.skipSpaces()
        while !scanner.isAtEnd {
            let start = scanner.index
            while let byte = scanner.current, (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) {
                scanner.index += 1
            }
            let name = String(decoding: scanner.bytes[start..<scanner.index], as: UTF8.self)
            scanner.skipSpaces()
            guard scanner.current == UInt8(ascii: "(") else { return nil }
            scanner.index += 1
            var arguments: [Double] = []
            scanner.skipSpaces()
            while scanner.current != UInt8(ascii: ")") {
                guard var value = scanner.number() else { return nil }
                if css {
                    let unit = scanner.unit().lowercased()
                    guard let factor = Self.cssUnits[unit] else { return nil }
                    value *= factor
                }
                arguments.append(value)
                scanner.skipSeparator()
            }
            scanner.index += 1
            guard let item = transform(css ? Self.svgName(name, &arguments) : name, arguments) else { return nil }
            // The list applies right to left: the item read last acts on points first.
            result = item.concatenating(result)
            scanner.skipSeparator()
        }
        // A trailing comma is an error, like a dangling function.
        if let last = scanner.bytes.last(where: { !ValueScanner.isSpace($0) }), last == UInt8(ascii: ",") {
            return nil
        }
        return result
    }

    /// CSS units in a transform function, by how much they multiply to SVG's (lengths in user
    /// units, angles in degrees).
    static let cssUnits: [String: Double] = ["": 1, "px": 1, "deg": 1, "rad": 180 / .pi, "grad": 0.9, "turn": 360]

    /// The SVG function a CSS one is, its arguments made SVG's (`translateX(x)` is
    /// `translate(x 0)`, `skew(a b)` is `matrix`'s).
    private static func svgName(_ name: String, _ arguments: inout [Double]) -> String {
        switch (name, arguments.count) {
        case ("translateX", 1):
            arguments = [arguments[0], 0]
            return "translate"
        case ("translateY", 1):
            arguments = [0, arguments[0]]
            return "translate"
        case ("scaleX", 1):
            arguments = [arguments[0], 1]
            return "scale"
        case ("scaleY", 1):
            arguments = [1, arguments[0]]
            return "scale"
        case ("skew", 1), ("skew", 2):
            let skewY = arguments.count == 2 ? tangent(degrees: arguments[1]) : 0
            arguments = [1, skewY, tangent(degrees: arguments[0]), 1, 0, 0]
            return "matrix"
        case ("rotate", 1), ("translate", _), ("scale", _), ("matrix", _), ("skewX", _), ("skewY", _):
            return name
        default:
            return ""  // CSS's rotate takes no centre; 3D functions are not drawn
        }
    }

    /// One function, or `nil` for an unknown name or a wrong number of arguments.
    static func transform(_ name: String, _ arguments: [Double]) -> Transform? {
        let count = arguments.count
        switch name {
        case "matrix" where count == 6:
            return Transform(
                a: arguments[0], b: arguments[1], c: arguments[2], d: arguments[3], tx: arguments[4],
                ty: arguments[5])
        case "translate" where count == 1 || count == 2:
            return Transform(translationX: arguments[0], y: count == 2 ? arguments[1] : 0)
        case "scale" where count == 1 || count == 2:
            return Transform(scaleX: arguments[0], y: count == 2 ? arguments[1] : arguments[0])
        case "rotate" where count == 1 || count == 3:
            let rotation = Transform(rotation: .degrees(arguments[0]))
            guard count == 3 else { return rotation }
            let (cx, cy) = (arguments[1], arguments[2])
            return Transform(translationX: -cx, y: -cy).concatenating(rotation)
                .concatenating(Transform(translationX: cx, y: cy))
        case "skewX" where count == 1:
            return Transform(a: 1, b: 0, c: tangent(degrees: arguments[0]), d: 1, tx: 0, ty: 0)
        case "skewY" where count == 1:
            return Transform(a: 1, b: tangent(degrees: arguments[0]), c: 0, d: 1, tx: 0, ty: 0)
        default:
            return nil
        }
    }

    /// tan of an angle in degrees, exactly 0 at multiples of 180° and ±1 at odd multiples of 45°.
    static func tangent(degrees: Double) -> Double {
        let reduced = degrees.truncatingRemainder(dividingBy: 180)
        switch reduced {
        case 0: return 0
        case 45, -135: return 1
        case -45, 135: return -1
        default: return tan(degrees * .pi / 180)
        }
    }
}
