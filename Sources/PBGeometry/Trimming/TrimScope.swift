/// What the fractions of a trim are fractions of, on a path with several subpaths.
public enum TrimScope: Hashable, Sendable {
    /// Fractions of the whole path's length, in drawing order: the semantics of
    /// `CAShapeLayer.strokeEnd`, SwiftUI's `trim(from:to:)` and Skia's `SkTrimPathEffect`.
    /// The default.
    case wholePath
    /// Each subpath trimmed by the same fractions of its own length (Lottie's "trim
    /// individually").
    case eachSubpath
}
