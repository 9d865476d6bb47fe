import PBTestSupport

/// Random, valid SVG path data: every command, absolute and relative, numbers in every syntax,
/// and every kind of separator.
enum RandomPathData {
    static func make(using generator: inout SeededGenerator) -> String {
        var out =
            "M" + separator(&generator, optional: true) + number(&generator) + separator(&generator, optional: false)
            + number(&generator)
        for _ in 0..<Int.random(in: 1...12, using: &generator) {
            let command = "MLHVCSQTAZmlhvcsqtaz".randomElement(using: &generator) ?? "L"
            out += separator(&generator, optional: true) + String(command)
            let counts: [Character: Int] = [
                "M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0,
            ]
            let count = counts[Character(command.uppercased())] ?? 0
            guard count > 0 else { continue }
            for repeatIndex in 0..<Int.random(in: 1...2, using: &generator) {
                if repeatIndex > 0 { out += separator(&generator, optional: false) }
                for argument in 0..<count {
                    if argument > 0 { out += separator(&generator, optional: false) }
                    if command.uppercased() == "A" && (argument == 3 || argument == 4) {
                        out += Bool.random(using: &generator) ? "1" : "0"
                    } else if command.uppercased() == "A" && argument < 2
                        && Int.random(in: 0..<8, using: &generator) == 0
                    {
                        out += "0"  // a zero radius: a line
                    } else {
                        out += number(&generator)
                    }
                }
            }
        }
        return out
    }

    static func separator(_ generator: inout SeededGenerator, optional: Bool) -> String {
        let choices = optional ? ["", " ", "\n", "  \t"] : [" ", ",", " , ", "\n", "\r\n", ", "]
        return choices.randomElement(using: &generator) ?? " "
    }

    static func number(_ generator: inout SeededGenerator) -> String {
        let sign = ["", "-", "+"].randomElement(using: &generator) ?? ""
        switch Int.random(in: 0..<6, using: &generator) {
        case 0: return sign + String(Int.random(in: 0...1000, using: &generator))
        case 1: return sign + String(Double(Int.random(in: 0...100000, using: &generator)) / 100)
        case 2: return sign + "." + String(Int.random(in: 0...999, using: &generator))
        case 3:
            return sign + String(Int.random(in: 1...99, using: &generator)) + "e"
                + String(Int.random(in: -5...5, using: &generator))
        case 4: return sign + "\(Double.random(in: 0...1000, using: &generator))"
        default:
            return sign + String(Int.random(in: 0...9, using: &generator)) + "."
                + String(Int.random(in: 0...99999, using: &generator)) + "E+1"
        }
    }
}
