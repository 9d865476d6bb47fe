/// Why a scene could not be laid out or rendered: a kind with the facts, put into words by
/// ``description`` (the one place these errors become sentences).
public struct RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Which side of a canvas.
    public enum Dimension: String, Hashable, Sendable {
        /// The width.
        case width
        /// The height.
        case height
    }

    /// What went wrong, with what the message needs.
    public enum Kind: Hashable, Sendable {
        /// A value is not what it must be: `name` is the property (`lineWidth`, the curve file's
        /// key and the option's camel-case name), `value` as given, `requirement` what it must be.
        case invalidValue(name: String, value: String, requirement: String)
        /// A side of the canvas is larger than ``Scene/maximumPixelDimension`` allows: `points` as
        /// given, `pixels` at the scale (`nil` for a vector format, whose limit is in points).
        case canvasTooLarge(dimension: Dimension, points: Double, pixels: Double?)
        /// A side of the canvas, `pixels` at the scale, is within ``Scene/maximumPixelDimension``
        /// but above what the format named `format` can store, `limit` (a WebP's 16,383).
        case canvasTooLargeForFormat(String, dimension: Dimension, pixels: Int, limit: Int)
        /// The canvas has more pixels than ``Scene/maximumPixelCount`` allows, at `scale` pixels a point.
        case tooManyPixels(width: Int, height: Int, scale: Double = 1)
        /// A dash pattern lays more than ``Scene/maximumDashCount`` dashes along a path of `length`.
        case dashPatternTooFine(length: Double)
        /// The scene's estimated render time (``Scene/estimatedRenderCost(for:)``) is above the
        /// limit (``Scene/maximumRenderCost``, or a server's budget).
        case renderTooCostly(estimate: RenderCost, limit: RenderCost)
        /// A frame of an animated PNG has more pixels than ``Timeline/maximumPixelCount`` allows.
        case animationTooLarge(width: Int, height: Int)
        /// The path has no segments to draw.
        case emptyPath
        /// The path's length overflows a double.
        case pathTooLarge
        /// The drawing (its stroked bounds) reaches `distance` pixels from the canvas's origin,
        /// beyond ``Scene/maximumReach``.
        case pathOutOfReach(distance: Double)
        /// An option does not apply to what is drawn: `name` as in ``invalidValue(name:value:requirement:)``
        /// and why.
        case notApplicable(name: String, reason: String)
        /// Two lists that go one to one have different lengths: `name` (named as in
        /// ``invalidValue(name:value:requirement:)``) has `count` of its `items` ("colours"), and
        /// `otherName` `otherCount` of its `otherItems` ("values").
        case countMismatch(
            name: String, count: Int, items: String, otherName: String, otherCount: Int, otherItems: String)
        /// A label cannot be written or laid out: why.
        case invalidLabel(String)
        /// Cairo reported an error: its `cairo_status_t` code, and its own description.
        case cairo(status: Int32, message: String)
        /// The image (PNG, WebP) could not be encoded.
        case encoding(String)
    }

    /// What went wrong.
    public var kind: Kind

    /// Creates an error.
    public init(_ kind: Kind) {
        self.kind = kind
    }

    /// Whether the error is in what was asked for (a bad value, a canvas above the limits), as
    /// opposed to a failure of the renderer or the system.
    public var isInputError: Bool {
        switch kind {
        case .cairo, .encoding: false
        default: true
        }
    }

    /// The error in one sentence (without a final full stop).
    public var description: String { message(naming: { "'\($0)'" }) }

    /// The error in one sentence, naming values (`lineWidth`) with `naming`: a command line names
    /// them as its options, a server as its query parameters.
    public func message(naming: (String) -> String) -> String {
        let limit = Scene.maximumPixelDimension
        switch kind {
        case .invalidValue(let name, let value, let requirement):
            return "\(naming(name)) must be \(requirement), not \(value)"
        case .canvasTooLarge(let dimension, let points, let pixels):
            let side = dimension == .width ? "wide" : "tall"
            guard let pixels, pixels != points else {
                return "\(naming(dimension.rawValue)) gives a canvas \(Self.format(points)) points \(side); "
                    + "the limit is \(limit) a side"
            }
            // Beyond a double at this scale (1e308 points at scale 2): no number of pixels to print.
            let count = pixels.isFinite ? "\(Self.format(pixels)) pixels" : "more pixels than a double can count"
            return "\(naming(dimension.rawValue)) gives a canvas \(Self.format(points)) points \(side), "
                + "\(count) at this scale; the limit is \(limit) pixels a side"
        case .canvasTooLargeForFormat(let format, let dimension, let pixels, let limit):
            let side = dimension == .width ? "wide" : "tall"
            return "\(naming(dimension.rawValue)) gives a canvas \(pixels) pixels \(side); "
                + "a \(format)'s limit is \(limit) pixels a side"
        case .tooManyPixels(let width, let height, let scale):
            // The scale multiplies the pixels too: a canvas within the limit at scale 1 can be past it at 2.
            let names =
                [naming("width"), naming("height")].reduce(into: [String]()) { names, name in
                    if !names.contains(name) { names.append(name) }
                } + (scale == 1 ? [] : [naming("scale")])
            let given: String
            if names.count == 1 {
                given = "\(names[0]) gives"
            } else {
                // "option '--width'" and "option '--scale'" are "options '--width' and '--scale'" (a query's
                // "parameter 'width'", "parameters 'width' and 'scale'").
                let kind = ["option ", "parameter "].first { kind in names.allSatisfy { $0.hasPrefix(kind) } }
                let items = kind.map { kind in names.map { String($0.dropFirst(kind.count)) } } ?? names
                given =
                    (kind.map { $0.dropLast() + "s " } ?? "") + items.dropLast().joined(separator: ", ")
                    + " and " + items[items.count - 1] + " give"
            }
            let atScale = scale == 1 ? "" : " (at \(Self.format(scale)) pixels a point)"
            return "\(given) a canvas of \(width) x \(height) pixels\(atScale); the limit is "
                + "\(Scene.maximumPixelCount) pixels in all (a PNG's: an SVG or PDF has none)"
        case .dashPatternTooFine(let length):
            return "the dash pattern is too fine for a path \(Self.format(length)) long: it lays more than "
                + "\(Scene.maximumDashCount) dashes along it"
        case .renderTooCostly(let estimate, let limit):
            return "the image would take about \(estimate) to render, more than the limit of \(limit): "
                + "use a thinner line, longer dashes, fewer subpaths, a smaller canvas or a faster PNG compression"
        case .animationTooLarge(let width, let height):
            return "an animated PNG's frames are \(width) x \(height) pixels; the limit for an animation is "
                + "\(Timeline.maximumPixelCount) pixels a frame"
        case .emptyPath:
            return "the path has nothing to draw: it has no segments"
        case .pathTooLarge:
            return "the path is too large to draw: its length overflows a double"
        case .pathOutOfReach(let distance):
            let reach =
                if !distance.isFinite {
                    "more than 10^308"
                } else if distance < 1e12 {
                    RenderWarning.readable(distance)
                } else {
                    "about 10^\(distance.log10Floor)"
                }
            return "the drawing reaches \(reach) pixels from the canvas's corner; "
                + "Cairo draws within \(Self.format(Scene.maximumReach)) pixels of it, so its shapes would be drawn wrongly: "
                + "move or scale the coordinates onto the canvas"
        case .notApplicable(let name, let reason):
            return "\(naming(name)) does not apply here: \(reason)"
        case .countMismatch(let name, let count, let items, let otherName, let otherCount, let otherItems):
            return "\(naming(name)) gives \(count) \(items) and \(naming(otherName)) \(otherCount) \(otherItems): "
                + "they go one to one, so give as many"
        case .invalidLabel(let message):
            return "cannot write the label: \(message)"
        case .cairo(let status, let message):
            return "cairo: \(message) (status \(status))"
        case .encoding(let message):
            return "cannot encode the image: \(message)"
        }
    }

    /// A number as people write it: `256`, `1.5`, `1e+308`.
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }
}
