import PBGeometry

/// The most an SVG document may hold before ``SVGDocument/init(data:fileName:limits:)`` refuses
/// it, so that a hostile document costs at most a bounded amount of time and memory.
///
/// Each bound is checked before the work it bounds: the size and the attributes of each element
/// before libxml2 parses the bytes; the depth and the element count while the tree is copied;
/// then, before anything is expanded, resolved or drawn, what drawing will cost, counted from the
/// tree with each `<use>` multiplying what it refers to (the elements drawn, their path segments
/// and dash entries) and what matching the `<style>` sheets against the elements can cost. The
/// refusal names the budget and the count: `the document draws 5.0 × 10^7 path segments …; the
/// limit is 1,000,000`.
///
/// The defaults (``default``) are far above any icon, logo or exported drawing (bootstrap-icons'
/// largest file has 9 elements, a detailed Inkscape illustration a few thousand elements and a
/// few hundred thousand segments). Together they keep what one document can make pbrender hold
/// under 512 MiB, and its reading and drawing within a few seconds (the tests draw a document at
/// every budget's limit at once and measure it: `HostileDocumentTests`); the pixels of the
/// canvas are bounded apart (the canvas limits of PBRendering's `Scene`, and a server's pixel budget).
public struct SVGDocumentLimits: Hashable, Sendable {
    /// The most bytes of the document. Default 8 MiB (8,388,608), the command line's input limit.
    public var maximumSize: Int
    /// The deepest nesting of elements (the root is at depth 1), in the document and while
    /// drawing it, where each `<use>` nests its target one deeper. Default 128 (libxml2's own
    /// limit, 256, is never reached).
    public var maximumDepth: Int
    /// The most elements in the document. Default 100,000 (about 200 MiB of memory while the
    /// document is read, 6.5 MB of plain rectangles).
    public var maximumElementCount: Int
    /// The most elements drawn, each `<use>` expansion counted again (a chain of groups each using
    /// the one before ten times multiplies by ten at each link). Default 20,000 (about 9 KB each
    /// while they are drawn).
    public var maximumDrawnElementCount: Int
    /// The most attributes on one element, counted in the bytes before libxml2 parses them
    /// (libxml2 looks for duplicates in time quadratic in their number), each declaration of its
    /// `style` attribute counted as one more. Default 1,000.
    public var maximumAttributeCount: Int
    /// The most path segments drawn: each shape's segments times the times it is drawn (a
    /// 10,000-segment path used 1,000 times is 10^7). Default 250,000 (about 550 bytes each while
    /// they are drawn).
    public var maximumDrawnSegmentCount: Int
    /// The most `stroke-dasharray` entries drawn (each element's entries times the times it is
    /// drawn), and the most dashes laid along the strokes (each dashed element's length over its
    /// pattern's period, plus one, times the pattern's dashes: Cairo lays every one, on the canvas or off
    /// it). Default 1,000,000.
    public var maximumDrawnDashCount: Int
    /// The most rules in the document's `<style>` sheets (each selector of a comma list counts
    /// as one); reading the sheets stops past it. Default 10,000.
    public var maximumStyleRuleCount: Int
    /// The most declarations in the document's `<style>` sheets (those of a rule with a selector
    /// list counted once for each selector); reading the sheets stops past it. Default 100,000.
    public var maximumStyleDeclarationCount: Int
    /// The most style steps drawing the document may take: for each element drawn (each `<use>`
    /// expansion counted again), the rules its type, classes and id could match, one more than
    /// each one's declarations, and its own attributes and `style` declarations. Default 1,000,000 (each step, with the work of the
    /// declaration it takes, is about 2.5 µs: a second and a half at the limit).
    public var maximumStyleMatchCount: Int
    /// The limits on each shape's path data (`d`) and on each shape drawn.
    public var pathData: SVGPathDataLimits

    /// Limits with the given bounds; see each property for its default.
    public init(
        maximumSize: Int = 8 << 20, maximumDepth: Int = 128, maximumElementCount: Int = 100_000,
        maximumDrawnElementCount: Int = 20_000, maximumAttributeCount: Int = 1_000,
        maximumDrawnSegmentCount: Int = 250_000,
        maximumDrawnDashCount: Int = 1_000_000, maximumStyleRuleCount: Int = 10_000,
        maximumStyleDeclarationCount: Int = 100_000, maximumStyleMatchCount: Int = 1_000_000,
        pathData: SVGPathDataLimits = .default
    ) {
        self.maximumDrawnElementCount = maximumDrawnElementCount
        self.maximumAttributeCount = maximumAttributeCount
        self.maximumDrawnSegmentCount = maximumDrawnSegmentCount
        self.maximumDrawnDashCount = maximumDrawnDashCount
        self.maximumStyleRuleCount = maximumStyleRuleCount
        self.maximumStyleDeclarationCount = maximumStyleDeclarationCount
        self.maximumStyleMatchCount = maximumStyleMatchCount
        self.maximumSize = maximumSize
        self.maximumDepth = maximumDepth
        self.maximumElementCount = maximumElementCount
        self.pathData = pathData
    }

    /// 8 MiB, depth 128, 100,000 elements of which 20,000 drawn, 1,000 attributes an element,
    /// 250,000 segments and 10^6 dash entries drawn, 10,000 style rules of 100,000 declarations
    /// applied in 10^6 steps, the default path data limits.
    public static let `default` = SVGDocumentLimits()
}
