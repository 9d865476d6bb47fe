/// How the lines of a multi-line label align with each other, relative to the paragraph's direction.
///
/// A one-line label is as wide as its line, so alignment moves nothing; with several lines,
/// each line is placed within the width of the widest.
public enum TextAlignment: Hashable, Sendable, CaseIterable {
    /// At the start of the line: the left for left-to-right paragraphs, the right for
    /// right-to-left ones.
    case leading
    /// Centred.
    case center
    /// At the end of the line: the right for left-to-right paragraphs, the left for
    /// right-to-left ones.
    case trailing
}
