import PBGeometry

/// Everything one progress image shows: a canvas, a path measured once, a style, and the
/// progress — the model of a `CAShapeLayer` track under a `CAShapeLayer` progress whose
/// `strokeEnd` follows the progress.
///
/// ```swift
/// var ring = Path()
/// ring.addArc(center: Point(128, 128), radius: 100, startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: true)
/// let scene = ProgressScene(width: 256, height: 256, path: ring, progress: 0.5)
/// let png = try scene.render(as: .png)
/// ```
public struct ProgressScene: Sendable {
    /// The largest width or height of a PNG, in pixels (and of an SVG or PDF, in points).
    public static let maximumPixelDimension = 16384
    /// The largest number of pixels in a PNG (64 Mi pixels, 256 MiB of RGBA).
    public static let maximumPixelCount = 1 << 26
    /// The most dashes a dash pattern may lay along the path (each length of the pattern
    /// counted once per repeat). Cairo lays out every dash, on the canvas or not, at about a
    /// kilobyte each in an SVG or PDF: a fine pattern on a long path would take gigabytes.
    public static let maximumDashCount = 100_000

    /// The canvas width in points.
    public var width: Double
    /// The canvas height in points.
    public var height: Double
    /// Pixels per point in a PNG (2 for @2x); SVG and PDF are vector and ignore it. Default 1.
    public var scale: Double = 1
    /// The path, measured, in canvas coordinates (y down).
    public var measure: PathMeasure
    /// How the track and the progress are drawn.
    public var style: ProgressStyle
    /// Where the progress starts, as a fraction of the path's length (`strokeStart`). Default 0.
    public var strokeStart: Double = 0
    /// Where the progress ends, as a fraction of the path's length (`strokeEnd`).
    public var progress: Double

    /// Creates a scene, measuring `path` (to the default accuracy).
    public init(
        width: Double, height: Double, path: Path, style: ProgressStyle = ProgressStyle(), progress: Double,
        strokeStart: Double = 0, scale: Double = 1
    ) {
        self.init(
            width: width, height: height, measure: PathMeasure(path), style: style, progress: progress,
            strokeStart: strokeStart, scale: scale)
    }

    /// Creates a scene from a path already measured (to render many progress values of one path).
    public init(
        width: Double, height: Double, measure: PathMeasure, style: ProgressStyle = ProgressStyle(),
        progress: Double, strokeStart: Double = 0, scale: Double = 1
    ) {
        self.width = width
        self.height = height
        self.measure = measure
        self.style = style
        self.progress = progress
        self.strokeStart = strokeStart
        self.scale = scale
    }

    /// The path.
    public var path: Path { measure.path }

    /// The size of the PNG in pixels: the canvas times the scale, rounded up.
    public var pixelSize: (width: Int, height: Int) {
        (Self.pixels(width * scale), Self.pixels(height * scale))
    }

    private static func pixels(_ points: Double) -> Int {
        guard points.isFinite, points < Double(Int32.max) else { return Int(Int32.max) }
        return max(1, Int(points.rounded(.up)))
    }

    /// The first thing that makes the scene impossible to render, if any.
    func validate(for format: ImageFormat) throws(RenderError) {
        func invalid(_ message: String) -> RenderError { RenderError(.invalidScene, message) }
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            throw invalid("the canvas must have a finite, positive width and height, not \(width) x \(height)")
        }
        guard scale.isFinite, scale > 0 else { throw invalid("the scale must be a finite number > 0, not \(scale)") }
        guard progress.isFinite else { throw invalid("the progress must be a finite number, not \(progress)") }
        guard strokeStart.isFinite else {
            throw invalid("the stroke start must be a finite number, not \(strokeStart)")
        }
        if let problem = style.problem { throw invalid(problem) }
        if !style.dashPattern.isEmpty {
            let period = style.dashPattern.reduce(0, +)
            let dashes = measure.length / period * Double(style.dashPattern.count)
            guard dashes <= Double(Self.maximumDashCount) else {
                throw invalid(
                    "the dash pattern is too fine for a path \(measure.length) long: it lays more than "
                        + "\(Self.maximumDashCount) dashes along it")
            }
        }
        let limit = Self.maximumPixelDimension
        let (w, h) = format == .png ? pixelSize : (Self.pixels(width), Self.pixels(height))
        let unit = format == .png ? "pixels" : "points"
        guard w <= limit, h <= limit, format != .png || w * h <= Self.maximumPixelCount else {
            throw RenderError(
                .canvasTooLarge,
                "the canvas is \(w) x \(h) \(unit); the limit is \(limit) x \(limit) and \(Self.maximumPixelCount) pixels"
            )
        }
    }
}
