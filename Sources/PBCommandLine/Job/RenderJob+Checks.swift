import PBRendering

extension RenderJob {
    /// The file a job writes when the options name none: `progress.png` for a still image,
    /// `progress.apng` for an animation, `badge.svg` for a badge.
    static func defaultOutput(_ format: OutputFormat, kind: Kind = .progress) -> String {
        (kind == .badge ? "badge." : "progress.") + format.fileExtension
    }

    /// Refuses output options that do not apply to `format`: a scale other than 1 for a vector
    /// format, a dark appearance for one that carries both, a live image for one that cannot be.
    ///
    /// - Parameter scaleAdvice: what to do instead of scaling a vector image, after the reason.
    /// - Throws: a usage error naming the option.
    static func check(
        _ format: OutputFormat, scale: Double, appearance: Appearance, isLive: Bool,
        scaleAdvice: Sentence? =
            "set \(option: "width") and \(option: "height") instead (with \(option: "view-box") a path's coordinates scale too)"
    ) throws(CommandLineError) {
        if !format.isRaster && scale != 1 {
            let raster = OutputFormat.stillFormats.filter(\.isRaster)
            let vector = OutputFormat.allCases.filter { !$0.isRaster }
            throw .usage(
                "\(theOption: "scale") applies to \(OutputFormat.list(raster, displayNames: true)) output only: "
                    + "\(OutputFormat.list(vector, displayNames: true, conjunction: "and")) are vector (sized in points)"
                    + (scaleAdvice.map { "; " + $0 } ?? Sentence("")))
        }
        if isLive && !format.canBeLive {
            throw .usage("\(theOption: "live") writes SVG only (an SVG that a page's CSS drives); use -o with .svg")
        }
        if appearance != .light && format.carriesBothAppearances {
            let others = OutputFormat.allCases.filter { !$0.carriesBothAppearances && $0.stillImageFormat != nil }
            throw .usage(
                "\(theOption: "appearance") applies to \(OutputFormat.list(others, displayNames: true, conjunction: "and")): "
                    + "\(format.phrase) carries both appearances and follows the viewer's")
        }
    }
}
