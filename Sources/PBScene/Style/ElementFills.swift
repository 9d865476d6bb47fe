/// When a drawing's elements (an SVG document's shapes) are filled with their own fills, under
/// the strokes.
public enum ElementFills: String, CaseIterable, Hashable, Sendable {
    /// Never: only the strokes are drawn (the default, as line-drawing tools draw).
    case none
    /// At every progress.
    case always
    /// Only when the progress is complete, so a drawing finishes looking as it does.
    case atEnd = "at-end"
}
