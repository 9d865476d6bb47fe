import PBRendering

extension RenderJob {
    /// `scene` with its progress layer's trim offset (Lottie's) set to `offset`, in the light
    /// and the dark layers: the drawn window moves by that fraction of the length and, on a
    /// closed path, wraps across the seam as one piece.
    ///
    /// - Complexity: O(1) (the scene's layers are copied on write).
    static func offsetting(_ scene: Scene, by offset: Double) -> Scene {
        guard offset != 0, let index = scene.progress?.layerIndex else { return scene }
        var scene = scene
        if index < scene.layers.count, case .shape(var layer) = scene.layers[index] {
            layer.trimOffset = offset
            scene.layers[index] = .shape(layer)
        }
        if let dark = scene.darkLayers, index < dark.count, case .shape(var layer) = dark[index] {
            layer.trimOffset = offset
            scene.darkLayers?[index] = .shape(layer)
        }
        return scene
    }
}

extension RenderOptions {
    /// Refuses `--offset` where the rest of the picture would not move with the window: an
    /// animation or frames, a live SVG, several values, a progress fill, colour stops, a label.
    ///
    /// - Throws: a usage error naming what `--offset` does not go with.
    func checkOffset() throws(CommandLineError) {
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
