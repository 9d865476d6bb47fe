/// The kinds of image pbrender writes.
public enum ImageFormat: String, CaseIterable, Hashable, Sendable {
    /// A PNG raster, RGBA with straight alpha, at the scene's scale.
    case png
    /// An SVG document (curves stay curves; sizes in px).
    case svg
    /// A one-page PDF document (curves stay curves; sizes in points), with fixed dates.
    case pdf

    /// The format a file name's extension names (`progress.svg` → `.svg`), case-insensitively.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else { return nil }
        self.init(rawValue: fileName[fileName.index(after: dot)...].lowercased())
    }
}
