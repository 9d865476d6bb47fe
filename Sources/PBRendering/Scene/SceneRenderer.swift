/// Renders scenes one after another, keeping what it can between them: the PNG encoder's
/// compressor and buffers (and the WebP encoder's picture), and the pixels of the layers under the progress (the background and
/// the track), which the frames of one indicator share.
///
/// The bytes are exactly those ``Scene/render(as:compression:)`` gives for the same scene, format
/// and ``compression``: the
/// layers under the progress are drawn onto a clear canvas and, once a second scene shares them,
/// their pixels are kept and copied into each later frame whose layers under the progress are the
/// same, which is what drawing them again would give. A renderer only makes many frames cheaper (no
/// compressor set-up, no buffer allocation, no track drawn per PNG), and a canvas above
/// ``maximumKeptPixelCount`` pixels keeps no copy.
///
/// ```swift
/// let renderer = SceneRenderer()
/// let layout = try indicator.layout()
/// for step in 0...100 {
///     let png = try renderer.render(layout.scene(progress: Double(step) / 100), as: .png)
///     // …
/// }
/// ```
///
/// A renderer is not safe to share between threads: give each thread its own.
public final class SceneRenderer {
    /// How PNGs are compressed.
    public let compression: PNGCompression
    /// Created on the first PNG and kept.
    private var encoder: PNGEncoder?
    /// Created on the first WebP and kept.
    private var webpEncoder: WebPEncoder?
    /// The layers under the progress of the last scene drawn, at its pixel size and scale, and
    /// their pixels once a second scene has shared them (a single render copies nothing).
    private var base: (key: BaseKey, pixels: [UInt8]?)?

    /// What the kept pixels of the layers under the progress were drawn from.
    private struct BaseKey: Equatable {
        var width: Int
        var height: Int
        var scale: Double
        var layers: ArraySlice<Layer>
    }

    /// The most pixels a canvas may have for the layers under its progress to be kept: 4 Mi (16 MiB). Larger canvases
    /// draw them for every frame rather than hold a second copy of the canvas.
    public static let maximumKeptPixelCount = 1 << 22

    /// Creates a renderer whose PNGs are compressed by ``PNGCompression/default``; what it keeps
    /// is allocated by its first PNG.
    public convenience init() {
        self.init(compression: .default)
    }

    /// Creates a renderer whose PNGs are compressed as `compression` says; what it keeps is
    /// allocated by its first PNG.
    ///
    /// - Parameter compression: the speed or size of the PNGs (the same pixels in every mode).
    public init(compression: PNGCompression) {
        self.compression = compression
    }

    /// Renders `scene` as an image file's bytes: the same bytes as
    /// `scene.render(as: format, compression: compression)`.
    ///
    /// - Parameters:
    ///   - scene: the scene to draw.
    ///   - format: PNG or WebP (at the scene's ``Scene/scale``), SVG or PDF.
    /// - Throws: ``RenderError`` as ``Scene/render(as:)`` does.
    public func render(_ scene: Scene, as format: ImageFormat) throws(RenderError) -> [UInt8] {
        switch format {
        case .png: try renderPNG(scene)
        case .webp: try renderWebP(scene)
        case .svg, .pdf: try scene.render(as: format)
        }
    }

    /// The scene as a PNG, with the kept encoder.
    private func renderPNG(_ scene: Scene) throws(RenderError) -> [UInt8] {
        let encoder: PNGEncoder
        if let kept = self.encoder {
            encoder = kept
        } else {
            encoder = try PNGEncoder(compression: compression)
            self.encoder = encoder
        }
        // Room for the scanlines' filter bytes: the encoder turns the pixels into scanlines in place.
        let surface = try drawn(scene, for: .png, trailingBytes: scene.pixelSize.height)
        let png = try surface.withMutablePixels { pixels, width, height, stride throws(RenderError) in
            try encoder.encode(inPlace: pixels, width: width, height: height, stride: stride)
        }
        if let png { return png }
        return try surface.withPixels { pixels, width, height, stride throws(RenderError) in
            try encoder.encode(pixels, width: width, height: height, stride: stride)
        }
    }

    /// The scene as a lossless WebP of the PNG's pixels, with the kept encoder.
    private func renderWebP(_ scene: Scene) throws(RenderError) -> [UInt8] {
        let encoder: WebPEncoder
        if let kept = webpEncoder {
            encoder = kept
        } else {
            encoder = try WebPEncoder()
            webpEncoder = encoder
        }
        return try withRaster(scene, for: .webp) { pixels, width, height, stride throws(RenderError) in
            try encoder.encode(pixels, width: width, height: height, stride: stride)
        }
    }

    /// The scene's pixels, copied out (for frames encoded elsewhere), checked for `format`.
    ///
    /// - Throws: ``RenderError`` as ``Scene/render(as:)`` does.
    func renderPixels(_ scene: Scene, for format: ImageFormat = .png) throws(RenderError) -> RasterPixels {
        try withRaster(scene, for: format) { pixels, _, _, stride throws(RenderError) in
            RasterPixels(bytes: Array(pixels), stride: stride)
        }
    }

    /// Draws `scene` on an image surface, starting from the kept pixels of the layers under its
    /// progress when they are the same, and hands the pixels to `body`; the scene is checked
    /// for `format` (a raster format: PNG or WebP).
    func withRaster<R>(
        _ scene: Scene, for format: ImageFormat = .png,
        _ body: (UnsafeRawBufferPointer, _ width: Int, _ height: Int, _ stride: Int) throws(RenderError) -> R
    ) throws(RenderError) -> R {
        try drawn(scene, for: format).withPixels(body)
    }

    /// An image surface with `scene` drawn on it (with `trailingBytes` more after its pixels),
    /// starting from the kept pixels of the layers under its progress when they are the same; the
    /// scene is checked for `format` (a raster format: PNG or WebP).
    private func drawn(_ scene: Scene, for format: ImageFormat, trailingBytes: Int = 0) throws(RenderError)
        -> CairoSurface
    {
        try scene.validate(for: format, compression: compression)
        let (width, height) = scene.pixelSize
        let surface = try CairoSurface(imageWidth: width, height: height, trailingBytes: trailingBytes)
        let context = try CairoContext(surface)
        context.scale(by: scene.scale)
        let under = scene.layers[..<min(scene.progress?.layerIndex ?? 0, scene.layers.count)]
        let key = BaseKey(width: width, height: height, scale: scene.scale, layers: under)
        if let base, base.key == key, let pixels = base.pixels {
            surface.setPixels(pixels)
        } else if !under.isEmpty {
            try context.draw(under, scale: scene.scale)
            let shared = base?.key == key && width * height <= Self.maximumKeptPixelCount
            let pixels = shared ? try surface.withPixels { pixels, _, _, _ throws(RenderError) in Array(pixels) } : nil
            base = (key, pixels)
        }
        try context.draw(scene.layers[under.endIndex...], scale: scene.scale)
        return surface
    }
}

/// A scene's pixels as Cairo draws them: rows of premultiplied native-endian ARGB words, `stride`
/// bytes apart, copied out of the surface so they can cross threads.
struct RasterPixels: Sendable {
    var bytes: [UInt8]
    var stride: Int
}
