import PBGeometry

/// A progress indicator to draw: a built-in shape or a path, a style, the progress (one value or
/// several laid end to end) and the canvas. ``scene()`` lays it out as the layers every backend
/// draws, exactly as the `pbrender` command line does.
///
/// ```swift
/// var indicator = ProgressIndicator(shape: .ring)
/// indicator.progress = 0.5
/// let png = try indicator.scene().render(as: .png)
///
/// var storage = ProgressIndicator(shape: .bar)
/// storage.values = [0.2, 0.15, 0.1]
/// storage.style.valueColors = [.systemGreen, .systemOrange, .systemRed]
/// ```
public struct ProgressIndicator: Hashable, Sendable {
    /// What the track and the progress run along.
    public enum Geometry: Hashable, Sendable {
        /// A built-in shape, fitted to the canvas.
        case shape(ProgressShape)
        /// A path in its own coordinates, with the canvas it is drawn on (a curve file's `width`
        /// and `height`), or `nil` to fit the canvas to the path's stroke.
        case path(Path, canvas: Size?)
        /// Shapes of a drawing on a canvas (an SVG document's elements, in order), each stroked in
        /// its own style, progress spread over them in `order`. Their outlines are on the
        /// canvas, as they are joined into one path for what needs one (a label's place).
        case elements([Element], canvas: Size, order: ElementOrder)
    }

    /// What the track and the progress run along. Default a ring.
    public var geometry: Geometry
    /// How it looks.
    public var style: ProgressStyle
    /// The progress values, laid end to end along the path in order from ``strokeStart`` (the
    /// second starts where the first ends), each its own colour; values below zero count as zero,
    /// and a total past the end of the path is cut there (later values shortened or dropped,
    /// never rescaled). One value is the plain progress (``progress``). Default `[0]`.
    public var values: [Double]
    /// Where the progress starts, as a fraction of the path's length (`strokeStart`). Default 0.
    public var strokeStart: Double
    /// Where a round shape starts; `nil` for the shape's default. Not for bars and paths.
    public var startAngle: Angle?
    /// The direction of travel: `false` runs a shape counterclockwise (a bar right to left) and
    /// reverses a path. Default `true`.
    public var isClockwise: Bool
    /// The canvas width in points; `nil` for the natural width (the shape's, or the path's canvas,
    /// or its stroke's).
    public var width: Double?
    /// The canvas height in points; `nil` for the natural height.
    public var height: Double?
    /// Space kept clear on every side of a shape, or of a path whose canvas fits its stroke.
    /// Default 0.
    public var padding: Double
    /// Pixels per point in raster output. Default 1.
    public var scale: Double
    /// The label, if any: text from the progress and its facts, drawn beside or inside the shape.
    public var label: ProgressLabel?
    /// Whether the progress is unknown (a download without a length): the indicator shows its
    /// indeterminate look, with no percentage for assistive technology.
    public var isIndeterminate = false
    /// What assistive technology is told: title, description, whether decorative. The progress
    /// in percent and the default title ("Progress: 37%") are filled in by the layout.
    public var accessibility = Accessibility()

    /// An indicator along a built-in shape, at progress 0.
    public init(shape: ProgressShape = .ring, style: ProgressStyle = ProgressStyle()) {
        self.init(geometry: .shape(shape), style: style)
    }

    /// An indicator along `path`, at progress 0; `canvas` is the size of the canvas the path's
    /// coordinates are in, or `nil` to fit the canvas to the stroke.
    public init(path: Path, canvas: Size? = nil, style: ProgressStyle = ProgressStyle()) {
        self.init(geometry: .path(path, canvas: canvas), style: style)
    }

    /// An indicator with every property given.
    public init(
        geometry: Geometry, style: ProgressStyle = ProgressStyle(), values: [Double] = [0], strokeStart: Double = 0,
        startAngle: Angle? = nil, isClockwise: Bool = true, width: Double? = nil, height: Double? = nil,
        padding: Double = 0, scale: Double = 1
    ) {
        self.geometry = geometry
        self.style = style
        self.values = values
        self.strokeStart = strokeStart
        self.startAngle = startAngle
        self.isClockwise = isClockwise
        self.width = width
        self.height = height
        self.padding = padding
        self.scale = scale
    }

    /// The progress: the sum of the ``values``; setting it makes it the only value.
    public var progress: Double {
        get { values.reduce(0, +) }
        set { values = [newValue] }
    }

    /// The line width when the style sets none: the shape's default for this canvas
    /// (``ProgressShape/defaultLineWidth(width:height:padding:)``: 12 points for a round shape
    /// and 4 for a bar, at most an eighth of a small canvas), or 12 for a path.
    public var defaultLineWidth: Double {
        if case .shape(let shape) = geometry {
            return shape.defaultLineWidth(width: width, height: height, padding: padding)
        }
        return 12
    }
}
