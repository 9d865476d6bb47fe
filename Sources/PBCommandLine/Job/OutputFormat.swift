import PBRendering

/// A kind of file pbrender writes, and everything that differs between kinds, stated once: whether
/// it is raster (so `--scale` applies) or vector, whether it holds a still image, an animation or
/// either, its file extension and media type, and how a scene or a timeline becomes its bytes.
/// Commands and the server's routes ask the format; they never compare it with a case.
public enum OutputFormat: String, CaseIterable, Hashable, Sendable {
    /// A PNG: one raster frame, straight-alpha RGBA at the scene's scale.
    case png
    /// An SVG document: pbrender's own writer, accessible, in both appearances; an animation is
    /// CSS keyframes.
    case svg
    /// A one-page PDF document, vector, with fixed dates.
    case pdf
    /// An animated PNG (APNG): raster frames that browsers play, and that viewers without APNG
    /// support show as the first frame.
    case apng
    /// A lossless WebP: the PNG's pixels exactly, in fewer bytes; an animation is an animated WebP
    /// with the APNG's frames and times.
    case webp

    /// The format a file name's extension names (`ring.svg` is SVG), case-insensitively; `nil`
    /// when the name has no extension or one no format has.
    ///
    /// - Complexity: O(*n*) in the name's length.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else { return nil }
        let name = fileName[fileName.index(after: dot)...].lowercased()
        guard let format = Self.allCases.first(where: { $0.fileExtension == name }) else { return nil }
        self = format
    }

    /// The extension of its files, without the dot: `png`.
    public var fileExtension: String { rawValue }

    /// The media type a server answers with (`Content-Type`).
    public var mediaType: String {
        switch self {
        case .png: "image/png"
        case .apng: "image/apng"
        case .svg: "image/svg+xml"
        case .pdf: "application/pdf"
        case .webp: "image/webp"
        }
    }

    /// Its name in messages: `PNG`, `SVG`, `PDF`, `APNG`, `WebP`.
    public var displayName: String { self == .apng ? "APNG" : stillImageFormat?.displayName ?? rawValue }

    /// The format as a noun with its article, for messages: `a PNG`, `an animated PNG`.
    public var phrase: String {
        switch self {
        case .png: "a PNG"
        case .apng: "an animated PNG"
        case .svg: "an SVG"
        case .pdf: "a PDF"
        case .webp: "a WebP"
        }
    }

    /// Whether it is made of pixels, so `--scale` applies (SVG and PDF are sized in points).
    public var isRaster: Bool {
        switch self {
        case .png, .apng, .webp: true
        case .svg, .pdf: false
        }
    }

    /// Whether it is compressed by the PNG encoder, so a `PNGCompression` mode applies.
    public var isDeflated: Bool { self == .png || self == .apng }

    /// Whether it is text, which may be written to a terminal without `--force`.
    public var isText: Bool { self == .svg }

    /// Whether one file carries both appearances and follows the viewer's (so `--appearance`
    /// does not apply).
    public var carriesBothAppearances: Bool { self == .svg }

    /// Whether a still image can follow a page's CSS (`--live`).
    public var canBeLive: Bool { self == .svg }

    /// The renderer's format for a still image; `nil` when the format holds animations only.
    public var stillImageFormat: ImageFormat? {
        switch self {
        case .png: .png
        case .svg: .svg
        case .pdf: .pdf
        case .webp: .webp
        case .apng: nil
        }
    }

    /// Whether one file of this format can hold an animation.
    public var canAnimate: Bool {
        switch self {
        case .apng, .svg, .webp: true
        case .png, .pdf: false
        }
    }

    /// Formats as a phrase, in ``allCases`` order: `png, svg or pdf` (`PNG, SVG and PDF` with
    /// `displayNames` and `and`, `.png, .svg or .pdf` with `extensions`).
    static func list(
        _ formats: [OutputFormat], displayNames: Bool = false, extensions: Bool = false, conjunction: String = "or"
    ) -> String {
        phrase(
            listing: formats.map { format in
                displayNames ? format.displayName : extensions ? "." + format.fileExtension : format.rawValue
            }, conjunction: conjunction)
    }

    /// Words as a phrase: `a, b or c`.
    static func phrase(listing words: [String], conjunction: String = "or") -> String {
        guard words.count > 1, let last = words.last else { return words.joined() }
        return words.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }

    /// The formats that hold a still image.
    static var stillFormats: [OutputFormat] { allCases.filter { $0.stillImageFormat != nil } }

    /// The formats that hold an animation.
    static var animatedFormats: [OutputFormat] { allCases.filter(\.canAnimate) }

    /// A scene's bytes in this format: PNG and PDF in `appearance`, SVG in both (and following
    /// `--progress` when `isLive`).
    ///
    /// - Precondition: ``stillImageFormat`` is not `nil`.
    /// - Throws: ``RenderError`` from the renderer or encoder.
    func encode(_ scene: Scene, appearance: Appearance, isLive: Bool, renderer: SceneRenderer) throws(RenderError)
        -> [UInt8]
    {
        switch self {
        case .svg: return try scene.svgData(isLive: isLive)
        case .png, .pdf, .apng, .webp:
            return try renderer.render(scene.appearance(appearance), as: stillImageFormat ?? .png)
        }
    }

    /// A timeline's bytes in this format, as one file; an APNG's frames compressed as
    /// `compression` says.
    ///
    /// - Throws: ``RenderError`` from the renderer or encoder; `.notApplicable` when the format
    ///   cannot animate (``canAnimate``).
    func encode(_ timeline: Timeline, appearance: Appearance, compression: PNGCompression) throws(RenderError)
        -> [UInt8]
    {
        switch self {
        case .svg: return try timeline.animatedSVG()
        case .apng: return try timeline.animatedPNG(appearance: appearance, compression: compression)
        case .webp: return try timeline.animatedWebP(appearance: appearance)
        case .png, .pdf:
            throw RenderError(.notApplicable(name: "format", reason: "\(phrase) holds one still image"))
        }
    }

    /// The `Content-Security-Policy` a server sends with the format's images: an SVG may run
    /// nothing and load nothing; other formats run nothing anyway.
    public var contentSecurityPolicy: String? {
        self == .svg ? "default-src 'none'; style-src 'unsafe-inline'" : nil
    }
}

extension OutputFormat: ChoiceOptionValue {}
