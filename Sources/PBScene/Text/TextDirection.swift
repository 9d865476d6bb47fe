/// The direction a paragraph of text runs in, as the Unicode bidirectional algorithm resolves it.
public enum TextDirection: Hashable, Sendable, CaseIterable {
    /// Left to right (Latin, CJK, digits).
    case leftToRight
    /// Right to left (Arabic, Hebrew).
    case rightToLeft

    /// The SVG / CSS `direction` value: `ltr` or `rtl`.
    public var cssValue: String {
        switch self {
        case .leftToRight: "ltr"
        case .rightToLeft: "rtl"
        }
    }
}
