import PBGeometry

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SVG's `transform` attribute: a list of `matrix(a b c d e f)`, `translate(x [y])`,
/// `scale(x [y])`, `rotate(a [cx cy])`, `skewX(a)`, `skewY(a)`, separated by white space and/or
/// commas, applied to points right to left (the last function first), angles in degrees.
enum TransformList {
    /// The transform the list describes: from the element's coordinates to its parent's.
    ///
    /// - Returns: `nil` when the text is not a valid list (an unknown function, a wrong number
    ///   of arguments, a missing parenthesis).
    static func parse(_ text: String) -> Transform? {
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
                guard let value = scanner.number() else { return nil }
                arguments.append(value)
                scanner.skipSeparator()
            }
            scanner.index += 1
            guard let item = transform(name, arguments) else { return nil }
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
