import PBScene

extension Timeline {
    /// The scene a poster shows apart from the frames: the last frame's, or the indicator at the
    /// poster's progress; `nil` for ``AnimationPoster/first``, which is frame 0 itself.
    ///
    /// - Throws: `RenderError`: `.notApplicable` for a progress of an indeterminate animation,
    ///   which shows activity, not an amount; as ``Timeline/scene(ofFrame:)`` does.
    public func scene(of poster: AnimationPoster) throws(RenderError) -> Scene? {
        switch poster {
        case .first: return nil
        case .last: return try scene(ofFrame: schedule.frameCount - 1)
        case .progress(let progress):
            guard case .progress = motion else {
                throw RenderError(
                    .notApplicable(
                        name: "poster",
                        reason: "an indeterminate animation shows activity, not a progress: use first or last"))
            }
            return try layout.scene(progress: progress, strokeStart: strokeStart)
        }
    }
}
