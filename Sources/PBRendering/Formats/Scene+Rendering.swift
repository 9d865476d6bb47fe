import PBScene

extension Scene {
    /// Renders the scene as an image file's bytes.
    ///
    /// The same scene always gives the same bytes: PNGs and WebPs carry no time, PDFs a fixed
    /// date.
    ///
    /// A WebP is lossless and holds exactly the PNG's pixels (straight RGBA, the same rounding
    /// from Cairo's premultiplied pixels, the same colour under transparent pixels), usually in
    /// fewer bytes; its sides are at most ``maximumWebPPixelDimension`` pixels.
    ///
    /// PNG, WebP and PDF show the layers (use ``appearance(_:)`` for the dark ones); SVG, pbrender's own
    /// writer, carries both appearances, the dark one in a `prefers-color-scheme` rule.
    ///
    /// - Parameter format: PNG or WebP (at ``scale``), SVG or PDF.
    /// - Throws: `RenderError`: an input error (`isInputError`) when ``validate(for:compression:)`` fails;
    ///   `.cairo` or `.encoding` when drawing or encoding fails.
    public func render(as format: ImageFormat) throws(RenderError) -> [UInt8] {
        try render(as: format, compression: .default)
    }

    /// Renders the scene as an image file's bytes, a PNG compressed as `compression` says.
    ///
    /// The same pixels in every mode (decoding the PNG gives ``renderImage()``), and the same
    /// bytes for the same scene and mode. SVG and PDF ignore `compression`.
    ///
    /// - Parameters:
    ///   - format: PNG (at ``scale``), SVG or PDF.
    ///   - compression: the speed or size of a PNG (``PNGCompression``).
    /// - Throws: `RenderError` as ``render(as:)`` does.
    public func render(as format: ImageFormat, compression: PNGCompression) throws(RenderError) -> [UInt8] {
        try SceneRenderer(compression: compression).render(self, as: format)
    }

    /// Checks that the scene can be rendered in `format` (``validate(for:)`` with the format's
    /// limits).
    ///
    /// - Parameter compression: how a PNG is compressed, which its render cost counts
    ///   (``PNGCompression/small`` costs more a pixel).
    /// - Throws: `RenderError` as ``validate(for:)`` does.
    public func validate(for format: ImageFormat, compression: PNGCompression = .default) throws(RenderError) {
        try validate(for: format.target(compression: compression))
    }

    /// Renders the scene to pixels: what the PNG (and the WebP) holds, without encoding it.
    ///
    /// - Throws: `RenderError` as ``render(as:)`` does.
    public func renderImage() throws(RenderError) -> RGBAImage {
        try SceneRenderer().withRaster(self, for: ImageFormat.png.target()) {
            pixels, width, height, stride throws(RenderError) in
            RGBAImage(premultipliedARGB: pixels, width: width, height: height, stride: stride)
        }
    }

    /// Draws the scene on a Cairo PDF surface and returns the document, once it is checked for
    /// `target`.
    func renderPDF(checkedFor target: RenderTarget) throws(RenderError) -> [UInt8] {
        try validate(for: target)
        let surface = try CairoSurface(pdfWidth: width, height: height)
        try CairoContext(surface).draw(self)
        try surface.finish()
        return surface.sink?.bytes ?? []
    }

    /// The scene as an SVG document, by pbrender's own writer: small and exact (arcs stay `A`
    /// commands, numbers have at most three decimals), accessible (``accessibility``), in both
    /// appearances (``darkLayers`` in a `prefers-color-scheme: dark` rule).
    ///
    /// - Parameter isLive: whether the progress follows the CSS custom property `--progress`
    ///   (`--value-1`, `--value-2`, … for several values) when the SVG is inlined in a page, the
    ///   scene's own values being the initial ones. Needs ``progress``.
    /// - Throws: `RenderError` as ``render(as:)`` does; `.notApplicable` for a live SVG of a
    ///   dashed progress.
    public func svgData(isLive: Bool = false) throws(RenderError) -> [UInt8] {
        try validate(for: ImageFormat.svg)
        return Array(try SVGWriter.document(for: self, isLive: isLive).utf8)
    }
}
