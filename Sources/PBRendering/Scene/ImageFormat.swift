/// The kinds of image pbrender writes.
public enum ImageFormat: String, CaseIterable, Hashable, Sendable {
    /// A PNG raster, RGBA with straight alpha, at the scene's scale.
    case png
    /// An SVG document (curves stay curves; sizes in px).
    case svg
    /// A one-page PDF document (curves stay curves; sizes in points), with fixed dates.
    case pdf
    /// A lossless WebP raster: the PNG's pixels exactly (straight-alpha RGBA at the scene's
    /// scale), at most ``Scene/maximumWebPPixelDimension`` pixels a side.
    case webp

    /// Whether the format is made of pixels (PNG, WebP), drawn at the scene's ``Scene/scale``,
    /// rather than of curves (SVG, PDF), sized in points.
    public var isRaster: Bool {
        switch self {
        case .png, .webp: true
        case .svg, .pdf: false
        }
    }

    /// The format's name as people write it: `PNG`, `SVG`, `PDF`, `WebP`.
    public var displayName: String {
        switch self {
        case .png: "PNG"
        case .svg: "SVG"
        case .pdf: "PDF"
        case .webp: "WebP"
        }
    }

    /// The format a file name's extension names (`progress.svg` → `.svg`), case-insensitively.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else { return nil }
        self.init(rawValue: fileName[fileName.index(after: dot)...].lowercased())
    }
}
