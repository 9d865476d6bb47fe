import PBGeometry

/// A `viewBox` with its `preserveAspectRatio`: the rectangle of user space mapped onto a
/// viewport, uniformly (aligned as `xMidYMid` etc. says, `meet` fitting inside or `slice`
/// covering) or, with `none`, stretched to fill it.
///
/// ```swift
/// let box = ViewBox("0 0 16 16")!                            // a 16-unit icon's coordinates
/// let onCanvas = path.transformed(by: box.transform(onto: Size(width: 128, height: 128)))
/// ```
public struct ViewBox: Sendable {
    /// The rectangle of user space shown: `min-x min-y width height`.
    public var rect: Rect
    /// The alignment along x and y: 0 for min, 0.5 for mid, 1 for max; `nil` for `none`.
    var alignment: (x: Double, y: Double)?
    var slices = false

    /// Reads a `viewBox` attribute's text: four numbers, `min-x min-y width height`, separated by
    /// spaces or commas, the width and height above zero; mapped `xMidYMid meet` (centred, its
    /// aspect kept, fitting inside), SVG's default.
    ///
    /// - Parameter viewBox: the text, e.g. `0 0 16 16`.
    /// - Returns: nil when it is not four numbers or its size is not positive.
    public init?(_ viewBox: String) {
        guard case .success(let box) = Self.parse(viewBox: viewBox, preserveAspectRatio: nil) else { return nil }
        self = box
    }

    /// A view box of `rect`, mapped `alignment`; `slices`: covering rather than fitting inside.
    init(rect: Rect, alignment: (x: Double, y: Double)?, slices: Bool = false) {
        self.rect = rect
        self.alignment = alignment
        self.slices = slices
    }

    /// Reads `viewBox` (four numbers; width and height above zero) and `preserveAspectRatio`
    /// (`[defer] <align> [meet | slice]`, default `xMidYMid meet`).
    ///
    /// - Returns: `nil` for `viewBox` when it is not four numbers or its size is not positive; the
    ///   aspect ratio's own problems as a string naming what is wrong.
    static func parse(viewBox: String, preserveAspectRatio: String?) -> Result<ViewBox, Problem> {
        var scanner = ValueScanner(viewBox)
        guard let numbers = scanner.numberList(), numbers.count == 4 else {
            return .failure(Problem(attribute: "viewBox", reason: "expected four numbers: min-x min-y width height"))
        }
        guard numbers[2] > 0, numbers[3] > 0 else {
            return .failure(Problem(attribute: "viewBox", reason: "the width and height must be above zero"))
        }
        var box = ViewBox(
            rect: Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]),
            alignment: (0.5, 0.5))
        guard let preserveAspectRatio else { return .success(box) }
        var words = preserveAspectRatio.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        if words.first == "defer" { words.removeFirst() }
        guard let align = words.first, words.count <= 2 else {
            return .failure(Problem(attribute: "preserveAspectRatio", reason: "expected an alignment"))
        }
        if words.count == 2 {
            guard words[1] == "meet" || words[1] == "slice" else {
                return .failure(Problem(attribute: "preserveAspectRatio", reason: "expected meet or slice"))
            }
            box.slices = words[1] == "slice"
        }
        if align == "none" {
            box.alignment = nil
            return .success(box)
        }
        let positions: [String: Double] = ["Min": 0, "Mid": 0.5, "Max": 1]
        let characters = Array(align)
        guard characters.count == 8, characters[0] == "x", characters[4] == "Y",
            let x = positions[String(characters[1...3])], let y = positions[String(characters[5...7])]
        else {
            return .failure(
                Problem(
                    attribute: "preserveAspectRatio",
                    reason: "expected none or xMinYMin, xMidYMin, …, xMaxYMax, then meet or slice"))
        }
        box.alignment = (x, y)
        return .success(box)
    }

    /// What is wrong with an attribute, for ``SVGDocumentError/Kind/invalidValue(element:attribute:value:reason:)``.
    struct Problem: Error {
        var attribute: String
        var reason: String
    }

    /// The transform from the view box's coordinates to a viewport of `size` at the origin.
    ///
    /// - Parameter size: the viewport (the canvas), each side above zero.
    /// - Returns: the affine map: a uniform scale and a translation, or with `none` a scale per axis.
    public func transform(onto size: Size) -> Transform {
        var sx = size.width / rect.width
        var sy = size.height / rect.height
        var (tx, ty) = (0.0, 0.0)
        if let alignment {
            let scale = slices ? max(sx, sy) : min(sx, sy)
            (sx, sy) = (scale, scale)
            tx = alignment.x * (size.width - rect.width * scale)
            ty = alignment.y * (size.height - rect.height * scale)
        }
        return Transform(a: sx, b: 0, c: 0, d: sy, tx: tx - rect.minX * sx, ty: ty - rect.minY * sy)
    }
}
