/// Where a progress indicator's label goes.
public enum LabelPosition: String, CaseIterable, Hashable, Sendable {
    /// In the middle of the shape: the centre of a ring (the default for round shapes and for paths whose
    /// subpaths are all closed).
    case center
    /// Above the shape, centred (the default for bars and for paths with an open subpath).
    case above
    /// Below the shape, centred.
    case below
    /// Beside the shape where lines of the label start: left of it for left-to-right text,
    /// right of it for right-to-left text.
    case leading
    /// Beside the shape where lines of the label end.
    case trailing
    /// Following the end of the progress: above it on a bar, inside a round shape, on the left
    /// of the direction of travel on a path.
    case end
}
