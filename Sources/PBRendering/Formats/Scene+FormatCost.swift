import PBScene

extension Scene {
    /// An estimate of the time rendering the scene in `format` takes
    /// (`Scene.estimatedRenderCost(for:)` with the format's target).
    ///
    /// - Parameter compression: how a PNG is compressed (``PNGCompression/small`` costs more a pixel).
    public func estimatedRenderCost(for format: ImageFormat, compression: PNGCompression = .default) -> RenderCost {
        estimatedRenderCost(for: format.target(compression: compression))
    }

    /// Refuses the scene when its estimated cost in `format` is above `limit`
    /// (`Scene.checkRenderCost(for:limit:)` with the format's target).
    ///
    /// - Throws: `RenderError` `.renderTooCostly` with the estimate and the limit.
    public func checkRenderCost(
        for format: ImageFormat, compression: PNGCompression = .default, limit: RenderCost = Scene.maximumRenderCost
    ) throws(RenderError) {
        try checkRenderCost(for: format.target(compression: compression), limit: limit)
    }
}

extension Timeline {
    /// An estimate of the time all frames take to render as an animated PNG compressed as
    /// `compression` says (`Timeline.estimatedRenderCost(for:)`).
    ///
    /// - Throws: `RenderError` when a frame's scene cannot be made.
    public func estimatedRenderCost(compression: PNGCompression = .default) throws(RenderError) -> RenderCost {
        try estimatedRenderCost(for: ImageFormat.apng.target(compression: compression))
    }
}
