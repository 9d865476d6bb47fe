#if FUZZING
    import PBRendering

    /// Colours (`--progress-color`, gradients, value colours): the input is a list separated by
    /// commas outside parentheses, each piece read by `Color(parsing:)`.
    ///
    /// Checked for each colour read: its components are in 0...1; its `hexString` reads back
    /// as a colour with the same `hexString`; a piece that is exactly `#` and 3, 4, 6 or 8
    /// hexadecimal digits has the `hexString` worked out here from the digits; its dark variant
    /// has components in 0...1. Consecutive colours interpolate to components in 0...1, exactly
    /// the ends at 0 and 1. The colours make a gradient (`PathGradient(colors:)`) and value
    /// colours at values from the seed, whose colour at any value is one of the stops' or
    /// between them.
    enum ColorFuzzing {
        static func run(_ bytes: [UInt8]) -> Bool {
            let text = String(decoding: bytes, as: UTF8.self)
            var colors: [Color] = []
            for piece in pieces(text) {
                guard let color = try? Color(parsing: piece) else { continue }
                check(color, parsedFrom: piece)
                colors.append(color)
            }
            var seed = fuzzSeed(bytes)
            for (a, b) in zip(colors, colors.dropFirst()) {
                guard a.interpolated(to: b, at: 0) == a, a.interpolated(to: b, at: 1) == b else {
                    fuzzFailure("\(a) to \(b) does not start and end at them")
                }
                let t = fuzzFraction(&seed)
                checkComponents(a.interpolated(to: b, at: t), "\(a) to \(b) at \(t)")
            }
            guard !colors.isEmpty else { return true }
            do {
                let gradient = try PathGradient(colors: colors)
                guard gradient.stops.count == colors.count else { fuzzFailure("a gradient lost stops") }
                _ = gradient.darkVariant
            } catch {
                fuzzFailure("\(colors.count) colours make no gradient: \(error)")
            }
            // Increasing values in 0...1 (ValueColors refuses a stop outside it: a progress never is).
            var value = min(max(fuzzFraction(&seed), 0), 1) * 0.5
            let room = (1 - value) / Double(max(colors.count, 1))
            var stops: [(value: Double, color: Color)] = []
            for color in colors {
                stops.append((value, color))
                value += room * (0.5 + 0.5 * min(max(fuzzFraction(&seed), 0), 1))
            }
            guard let valueColors = try? ValueColors(stops: stops, isBlended: seed & 1 == 0) else {
                fuzzFailure("increasing stops in 0...1 make no value colours: \(stops.map(\.value))")
            }
            if let first = colors.first, (try? ValueColors(stops: stops + [(1 + room, first)])) != nil {
                fuzzFailure("a stop at \(1 + room), outside 0...1, was taken")
            }
            for _ in 0..<4 {
                let probe = fuzzFraction(&seed) * 20 - 10
                checkComponents(valueColors.color(forValue: probe), "value colours at \(probe)")
            }
            return true
        }

        /// The pieces of a list: split at commas that are not inside parentheses.
        static func pieces(_ text: String) -> [String] {
            var out: [String] = []
            var current = ""
            var depth = 0
            for character in text {
                if character == "(" { depth += 1 }
                if character == ")" { depth -= 1 }
                if character == "," && depth <= 0 {
                    out.append(current)
                    current = ""
                } else {
                    current.append(character)
                }
            }
            return out + [current]
        }

        static func check(_ color: Color, parsedFrom piece: String) {
            checkComponents(color, "'\(piece)'")
            checkComponents(color.darkVariant, "the dark variant of '\(piece)'")
            let hex = color.hexString
            guard let back = try? Color(parsing: hex), back.hexString == hex else {
                fuzzFailure("'\(piece)' is written '\(hex)', which does not read back")
            }
            if let expected = expectedHex(piece), expected != hex {
                fuzzFailure("'\(piece)' is written '\(hex)', not '\(expected)'")
            }
        }

        /// The `hexString` of `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` written as it is (no
        /// spaces), from its digits: short forms doubled, uppercase, alpha dropped when `FF`.
        static func expectedHex(_ piece: String) -> String? {
            guard piece.hasPrefix("#") else { return nil }
            let digits = Array(piece.dropFirst())
            guard [3, 4, 6, 8].contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isHexDigit }) else {
                return nil
            }
            var full = digits.count <= 4 ? digits.flatMap { [$0, $0] } : digits
            if full.count == 8, full[6...].allSatisfy({ $0 == "f" || $0 == "F" }) { full.removeLast(2) }
            return "#" + String(full).uppercased()
        }

        static func checkComponents(_ color: Color, _ what: String) {
            for component in [color.red, color.green, color.blue, color.alpha] where !(0...1).contains(component) {
                fuzzFailure("\(what) has a component \(component): \(color)")
            }
        }
    }
#endif
