import PBGeometry

/// One shape of a document that the progress draws along: its tag and `id`, its path on the
/// canvas (every transform, the `viewBox` and any `<use>` applied exactly), the transform that
/// took it there, and what the progress needs of its style.
///
/// A shape is drawn along when it strokes, or when its fill paints (the progress then draws its
/// outline). The geometry is constant, so that ``path`` always is ``localPath`` mapped by
/// ``transform``.
///
/// Basic shapes are their SVG 2 equivalent paths, as librsvg and browsers stroke them: a `rect`
/// starts at `(x + rx, y)` and runs clockwise along the top, with its corners as quarter arcs; a
/// `circle` or `ellipse` starts at its rightmost point and runs clockwise on screen in four quarter
/// arcs; a `polygon` is closed, a `polyline` and a `line` are not.
public struct SVGElement: Hashable, Sendable {
    /// The element's name: `path`, `rect`, `circle`, `ellipse`, `line`, `polyline` or `polygon`.
    public let tag: String
    /// The element's `id`, if it has one (for a shape drawn by a `<use>`, the shape's own).
    public let id: String?
    /// The outline on the canvas, in canvas units (pixels at scale 1).
    public let path: Path
    /// The outline in the element's own user space, before ``transform``.
    public let localPath: Path
    /// The map from the element's user space to the canvas: its own `transform`, its ancestors'
    /// (and any `<use>`'s), and the `viewBox`'s. `path` is `localPath` mapped by it; strokes are
    /// widths in user units, mapped by it too.
    public let transform: Transform
    /// What the progress needs of the element's computed style.
    public let style: SVGStyle
    /// The line of the element in the document (1-based).
    public let line: Int
    /// The element in the document's tree.
    let node: Int
    /// The `<use>` instance it is drawn in (0: the document itself).
    let instance: Int

    /// The stroke width as drawn on the canvas, for a line of the element's own width: its
    /// ``SVGStyle/strokeWidth`` (or 1 user unit when it has no stroke of its own) times the
    /// transform's mean scale `√|det|`. Exact for transforms that scale uniformly (with rotations
    /// and mirrors); under a non-uniform scale or a skew the true stroke's width varies along
    /// the path, and this is its geometric mean.
    public var canvasLineWidth: Double {
        (style.hasStroke ? style.strokeWidth : 1) * abs(transform.determinant).squareRoot()
    }

    /// Creates an element; ``path`` is `localPath` mapped by `transform`.
    init(
        tag: String, id: String?, localPath: Path, transform: Transform, style: SVGStyle, line: Int, node: Int,
        instance: Int
    ) {
        self.tag = tag
        self.id = id
        self.localPath = localPath
        self.transform = transform
        self.path = transform.isIdentity ? localPath : localPath.transformed(by: transform)
        self.style = style
        self.line = line
        self.node = node
        self.instance = instance
    }

    /// The same element mapped on by `transform` (a document fitted to another canvas).
    func mapped(by transform: Transform) -> SVGElement {
        SVGElement(
            tag: tag, id: id, localPath: localPath, transform: self.transform.concatenating(transform), style: style,
            line: line, node: node, instance: instance)
    }
}
