extension ProgressScene {
    /// Renders the scene as an image file's bytes.
    ///
    /// The same scene always gives the same bytes: PNGs carry no time, PDFs a fixed date.
    ///
    /// - Parameter format: PNG (at ``scale``), SVG or PDF.
    /// - Throws: ``RenderError``: `.invalidScene` for a non-finite or non-positive size, scale or
    ///   fraction, an invalid style, or a dash pattern that lays more than
    ///   ``maximumDashCount`` dashes along the path; `.canvasTooLarge` above ``maximumPixelDimension`` or
    ///   ``maximumPixelCount``; `.cairo` or `.encoding` when drawing or encoding fails.
    public func render(as format: ImageFormat) throws(RenderError) -> [UInt8] {
        switch format {
        case .png:
            return try renderPNG(encoder: PNGEncoder())
        case .svg, .pdf:
            try validate(for: format)
            let surface = try CairoSurface(vector: format, width: width, height: height)
            try draw(on: CairoContext(surface))
            try surface.finish()
            let bytes = surface.sink?.bytes ?? []
            return format == .svg ? renumberingSurfaceIDs(bytes) : bytes
        }
    }

    /// Renders a PNG with an encoder that may be reused across frames.
    func renderPNG(encoder: PNGEncoder) throws(RenderError) -> [UInt8] {
        try validate(for: .png)
        let (pixelWidth, pixelHeight) = pixelSize
        let surface = try CairoSurface(imageWidth: pixelWidth, height: pixelHeight)
        let context = try CairoContext(surface)
        context.scale(by: scale)
        try draw(on: context)
        return try surface.withPixels { pixels, width, height, stride throws(RenderError) in
            try encoder.encode(pixels, width: width, height: height, stride: stride)
        }
    }
}

extension ProgressScene {
    /// Renders the scene to pixels (what the PNG holds, before encoding).
    ///
    /// - Throws: ``RenderError`` as ``render(as:)`` does.
    public func renderImage() throws(RenderError) -> RGBAImage {
        do {
            return try RGBAImage(png: render(as: .png))
        } catch let error as PNGDecodingError {
            throw RenderError(.encoding, error.message)
        } catch let error as RenderError {
            throw error
        } catch {
            throw RenderError(.encoding, "\(error)")
        }
    }
}
