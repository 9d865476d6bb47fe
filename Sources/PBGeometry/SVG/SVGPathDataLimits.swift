/// The most SVG path data ``Path/init(svgPathData:limits:)`` reads: its length, and the segments
/// and subpaths of the path it makes. Anything beyond is an error at the first byte past the
/// limit, not minutes of work and gigabytes of memory in what draws or measures the path.
///
/// The defaults (``default``) are far above any drawn progress indicator (an icon has hundreds of
/// segments) and keep the worst path cheap: measuring 100,000 segments takes about 0.2 s and
/// 60 MB on a 2-core x86-64 machine, and 10,000 subpaths, each stroked with its own caps, take
/// about 0.6 s to render; 100,000 subpaths took 15 s and 570 MB, 2 million ran out of memory
/// when trimmed subpath by subpath.
public struct SVGPathDataLimits: Hashable, Sendable {
    /// The most bytes (UTF-8) of path data.
    public var maximumLength: Int
    /// The most drawn segments: lines, curves, arcs and closing lines (`Z`), each set of a
    /// repeated command counting once.
    public var maximumSegmentCount: Int
    /// The most subpaths (each move, and each segment that starts a new subpath after a `Z`).
    public var maximumSubpathCount: Int

    /// Limits with the given bounds.
    ///
    /// - Parameters:
    ///   - maximumLength: the most bytes of path data (default 4 MiB, 4,194,304).
    ///   - maximumSegmentCount: the most segments (default 100,000).
    ///   - maximumSubpathCount: the most subpaths (default 10,000).
    public init(
        maximumLength: Int = 4 << 20, maximumSegmentCount: Int = 100_000, maximumSubpathCount: Int = 10_000
    ) {
        self.maximumLength = maximumLength
        self.maximumSegmentCount = maximumSegmentCount
        self.maximumSubpathCount = maximumSubpathCount
    }

    /// 4 MiB of data, 100,000 segments, 10,000 subpaths.
    public static let `default` = SVGPathDataLimits()

    /// No limits (`Int.max` each): for data from a trusted source only.
    public static let unlimited = SVGPathDataLimits(
        maximumLength: .max, maximumSegmentCount: .max, maximumSubpathCount: .max)
}
