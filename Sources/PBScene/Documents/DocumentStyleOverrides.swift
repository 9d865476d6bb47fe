/// The stroke properties an indicator's style sets for every element of a document, instead of
/// each element's own: what the command line's style flags name.
public struct DocumentStyleOverrides: OptionSet, Hashable, Sendable {
    /// The set's bits.
    public let rawValue: Int

    /// Creates the set from its raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The colour: the style's progress paint (tint, gradient or colour by value) for every
    /// element, with no `stroke-opacity` (the element's `opacity` stays).
    public static let color = DocumentStyleOverrides(rawValue: 1 << 0)
    /// The line width (the style's, in points on the canvas).
    public static let lineWidth = DocumentStyleOverrides(rawValue: 1 << 1)
    /// The caps.
    public static let lineCap = DocumentStyleOverrides(rawValue: 1 << 2)
    /// The joins.
    public static let lineJoin = DocumentStyleOverrides(rawValue: 1 << 3)
    /// The miter limit.
    public static let miterLimit = DocumentStyleOverrides(rawValue: 1 << 4)
    /// The dash pattern and phase (in points on the canvas).
    public static let dash = DocumentStyleOverrides(rawValue: 1 << 5)
    /// Every stroke property.
    public static let all: DocumentStyleOverrides = [.color, .lineWidth, .lineCap, .lineJoin, .miterLimit, .dash]
}
