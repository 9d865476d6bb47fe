import PBGeometry

/// The most an SVG document may hold before ``SVGDocument/init(data:fileName:limits:)`` refuses
/// it: every bound is checked while reading, so a hostile document costs at most a bounded
/// amount of time and memory.
///
/// The defaults (``default``) are far above any icon, logo or exported drawing (bootstrap-icons'
/// largest file has 9 elements, a detailed Inkscape illustration a few thousand) and keep the
/// worst document cheap: libxml2 builds a tree of at most ``maximumSize`` bytes (a few times that
/// in memory), and ``maximumElementCount`` bounds both the elements read and the shapes `<use>`
/// can multiply them into.
public struct SVGDocumentLimits: Hashable, Sendable {
    /// The most bytes of the document. Default 8 MiB (8,388,608), the command line's input limit.
    public var maximumSize: Int
    /// The deepest nesting of elements (the root is at depth 1). Default 128 (libxml2's own limit,
    /// 256, is never reached).
    public var maximumDepth: Int
    /// The most elements in the document, and separately the most elements visited while
    /// drawing it, each `<use>` expansion counted again (a chain of groups each using the one
    /// before twice would otherwise double at each link). Default 100,000.
    public var maximumElementCount: Int
    /// The limits on each shape's path data (`d`) and on each shape drawn.
    public var pathData: SVGPathDataLimits

    /// Limits with the given bounds; see each property for its default.
    public init(
        maximumSize: Int = 8 << 20, maximumDepth: Int = 128, maximumElementCount: Int = 100_000,
        pathData: SVGPathDataLimits = .default
    ) {
        self.maximumSize = maximumSize
        self.maximumDepth = maximumDepth
        self.maximumElementCount = maximumElementCount
        self.pathData = pathData
    }

    /// 8 MiB, depth 128, 100,000 elements, the default path data limits.
    public static let `default` = SVGDocumentLimits()
}
