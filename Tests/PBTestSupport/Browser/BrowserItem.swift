/// One picture for a ``Browser`` to render: an SVG document or an HTML snippet in a cell of
/// its own, `width` x `height` CSS pixels (one device pixel each), on a white page.
///
/// ```swift
/// let image = BrowserItem.image(svg: svgText, width: 256, height: 256)
/// let live = BrowserItem.inline(svg: liveSVG, width: 256, height: 256, style: "--progress: 0.3")
/// let frame = BrowserItem.inline(svg: animatedSVG, width: 256, height: 256, time: 0.25)
/// ```
///
/// Inline content (``Content/inlineSVG(_:)`` and ``Content/html(_:)``) goes into its own shadow
/// root, attached to the cell's host element, so one item's `<style>` rules, ids and
/// `@keyframes` cannot reach another's; CSS custom properties such as `--progress` are
/// inherited from the host (``style``) into it, as from any ancestor. Inside a shadow root,
/// `:root` and `html` selectors match nothing: an SVG that sets its own initial value should do
/// it on its `svg` element or as a `var(--progress, 0.5)` fallback. Its `@property` rules (which
/// Chromium ignores inside a shadow tree) are registered on the page, as they are for an SVG
/// inlined in a document; the first registration of a name wins.
public struct BrowserItem: Hashable, Sendable {
    /// What the cell shows.
    public enum Content: Hashable, Sendable {
        /// An SVG document shown as `<img src="data:image/svg+xml;base64,…">`, sized to the cell
        /// (as `<img width height>` in a page). Scripts and the page's CSS do not reach it; its
        /// own media queries do.
        case svgImage(String)
        /// An SVG document's markup inline in the page, its outermost `<svg>` displayed as a
        /// block at the cell's top left corner. An XML declaration or doctype is ignored.
        case inlineSVG(String)
        /// HTML markup inline in the page (styles, SVG, text, images).
        case html(String)
    }

    /// What the cell shows.
    public var content: Content
    /// The cell's width in CSS pixels (= device pixels), 1...``maximumDimension``.
    public var width: Int
    /// The cell's height in CSS pixels (= device pixels), 1...``maximumDimension``.
    public var height: Int
    /// CSS declarations for the cell's host element, the parent of the content, e.g.
    /// `"--progress: 0.3"`. Default none.
    public var style: String
    /// For inline content: the time in seconds at which its animations are captured. Every CSS
    /// animation and transition in the item is paused with its current time set to this
    /// (Web Animations `currentTime`, so an animation's own delay counts as it would on a page
    /// shown at time 0), and SMIL animations are paused at it (`setCurrentTime`). `nil` (the
    /// default) leaves animations running: their state in the picture is then whatever it
    /// was at capture. Must be `nil` for ``Content/svgImage(_:)``, whose animations scripts
    /// cannot reach.
    public var time: Double?

    /// The largest cell width or height.
    public static let maximumDimension = 8192

    /// Creates an item.
    ///
    /// - Parameters:
    ///   - content: What the cell shows.
    ///   - width: The cell's width in pixels.
    ///   - height: The cell's height in pixels.
    ///   - style: CSS declarations for the cell's host element (e.g. `"--progress: 0.3"`).
    ///   - time: For inline content, the time in seconds at which animations are captured.
    public init(_ content: Content, width: Int, height: Int, style: String = "", time: Double? = nil) {
        self.content = content
        self.width = width
        self.height = height
        self.style = style
        self.time = time
    }

    /// An SVG document shown as an `<img>` from a `data:` URL.
    ///
    /// - Parameters:
    ///   - svg: The SVG document.
    ///   - width: The cell's (and image's) width in pixels.
    ///   - height: The cell's (and image's) height in pixels.
    ///   - style: CSS declarations for the cell's host element.
    public static func image(svg: String, width: Int, height: Int, style: String = "") -> BrowserItem {
        BrowserItem(.svgImage(svg), width: width, height: height, style: style)
    }

    /// An SVG document inline in the page, where CSS custom properties set in `style` reach it.
    ///
    /// - Parameters:
    ///   - svg: The SVG document.
    ///   - width: The cell's width in pixels.
    ///   - height: The cell's height in pixels.
    ///   - style: CSS declarations for the SVG's parent (e.g. `"--progress: 0.3"`).
    ///   - time: The time in seconds at which its animations are captured, or `nil`.
    public static func inline(
        svg: String, width: Int, height: Int, style: String = "", time: Double? = nil
    ) -> BrowserItem {
        BrowserItem(.inlineSVG(svg), width: width, height: height, style: style, time: time)
    }

    /// An HTML snippet inline in the page.
    ///
    /// - Parameters:
    ///   - markup: The HTML.
    ///   - width: The cell's width in pixels.
    ///   - height: The cell's height in pixels.
    ///   - style: CSS declarations for the snippet's parent.
    ///   - time: The time in seconds at which its animations are captured, or `nil`.
    public static func html(
        _ markup: String, width: Int, height: Int, style: String = "", time: Double? = nil
    ) -> BrowserItem {
        BrowserItem(.html(markup), width: width, height: height, style: style, time: time)
    }

    /// The first thing that keeps this item from rendering, if any: a size outside
    /// 1...``maximumDimension``, a time that is not finite, or a time on an SVG image.
    var problem: String? {
        let range = 1...Self.maximumDimension
        guard range.contains(width) && range.contains(height) else {
            return "the cell is \(width) x \(height) pixels; each side must be 1...\(Self.maximumDimension)"
        }
        if let time {
            guard time.isFinite else { return "the time must be a finite number of seconds, not \(time)" }
            if case .svgImage = content {
                return "a time needs inline content: scripts cannot reach the animations of an <img>"
            }
        }
        return nil
    }
}
