import PBDocument
import PBGeometry
import PBRendering

/// A progress as users write it: a fraction (`0.5`), a percentage (`50%`), or a ratio of counts
/// (`512/1024`, as a download's bytes received over bytes expected, divided as doubles, never as
/// integers). Not pinned here: the renderer pins to `0...1`.
public struct ProgressAmount: OptionValue, Hashable {
    /// The fraction.
    public var value: Double
    /// Whether it was written as a plain number above 1 (a percentage without `%`, likely).
    public var looksLikeAPercentage: Bool

    package static var expectation: String { "a fraction (0.5), a percentage (50%) or a ratio (512/1024)" }

    /// A fraction, as given.
    public init(_ value: Double) {
        self.value = value
        self.looksLikeAPercentage = false
    }

    package init(optionText text: String) throws(OptionValueError) {
        func number(_ part: Substring) throws(OptionValueError) -> Double {
            guard let value = Double(part.trimmingPrefix(while: \.isWhitespace)), value.isFinite else { throw .invalid }
            return value
        }
        looksLikeAPercentage = false
        if text.hasSuffix("%") {
            value = try number(text.dropLast()) / 100
        } else if let slash = text.firstIndex(of: "/") {
            let (done, total) = (try number(text[..<slash]), try number(text[text.index(after: slash)...]))
            guard total > 0 else {
                throw .explained("the total in '\(text)' must be above zero (an unknown total has no progress)")
            }
            value = done / total
            guard value.isFinite else {
                throw .explained("'\(text)' is not a finite number: the ratio overflows")
            }
        } else {
            value = try number(Substring(text))
            looksLikeAPercentage = value > 1
        }
    }

    package init(json: JSONValue) throws(OptionValueError) {
        if case .number(let value, _) = json {
            self.init(value)
        } else {
            guard case .string(let text) = json else { throw .wrongType(json.kindDescription) }
            try self.init(optionText: text)
        }
    }
}

extension Angle: OptionValue {
    package static var expectation: String { "an angle in degrees (90, or 90deg, 1.5rad, 0.25turn)" }

    package init(optionText text: String) throws(OptionValueError) {
        let trimmed = text.trimmingPrefix(while: \.isWhitespace)
        for unit in ["deg", "rad", "turn"] where trimmed.hasSuffix(unit) {
            guard let value = Double(trimmed.dropLast(unit.count)), value.isFinite else { throw .invalid }
            switch unit {
            case "deg": self = .degrees(value)
            case "rad": self = .radians(value)
            // Whole turns are dropped before the rest becomes degrees, so nothing overflows.
            default: self = .degrees(value.truncatingRemainder(dividingBy: 1) * 360)
            }
            return
        }
        guard let value = Double(trimmed), value.isFinite else { throw .invalid }
        self = .degrees(value)
    }

    package init(json: JSONValue) throws(OptionValueError) {
        if case .number(let value, _) = json {
            self = .degrees(value)
        } else {
            guard case .string(let text) = json else { throw .wrongType(json.kindDescription) }
            try self.init(optionText: text)
        }
    }
}

extension Path: OptionValue {
    package static var expectation: String { "SVG path data" }

    package init(optionText text: String) throws(OptionValueError) {
        do {
            self = try Path(svgPathData: text)
        } catch {
            throw .explained("invalid path data: \(error)")
        }
    }
}

extension ViewBox: OptionValue {
    package static var expectation: String { "four numbers, min-x min-y width height, the width and height above zero" }

    package init(optionText text: String) throws(OptionValueError) {
        guard let box = ViewBox(text) else { throw .invalid }
        self = box
    }
}

extension PathGradient: OptionValue {
    package static var expectation: String {
        "colours separated by commas, each optionally at a fraction ('#F00,#0F0@0.8')"
    }

    /// `#F00,#FC0,#0F0` (evenly spaced) or with locations, `#F00@0,#0F0@0.8` or `#0F0@80%`;
    /// stops without a location are spaced evenly between their neighbours, as in CSS.
    package init(optionText text: String) throws(OptionValueError) {
        let parts = try [GradientStopText](optionText: text)
        guard !parts.isEmpty else { throw .invalid }
        var locations = parts.map(\.location)
        if locations[0] == nil { locations[0] = 0 }
        if locations[locations.count - 1] == nil { locations[locations.count - 1] = 1 }
        var index = 0
        while index < locations.count {
            guard locations[index] == nil, let before = locations[index - 1] else {
                index += 1
                continue
            }
            let next = locations[index...].firstIndex { $0 != nil } ?? locations.count - 1
            let after = locations[next] ?? 1
            for gap in index..<next {
                locations[gap] = before + (after - before) * Double(gap - index + 1) / Double(next - index + 1)
            }
            index = next
        }
        do {
            self = try PathGradient(
                stops: zip(parts, locations).map { PathGradient.Stop(location: $1 ?? 0, color: $0.color) })
        } catch {
            throw .explained("'\(text)' is not a gradient: \(error.message(naming: { _ in "its stops" }))")
        }
    }
}

/// One stop of a gradient as written: a colour, then optionally `@` and a location.
package struct GradientStopText: OptionValue {
    package var color: Color
    package var location: Double?

    package static var expectation: String { "a colour, optionally at a fraction (#0F0@0.8)" }

    package init(optionText text: String) throws(OptionValueError) {
        guard let at = text.lastIndex(of: "@") else {
            color = try Color(optionText: text)
            location = nil
            return
        }
        color = try Color(optionText: String(text[..<at]))
        location = try ProgressAmount(optionText: String(text[text.index(after: at)...])).value
    }
}

extension ValueColors: OptionValue {
    package static var expectation: String {
        "value:colour stops separated by commas ('0:#FF3B30,0.5:#FF9500,0.8:#34C759')"
    }

    package init(optionText text: String) throws(OptionValueError) {
        let parts = try [ValueColorText](optionText: text)
        do {
            self = try ValueColors(stops: parts.map { ($0.value, $0.color) })
        } catch {
            throw .explained("'\(text)' are not colour stops: \(error.message(naming: { _ in "the stops" }))")
        }
    }
}

/// One stop of a `ValueColors` as written: `value:colour`.
package struct ValueColorText: OptionValue {
    package var value: Double
    package var color: Color

    package static var expectation: String { "a value and a colour (0.5:#FF9500)" }

    package init(optionText text: String) throws(OptionValueError) {
        guard let colon = text.firstIndex(of: ":") else { throw .invalid }
        value = try ProgressAmount(optionText: String(text[..<colon])).value
        color = try Color(optionText: String(text[text.index(after: colon)...]))
    }
}
