/// Renders scenes one after another, keeping what it can between them: the PNG encoder's
/// compressor and buffers, and the pixels of the layers under the progress (the background and
/// the track), which the frames of one indicator share.
///
/// The bytes are exactly those ``Scene/render(as:)`` gives for the same scene and format: the
/// layers under the progress are drawn once onto a clear canvas and their pixels copied into each
/// later frame whose layers under the progress are the same, which is what drawing them again
/// would give. A renderer only makes many frames cheaper (no compressor set-up, no buffer
/// allocation, no track drawn per PNG, once the first frame has set them up).
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
    /// Created on the first PNG and kept.
    private var encoder: PNGEncoder?
    /// The layers under the progress of the last scene drawn, at its pixel size and scale, and
    /// their pixels.
    private var base: (width: Int, height: Int, scale: Double, layers: ArraySlice<Layer>, pixels: [UInt8])?

    /// Creates a renderer; what it keeps is allocated by its first PNG.
    public init() {}

    /// Renders `scene` as an image file's bytes: the same bytes as
    /// `scene.render(as: format)`.
    ///
    /// - Parameters:
    ///   - scene: the scene to draw.
    ///   - format: PNG (at the scene's ``Scene/scale``), SVG or PDF.
    /// - Throws: ``RenderError`` as ``Scene/render(as:)`` does.
    public func render(_ scene: Scene, as format: ImageFormat) throws(RenderError) -> [UInt8] {
        guard format == .png else { return try scene.render(as: format) }
        let encoder: PNGEncoder
        if let kept = self.encoder {
            encoder = kept
        } else {
            encoder = try PNGEncoder()
            self.encoder = encoder
        }
        return try withRaster(scene) { pixels, width, height, stride throws(RenderError) in
            try encoder.encode(pixels, width: width, height: height, stride: stride)
        }
    }

    /// The scene's pixels, copied out (for frames encoded elsewhere).
    ///
    /// - Throws: ``RenderError`` as ``Scene/render(as:)`` does.
    func renderPixels(_ scene: Scene) throws(RenderError) -> RasterPixels {
        try withRaster(scene) { pixels, _, _, stride throws(RenderError) in
            RasterPixels(bytes: Array(pixels), stride: stride)
        }
    }

    /// Draws `scene` on an image surface, starting from the kept pixels of the layers under its
    /// progress when they are the same, and hands the pixels to `body`.
    func withRaster<R>(
        _ scene: Scene,
        _ body: (UnsafeRawBufferPointer, _ width: Int, _ height: Int, _ stride: Int) throws(RenderError) -> R
    ) throws(RenderError) -> R {
        try scene.validate(for: .png)
        let (width, height) = scene.pixelSize
        let surface = try CairoSurface(imageWidth: width, height: height)
        let context = try CairoContext(surface)
        context.scale(by: scene.scale)
        let under = scene.layers[..<min(scene.progress?.layerIndex ?? 0, scene.layers.count)]
        if let base, base.width == width, base.height == height, base.scale == scene.scale, base.layers == under,
            !under.isEmpty
        {
            surface.setPixels(base.pixels)
        } else if !under.isEmpty {
            try context.draw(under, scale: scene.scale)
            let pixels = try surface.withPixels { pixels, _, _, _ throws(RenderError) in Array(pixels) }
            base = (width, height, scene.scale, under, pixels)
        }
        try context.draw(scene.layers[under.endIndex...], scale: scene.scale)
        return try surface.withPixels(body)
    }
}

/// A scene's pixels as Cairo draws them: rows of premultiplied native-endian ARGB words, `stride`
/// bytes apart, copied out of the surface so they can cross threads.
struct RasterPixels: Sendable {
    var bytes: [UInt8]
    var stride: Int
}
