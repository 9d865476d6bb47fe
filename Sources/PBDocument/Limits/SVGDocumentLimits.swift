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
    /// The deepest nesting of elements (the root is at depth 1), in the document and while
    /// drawing it, where each `<use>` nests its target one deeper. Default 128 (libxml2's own
    /// limit, 256, is never reached).
    public var maximumDepth: Int
    /// The most elements in the document, and separately the most elements visited while
    /// drawing it, each `<use>` expansion counted again (a chain of groups each using the one
    /// before twice would otherwise double at each link). Default 100,000.
    public var maximumElementCount: Int
    /// The most rules in the document's `<style>` sheets (each selector of a comma list counts
    /// as one). Matching them against the elements may look at rules and take declarations
    /// 1,000 times as often (10 million by default), so that a sheet of rules that each match
    /// every element cannot take minutes. Default 10,000.
    public var maximumStyleRuleCount: Int
    /// The limits on each shape's path data (`d`) and on each shape drawn.
    public var pathData: SVGPathDataLimits

    /// Limits with the given bounds; see each property for its default.
    public init(
        maximumSize: Int = 8 << 20, maximumDepth: Int = 128, maximumElementCount: Int = 100_000,
        maximumStyleRuleCount: Int = 10_000, pathData: SVGPathDataLimits = .default
    ) {
        self.maximumStyleRuleCount = maximumStyleRuleCount
        self.maximumSize = maximumSize
        self.maximumDepth = maximumDepth
        self.maximumElementCount = maximumElementCount
        self.pathData = pathData
    }

    /// 8 MiB, depth 128, 100,000 elements, 10,000 style rules, the default path data limits.
    public static let `default` = SVGDocumentLimits()
}
