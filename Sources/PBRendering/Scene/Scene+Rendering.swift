extension Scene {
    /// Renders the scene as an image file's bytes.
    ///
    /// The same scene always gives the same bytes: PNGs carry no time, PDFs a fixed date.
    ///
    /// - Parameter format: PNG (at ``scale``), SVG or PDF.
    /// - Throws: ``RenderError``: an input error (`isInputError`) when ``validate(for:)`` fails;
    ///   `.cairo` or `.encoding` when drawing or encoding fails.
    public func render(as format: ImageFormat) throws(RenderError) -> [UInt8] {
        switch format {
        case .png: try renderPNG(encoder: PNGEncoder())
        case .svg: try renumberingSurfaceIDs(renderVector(.svg))
        case .pdf: try renderVector(.pdf)
        }
    }

    /// Renders a PNG with an encoder that may be reused across frames.
    func renderPNG(encoder: PNGEncoder) throws(RenderError) -> [UInt8] {
        try withRaster { pixels, width, height, stride throws(RenderError) in
            try encoder.encode(pixels, width: width, height: height, stride: stride)
        }
    }

    /// Renders the scene to pixels: what the PNG holds, without encoding it.
    ///
    /// - Throws: ``RenderError`` as ``render(as:)`` does.
    public func renderImage() throws(RenderError) -> RGBAImage {
        try withRaster { pixels, width, height, stride throws(RenderError) in
            RGBAImage(premultipliedARGB: pixels, width: width, height: height, stride: stride)
        }
    }

    /// Draws the scene on an image surface at ``scale`` and hands its premultiplied ARGB rows to
    /// `body`.
    private func withRaster<R>(
        _ body: (UnsafeRawBufferPointer, _ width: Int, _ height: Int, _ stride: Int) throws(RenderError) -> R
    ) throws(RenderError) -> R {
        try validate(for: .png)
        let (pixelWidth, pixelHeight) = pixelSize
        let surface = try CairoSurface(imageWidth: pixelWidth, height: pixelHeight)
        let context = try CairoContext(surface)
        context.scale(by: scale)
        try context.draw(self)
        return try surface.withPixels(body)
    }

    /// Draws the scene on a Cairo vector surface and returns the document.
    private func renderVector(_ format: CairoSurface.VectorFormat) throws(RenderError) -> [UInt8] {
        try validate(for: format == .svg ? .svg : .pdf)
        let surface = try CairoSurface(vector: format, width: width, height: height)
        try CairoContext(surface).draw(self)
        try surface.finish()
        return surface.sink?.bytes ?? []
    }
}
