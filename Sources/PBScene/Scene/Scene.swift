import PBGeometry
import PBStyle

/// Everything one image shows: a canvas and the layers drawn on it, bottom first; what every
/// backend (PNG, PDF, SVG) draws, knowing layers, not options.
///
/// A progress indicator's scene is a track layer under the progress layers, the model of
/// `CAShapeLayer`s whose `strokeEnd` follows the progress; ``ProgressIndicator/scene()`` lays
/// one out. Build scenes by hand for anything else:
///
/// ```swift
/// var ring = Path()
/// ring.addArc(center: Point(128, 128), radius: 100, startAngle: .degrees(-90), endAngle: .degrees(270), clockwise: true)
/// let measure = PathMeasure(ring)
/// let scene = Scene(width: 256, height: 256, layers: [
///     .shape(ShapeLayer(path: measure, stroke: StrokeStyle(lineWidth: 12), strokePaint: .color(.systemGray5))),
///     .shape(ShapeLayer(path: measure, strokeEnd: 0.5, stroke: StrokeStyle(lineWidth: 12), strokePaint: .color(.systemBlue))),
/// ])
/// let png = try scene.render(as: .png)
/// ```
public struct Scene: Hashable, Sendable {
    /// The largest width or height of a PNG, in pixels (and of an SVG or PDF, in points).
    public static let maximumPixelDimension = 16384
    /// The largest number of pixels in a PNG (64 Mi pixels, 256 MiB of RGBA).
    public static let maximumPixelCount = 1 << 26
    /// The most dashes a dash pattern may lay along a path (each length of the pattern counted
    /// once per repeat). Cairo lays out every dash, on the canvas or not, at about a kilobyte each
    /// in an SVG or PDF: a fine pattern on a long path would take gigabytes.
    public static let maximumDashCount = 100_000
    /// How far from the canvas's origin a drawing may reach, in pixels (points in a vector
    /// format): 2^23. Cairo holds device coordinates as 24.8 fixed-point numbers, so a point
    /// beyond it wraps around (a filled rectangle 8.4 million pixels wide draws nothing), and
    /// such paths could keep its rasterizer busy without end.
    public static let maximumReach = Double(1 << 23)
    /// The scales a scene may have: 1e-6 to 1e6 pixels per point. Cairo cannot invert a scale
    /// whose square underflows or overflows (1e-300 on a canvas 1e300 points wide was a Cairo
    /// "invalid matrix" failure), and nothing useful lies beyond these.
    public static let scaleRange: ClosedRange<Double> = 1e-6...1e6

    /// The canvas width in points.
    public var width: Double
    /// The canvas height in points.
    public var height: Double
    /// Pixels per point in raster output (2 for @2x), as `CALayer.contentsScale`; vector output
    /// ignores it. Default 1.
    public var scale: Double
    /// The layers, drawn in order (the first at the bottom).
    public var layers: [Layer]
    /// The same layers with the paints of dark appearance (`prefers-color-scheme: dark`), or `nil`
    /// when the scene looks the same either way. The SVG writer puts both in one file; raster
    /// and PDF output draw one (``appearance(_:)``).
    public var darkLayers: [Layer]?
    /// What assistive technology is told about the image.
    public var accessibility: Accessibility
    /// Which layer shows the progress and how, for outputs that let a page change it (a live
    /// SVG); `nil` for a scene that is no progress indicator.
    public var progress: ProgressLayerInfo?

    /// Creates a scene.
    public init(
        width: Double, height: Double, scale: Double = 1, layers: [Layer] = [], darkLayers: [Layer]? = nil,
        accessibility: Accessibility = Accessibility(), progress: ProgressLayerInfo? = nil
    ) {
        self.width = width
        self.height = height
        self.scale = scale
        self.layers = layers
        self.darkLayers = darkLayers
        self.accessibility = accessibility
        self.progress = progress
    }

    /// The scene in one appearance: in dark appearance its ``darkLayers`` (when it has them) as
    /// its layers, with no dark layers left.
    public func appearance(_ appearance: Appearance) -> Scene {
        var scene = self
        if appearance == .dark, let darkLayers { scene.layers = darkLayers }
        scene.darkLayers = nil
        return scene
    }

    /// The scene with each document layer holding only its rewritten markup
    /// (``DocumentLayer/rewritten()``), in layers and dark layers: what raster and PDF output
    /// draw, without the measured documents, which a large document holds several times over.
    /// Its SVG can show no live value nor dark appearance.
    public func rewritingDocuments() -> Scene {
        func rewritten(_ layers: [Layer]) -> [Layer] {
            layers.map { layer in
                if case .document(let document) = layer { .document(document.rewritten()) } else { layer }
            }
        }
        var scene = self
        scene.layers = rewritten(layers)
        scene.darkLayers = darkLayers.map(rewritten)
        return scene
    }

    /// The size of a PNG in pixels: the canvas times the scale, rounded up.
    public var pixelSize: (width: Int, height: Int) {
        (Self.pixels(width * scale), Self.pixels(height * scale))
    }

    /// `points` rounded up to whole pixels (at least 1), or `Int32.max` beyond it.
    static func pixels(_ points: Double) -> Int {
        guard points.isFinite, points < Double(Int32.max) else { return Int(Int32.max) }
        return max(1, Int(points.rounded(.up)))
    }

    /// Checks that the scene can be rendered for `target`: a finite, positive canvas within the
    /// limits, a finite, positive scale, and valid layers.
    ///
    /// - Parameter target: what it is to be rendered as (a raster or vector format, and its limits).
    /// - Throws: ``RenderError``: `.invalidValue` for a bad size, scale, fraction or stroke;
    ///   `.canvasTooLarge` or `.tooManyPixels` above the limits (`.canvasTooLargeForFormat` above
    ///   the target's ``RenderTarget/maximumPixelDimension``); `.dashPatternTooFine`;
    ///   `.renderTooCostly` when the estimated render time is above ``maximumRenderCost``.
    public func validate(for target: RenderTarget) throws(RenderError) {
        for (name, value) in [("width", width), ("height", height)] where !(value.isFinite && value > 0) {
            throw RenderError(.invalidValue(name: name, value: "\(value)", requirement: "a finite number > 0"))
        }
        guard scale.isFinite, scale > 0, !target.isRaster || (width * scale >= 1e-9 && height * scale >= 1e-9) else {
            throw RenderError(
                .invalidValue(name: "scale", value: "\(scale)", requirement: "a finite number > 0 (and not tiny)"))
        }
        guard !target.isRaster || Self.scaleRange.contains(scale) else {
            let low = RenderError.format(Self.scaleRange.lowerBound)
            let high = RenderError.format(Self.scaleRange.upperBound)
            throw RenderError(
                .invalidValue(name: "scale", value: "\(scale)", requirement: "from \(low) to \(high) (the limit)"))
        }
        let limit = Double(Self.maximumPixelDimension)
        for (dimension, points) in [(RenderError.Dimension.width, width), (.height, height)] {
            let size = target.isRaster ? points * scale : points
            guard size <= limit else {
                throw RenderError(
                    .canvasTooLarge(dimension: dimension, points: points, pixels: target.isRaster ? size : nil))
            }
        }
        let (w, h) = pixelSize
        if let limit = target.maximumPixelDimension {
            for (dimension, pixels) in [(RenderError.Dimension.width, w), (.height, h)] where pixels > limit {
                throw RenderError(
                    .canvasTooLargeForFormat(target.formatName, dimension: dimension, pixels: pixels, limit: limit))
            }
        }
        guard !target.isRaster || w * h <= Self.maximumPixelCount else {
            throw RenderError(.tooManyPixels(width: w, height: h, scale: scale))
        }
        for case .shape(let layer) in layers { try layer.validate() }
        try checkRenderCost(for: target)
    }
}
