import PBRendering

extension RenderJob {
    /// The file a job writes when the options name none: `progress.png` for a still image,
    /// `progress.apng` for an animation, `badge.svg` for a badge.
    package static func defaultOutput(_ format: ImageFormat, kind: Kind = .progress) -> String {
        (kind == .badge ? "badge." : "progress.") + format.fileExtension
    }

    /// Refuses output options that do not apply to `format`: a scale other than 1 for a vector
    /// format, a dark appearance for one that carries both, a live image for one that cannot be.
    ///
    /// - Parameter scaleAdvice: what to do instead of scaling a vector image, after the reason.
    /// - Throws: a usage error naming the option.
    package static func check(
        _ format: ImageFormat, scale: Double, appearance: Appearance, isLive: Bool,
        scaleAdvice: Sentence? =
            "set \(option: "width") and \(option: "height") instead (with \(option: "view-box") a path's coordinates scale too)"
    ) throws(CommandLineError) {
        if !format.isRaster && scale != 1 {
            let raster = ImageFormat.stillFormats.filter(\.isRaster)
            let vector = ImageFormat.all.filter { !$0.isRaster }
            throw .usage(
                "\(theOption: "scale") applies to \(ImageFormat.list(raster, displayNames: true)) output only: "
                    + "\(ImageFormat.list(vector, displayNames: true, conjunction: "and")) are vector (sized in points)"
                    + (scaleAdvice.map { "; " + $0 } ?? Sentence("")))
        }
        if isLive && !format.canBeLive {
            throw .usage("\(theOption: "live") writes SVG only (an SVG that a page's CSS drives); use -o with .svg")
        }
        if appearance != .light && format.carriesBothAppearances {
            let others = ImageFormat.all.filter { !$0.carriesBothAppearances && $0.canHoldStill }
            throw .usage(
                "\(theOption: "appearance") applies to \(ImageFormat.list(others, displayNames: true, conjunction: "and")): "
                    + "\(format.phrase) carries both appearances and follows the viewer's")
        }
    }

    /// Takes the values of format options, refusing one the job's format does not read: `--matte`
    /// for a PNG says it applies to GIF only.
    ///
    /// - Throws: a usage error naming the first option the format does not read.
    package mutating func setFormatOptions(_ values: [String: FormatOption.Value]) throws(CommandLineError) {
        for name in values.keys.sorted() where !format.options.contains(where: { $0.name == name }) {
            let readers = ImageFormat.all.filter { $0.options.contains { $0.name == name } }
            throw .usage(
                "\(theOption: name) applies to \(ImageFormat.list(readers, displayNames: true)) output only, not to "
                    + "\(format.phrase)")
        }
        formatOptions = values
    }

    /// Takes the poster of an animation (`--poster`), refusing it for a still image, frames, or a
    /// format whose animations have no default image of their own.
    ///
    /// - Throws: a usage error saying what a viewer of the format shows instead.
    package mutating func setPoster(_ poster: AnimationPoster?) throws(CommandLineError) {
        guard let poster else { return }
        guard case .animation(let timeline) = content else {
            throw .usage("\(theOption: "poster") chooses the picture of an animation written as one file")
        }
        guard format.readsPoster else {
            let readers = ImageFormat.list(ImageFormat.all.filter(\.readsPoster), displayNames: true)
            let instead = format.posterSupport ?? "there is no picture apart from the frames"
            throw .usage("\(theOption: "poster") applies to \(readers) only: for \(format.phrase), \(instead)")
        }
        do {
            _ = try timeline.scene(of: poster)
        } catch {
            throw CommandLineError(.render(error))
        }
        self.poster = poster
    }
}
