/// What a scene is checked and costed for, without naming a format: drawn in pixels at the
/// scene's ``Scene/scale`` (a raster format) or in points (a vector format), the longest side the
/// format can hold, and what encoding costs a pixel. Each output format gives its own
/// (`ImageFormat.target` in PBRendering); the scene model knows no format.
public struct RenderTarget: Hashable, Sendable {
    /// The format's name in messages (`WebP`).
    public var formatName: String
    /// Whether the scene is drawn in pixels at its scale, so the scale and pixel limits apply.
    public var isRaster: Bool
    /// The longest side in pixels the format can hold, when it is below the scene's own limit
    /// (``Scene/maximumPixelDimension``): 16,383 for WebP.
    public var maximumPixelDimension: Int?
    /// What encoding costs a pixel beyond drawing and storing it, in nanoseconds: the harder
    /// compression of a small PNG (``Scene/estimatedRenderCost(for:)``).
    public var encodingNanosecondsPerPixel: Double

    /// A target.
    public init(
        formatName: String, isRaster: Bool, maximumPixelDimension: Int? = nil, encodingNanosecondsPerPixel: Double = 0
    ) {
        self.formatName = formatName
        self.isRaster = isRaster
        self.maximumPixelDimension = maximumPixelDimension
        self.encodingNanosecondsPerPixel = encodingNanosecondsPerPixel
    }

    /// The limits every raster format shares, at no extra encoding cost.
    public static let raster = RenderTarget(formatName: "raster image", isRaster: true)

    /// The limits every vector format shares: sizes in points, nothing rasterized.
    public static let vector = RenderTarget(formatName: "vector image", isRaster: false)
}
