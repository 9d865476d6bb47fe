import PBScene

extension Timeline {
    /// The timeline as one animated SVG: CSS keyframes play it (the progress as the live SVG's
    /// `--progress`, registered with `@property`, with the same timing curve as
    /// `cubic-bezier(…)`; an indeterminate style looping forever); a viewer who prefers reduced
    /// motion sees the end state (an indeterminate one its first frame).
    ///
    /// - Throws: `RenderError` as `Scene.svgData(isLive:)` does; `.notApplicable` for an
    ///   indeterminate arc or bar on a path of several subpaths.
    public func animatedSVG() throws(RenderError) -> [UInt8] {
        let first = try scene(ofFrame: 0)
        try first.validate(for: ImageFormat.svg)
        return Array(try SVGWriter.document(for: self).utf8)
    }
}
