import PBGeometry
import PBStyle

/// A document at one moment of its progress: what ``SVGDocumentMeasure/rewritten(_:)`` writes
/// into it for librsvg or a browser to draw. The caller (PBScene's layout) places the progress:
/// which part of each element's stroke shows, which fills and content show, and the strokes the
/// progress draws with.
public struct SVGDocumentAppearance: Hashable, Sendable {
    /// One part of an element's stroke: `start...end` of its length on the canvas, shifted by
    /// `offset` (wrapping round its end), as `PathMeasure.trimmedPieces(from:to:offset:scope:)`
    /// cuts it.
    public struct Part: Hashable, Sendable {
        /// Where it starts, as a fraction of the element's length.
        public var start: Double
        /// Where it ends.
        public var end: Double
        /// A shift of both, wrapping round the end.
        public var offset: Double

        /// A part.
        public init(start: Double, end: Double, offset: Double = 0) {
            self.start = start
            self.end = end
            self.offset = offset
        }
    }

    /// How one element of ``SVGDocument/elements`` shows.
    public struct Element: Hashable, Sendable {
        /// The parts of its stroke shown (its own stroke, or for an element without one its
        /// outline in ``SVGDocumentAppearance/progress``); none: nothing.
        public var parts: [Part]
        /// Whether its fill and markers show.
        public var showsFill: Bool
        /// Whether an element without a stroke of its own is outlined (false once it shows its
        /// fill alone, complete).
        public var showsOutline: Bool
        /// Whether its track shows beneath (when ``SVGDocumentAppearance/track`` is set).
        public var showsTrack: Bool
        /// For a live document: how the element follows the page's value, instead of ``parts``
        /// and ``showsFill``; `nil` where it cannot (see ``SVGDocumentMeasure/liveProblem(_:)``).
        public var live: Live?

        /// An element's appearance.
        public init(
            parts: [Part], showsFill: Bool, showsOutline: Bool = true, showsTrack: Bool = true, live: Live? = nil
        ) {
            self.parts = parts
            self.showsFill = showsFill
            self.showsOutline = showsOutline
            self.showsTrack = showsTrack
            self.live = live
        }
    }

    /// How a live element follows the page's value `p` (``SVGDocumentAppearance/liveValue``).
    public struct Live: Hashable, Sendable {
        /// How its stroke's part follows the value.
        public var map: LiveMap
        /// The value from which its fill and markers show; `nil`: ``Element/showsFill`` decides.
        public var fillFrom: Double?
        /// The value from which an outline (the progress stroke of an element without a stroke
        /// of its own) and its track hide, the element then shown by its fill alone; `nil`: never.
        public var outlineHidesFrom: Double?

        /// A live element.
        public init(map: LiveMap, fillFrom: Double? = nil, outlineHidesFrom: Double? = nil) {
            self.map = map
            self.fillFrom = fillFrom
            self.outlineHidesFrom = outlineHidesFrom
        }
    }

    /// A stroke the progress draws with, in CSS: what an element without a stroke of its own is
    /// outlined with, and what overrides the document's own strokes where ``overrides`` says.
    public struct Stroke: Hashable, Sendable {
        /// The paint: a CSS colour (`#007AFF`).
        public var paint: String
        /// A custom property that changes the paint where it is set (`--pbrender-progress`, which
        /// an SVG's dark rule sets), or `nil`: written after the paint, so that a renderer without
        /// custom properties (librsvg 2.54) keeps the paint.
        public var variable: String?
        /// The width on the canvas, in points; `nil` for an outline's 1 user unit (or an element's
        /// own width).
        public var width: Double?
        public var lineCap: LineCap
        public var lineJoin: LineJoin
        public var miterLimit: Double
        /// Dash and gap lengths on the canvas, in points; empty for a solid line.
        public var dash: [Double]
        /// How far into the dash pattern the line starts, in points.
        public var dashPhase: Double

        /// A stroke.
        public init(
            paint: String, width: Double? = nil, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter,
            miterLimit: Double = 4, dash: [Double] = [], dashPhase: Double = 0
        ) {
            self.paint = paint
            self.width = width
            self.lineCap = lineCap
            self.lineJoin = lineJoin
            self.miterLimit = miterLimit
            self.dash = dash
            self.dashPhase = dashPhase
        }
    }

    /// Which properties of the document's own strokes ``progress`` replaces.
    public struct Overrides: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let paint = Overrides(rawValue: 1 << 0)
        public static let width = Overrides(rawValue: 1 << 1)
        public static let lineCap = Overrides(rawValue: 1 << 2)
        public static let lineJoin = Overrides(rawValue: 1 << 3)
        public static let miterLimit = Overrides(rawValue: 1 << 4)
        public static let dash = Overrides(rawValue: 1 << 5)
    }

    /// The root's size in the rewrite: the canvas (the document's `viewBox`, or its own canvas,
    /// is mapped onto it as its `preserveAspectRatio` says).
    public var size: Size
    /// One a document element.
    public var elements: [Element]
    /// For each of the document's ``SVGDocument/content``, whether it shows.
    public var showsContent: [Bool]
    /// Whether parts are fractions of each element's whole path or of each of its subpaths.
    public var trimScope: TrimScope
    /// The progress stroke.
    public var progress: Stroke
    /// What of the document's own strokes ``progress`` replaces.
    public var overrides: Overrides
    /// The track: a copy beneath each element, in this paint, with the element's own width or
    /// this one (points on the canvas); `nil` for none.
    public var track: Stroke?
    /// For a live document: the CSS expression of the value (`var(--progress, 0.5)`); the
    /// rewrite then follows it by each element's ``Element/live`` and ``contentFrom``.
    public var liveValue: String?
    /// For a live document: for each of the document's ``SVGDocument/content``, the value from
    /// which it shows (0: always).
    public var contentFrom: [Double]
    /// For a live document: whether each element's part runs from its end backwards (a drawing
    /// counterclockwise), as ``Element/parts`` were mirrored for a still one.
    public var isReversed: Bool
    /// Attributes added to the root (`role`, ARIA values, a class), written as given.
    public var rootAttributes: [(name: String, value: String)]
    /// Markup written first inside the root (a title, a style sheet).
    public var prologue: String
    /// Markup written last inside the root (labels).
    public var epilogue: String
    /// What the ids the rewrite adds start with (copies of `<use>` targets).
    public var idPrefix: String

    /// An appearance.
    public init(
        size: Size, elements: [Element], showsContent: [Bool], trimScope: TrimScope = .wholePath, progress: Stroke,
        overrides: Overrides = [], track: Stroke? = nil, liveValue: String? = nil, contentFrom: [Double] = [],
        isReversed: Bool = false, rootAttributes: [(name: String, value: String)] = [], prologue: String = "",
        epilogue: String = "",
        idPrefix: String = "pb"
    ) {
        self.size = size
        self.elements = elements
        self.showsContent = showsContent
        self.trimScope = trimScope
        self.progress = progress
        self.overrides = overrides
        self.track = track
        self.liveValue = liveValue
        self.contentFrom = contentFrom
        self.isReversed = isReversed
        self.rootAttributes = rootAttributes
        self.prologue = prologue
        self.epilogue = epilogue
        self.idPrefix = idPrefix
    }

    public static func == (lhs: SVGDocumentAppearance, rhs: SVGDocumentAppearance) -> Bool {
        lhs.size == rhs.size && lhs.elements == rhs.elements && lhs.showsContent == rhs.showsContent
            && lhs.trimScope == rhs.trimScope && lhs.progress == rhs.progress && lhs.overrides == rhs.overrides
            && lhs.track == rhs.track && lhs.liveValue == rhs.liveValue && lhs.contentFrom == rhs.contentFrom
            && lhs.isReversed == rhs.isReversed
            && lhs.rootAttributes.map(\.name) == rhs.rootAttributes.map(\.name)
            && lhs.rootAttributes.map(\.value) == rhs.rootAttributes.map(\.value) && lhs.prologue == rhs.prologue
            && lhs.epilogue == rhs.epilogue && lhs.idPrefix == rhs.idPrefix
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(size.width)
        hasher.combine(size.height)
        hasher.combine(elements)
        hasher.combine(showsContent)
    }
}
