/// Renders scenes one after another, keeping what it can between them: the PNG encoder's
/// compressor and buffers.
///
/// The bytes are exactly those ``Scene/render(as:)`` gives for the same scene and
/// format; a renderer only makes many frames cheaper (no compressor set-up and no buffer
/// allocation per PNG, once the first frame has set them up).
///
/// ```swift
/// let renderer = SceneRenderer()
/// for step in 0...100 {
///     scene.progress = Double(step) / 100
///     let png = try renderer.render(scene, as: .png)
///     // …
/// }
/// ```
///
/// A renderer is not safe to share between threads: give each thread its own.
public final class SceneRenderer {
    /// Created on the first PNG and kept.
    private var encoder: PNGEncoder?

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
        if let encoder { return try scene.renderPNG(encoder: encoder) }
        let encoder = try PNGEncoder()
        self.encoder = encoder
        return try scene.renderPNG(encoder: encoder)
    }
}
