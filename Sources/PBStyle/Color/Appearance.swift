/// Light or dark, as `prefers-color-scheme` and `UITraitCollection.userInterfaceStyle` have them.
public enum Appearance: String, CaseIterable, Hashable, Sendable {
    /// Dark content on a light background (the default).
    case light
    /// Light content on a dark background.
    case dark
}
