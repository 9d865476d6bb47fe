import PBRendering

extension RenderOptions {
    /// Refuses `--offset` where the rest of the picture would not move with the window: an
    /// animation or frames, a live SVG, several values, a progress fill, colour stops, a label.
    ///
    /// - Throws: a usage error naming what `--offset` does not go with.
    package func checkOffset() throws(CommandLineError) {
        guard let offset, offset != 0 else { return }
        guard offset.isFinite else {
            throw CommandLineError(.invalidValue(option: "offset", value: "\(offset)", expected: "a finite number"))
        }
        let conflicts: [(Bool, String)] = [
            (isAnimation, "animate-to"), (frames != nil, "frames"), (live, "live"), (values != nil, "values"),
            (indicator.style.progressFillColor != nil, "progress-fill"),
            (indicator.style.progressValueColors != nil, "color-stops"), (label != nil, "label"),
        ]
        if let (_, name) = conflicts.first(where: \.0) {
            throw .usage(
                "\(theOption: "offset") applies to a still image of one progress value, not with \(option: name)")
        }
    }
}
