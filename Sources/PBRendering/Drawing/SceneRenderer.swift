import PBScene

/// Renders scenes one after another, keeping what it can between them: each format's encoder
/// (the PNG encoder's compressor and buffers, the WebP encoder's picture), and the pixels of the layers under the progress (the background and
/// the track), which the frames of one indicator share.
///
/// The bytes are exactly those `Scene.render(as:compression:)` gives for the same scene, format
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
    /// How PNGs are compressed when ``render(_:as:)`` is given no settings.
    public let compression: PNGCompression
    /// The formats' encoders, each made by its format's first image and kept (by ``kept(_:make:)``).
    private var encoders: [String: AnyObject] = [:]
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
    ///   - format: a format that holds still images (``ImageFormat/stillFormats``).
    /// - Throws: `RenderError` as `Scene.render(as:)` does.
    public func render(_ scene: Scene, as format: ImageFormat) throws(RenderError) -> [UInt8] {
        try format.encode(scene, settings: EncodingSettings(compression: compression), renderer: self)
    }

    /// The object `key` names, made by `make` on first use and kept for the images after: a
    /// format's encoder with its buffers (`png default`, `webp`).
    ///
    /// - Throws: what `make` throws.
    func kept<Kept: AnyObject>(_ key: String, make: () throws(RenderError) -> Kept) throws(RenderError) -> Kept {
        if let kept = encoders[key] as? Kept { return kept }
        let made = try make()
        encoders[key] = made
        return made
    }

    /// `scene` as a PNG compressed as `compression` says, with a kept encoder: the pixels become
    /// scanlines in place, in the surface they were drawn on.
    func renderPNG(_ scene: Scene, for target: RenderTarget, compression: PNGCompression) throws(RenderError)
        -> [UInt8]
    {
        let encoder = try kept("png \(compression.rawValue)") { () throws(RenderError) in
            try PNGEncoder(compression: compression)
        }
        // Room for the scanlines' filter bytes: the encoder turns the pixels into scanlines in place.
        let surface = try drawn(scene, for: target, trailingBytes: scene.pixelSize.height)
        let png = try surface.withMutablePixels { pixels, width, height, stride throws(RenderError) in
            try encoder.encode(inPlace: pixels, width: width, height: height, stride: stride)
        }
        if let png { return png }
        return try surface.withPixels { pixels, width, height, stride throws(RenderError) in
            try encoder.encode(pixels, width: width, height: height, stride: stride)
        }
    }

    /// The scene's pixels, copied out (for frames encoded elsewhere), checked for `target`.
    ///
    /// - Throws: `RenderError` as `Scene.render(as:)` does.
    func renderPixels(_ scene: Scene, for target: RenderTarget) throws(RenderError) -> RasterPixels {
        try withRaster(scene, for: target) { pixels, _, _, stride throws(RenderError) in
            RasterPixels(bytes: Array(pixels), stride: stride)
        }
    }

    /// Draws `scene` on an image surface, starting from the kept pixels of the layers under its
    /// progress when they are the same, and hands the pixels to `body`; the scene is checked
    /// for `target` (a raster format's).
    func withRaster<R>(
        _ scene: Scene, for target: RenderTarget,
        _ body: (UnsafeRawBufferPointer, _ width: Int, _ height: Int, _ stride: Int) throws(RenderError) -> R
    ) throws(RenderError) -> R {
        try drawn(scene, for: target).withPixels(body)
    }

    /// An image surface with `scene` drawn on it (with `trailingBytes` more after its pixels),
    /// starting from the kept pixels of the layers under its progress when they are the same; the
    /// scene is checked for `target` (a raster format's).
    private func drawn(_ scene: Scene, for target: RenderTarget, trailingBytes: Int = 0) throws(RenderError)
        -> CairoSurface
    {
        try scene.validate(for: target)
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
