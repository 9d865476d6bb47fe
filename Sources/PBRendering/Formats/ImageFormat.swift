import PBScene

/// A kind of file pbrender writes, and everything that differs between kinds, stated once: its
/// name and file extension, its media type, whether it is raster (drawn in pixels, so a scale
/// applies) or vector, whether it holds a still image, an animation or either, its limits, the
/// options only it reads, and the encoders that make its bytes.
///
/// Every format is one value in ``all``, made in its own file beside its encoder
/// (`ImageFormat+PNG.swift`, …): commands, the server's routes, the scene and layout ask a format
/// what it is and never compare it with another, so a new format is its encoder, one entry in
/// ``all`` and its C library.
///
/// ```swift
/// let format = ImageFormat(fileName: "ring.webp")  // .webp
/// let bytes = try indicator.scene().render(as: .png)
/// ```
public struct ImageFormat: Sendable, CustomStringConvertible {
    /// What a format draws a scene with: pixels at the scene's scale, or curves in points.
    public enum Kind: Hashable, Sendable {
        /// Pixels (PNG, WebP, GIF): drawn at the scene's `Scene.scale`.
        case raster
        /// Curves and text sized in points (SVG, PDF).
        case vector
    }

    /// Makes one still image's bytes from a scene checked against a target (the format's own,
    /// ``target(compression:)``), with a renderer that keeps its encoders between images.
    public typealias StillEncoder =
        @Sendable (Scene, RenderTarget, EncodingSettings, SceneRenderer) throws(RenderError) -> [UInt8]
    /// Makes one animation's bytes from a timeline.
    public typealias AnimationEncoder = @Sendable (Timeline, EncodingSettings) throws(RenderError) -> [UInt8]

    /// Its name: the `--format` value, the server's route (`/render.png`) and, unless
    /// ``fileExtensions`` says otherwise, the extension (`png`).
    public let name: String
    /// The extensions of its files, without the dot, the one it writes first (`png`).
    public let fileExtensions: [String]
    /// Its name in messages: `PNG`, `APNG`, `WebP`.
    public let displayName: String
    /// The format as a noun with its article, for messages: `a PNG`, `an animated PNG`.
    public let phrase: String
    /// The media type a server answers with (`Content-Type`).
    public let mediaType: String
    /// Pixels or curves.
    public let kind: Kind
    /// Whether its files are text, which may be written to a terminal without `--force`.
    public let isText: Bool
    /// Whether one file carries both appearances and follows the viewer's (so an appearance
    /// does not apply).
    public let carriesBothAppearances: Bool
    /// Whether a still image can follow a page's CSS (`--live`).
    public let canBeLive: Bool
    /// Whether it writes a document's markup itself, from the measured document (an SVG: live,
    /// dark), rather than having librsvg draw it; a still job in any other format holds its
    /// documents rewritten only (`Scene.rewritingDocuments()`).
    public let writesDocumentMarkup: Bool
    /// Whether its pixels are compressed by pbrender's PNG encoder, so a ``PNGCompression`` applies.
    public let readsCompression: Bool
    /// The longest side in pixels it can hold, when below a scene's own limit (WebP's 16,383).
    public let maximumPixelDimension: Int?
    /// The bytes its files start with, `nil` where any byte may be (WebP's `RIFF`, a length,
    /// `WEBP`).
    public let signature: [UInt8?]
    /// The `Content-Security-Policy` a server sends with its images, if any: an SVG may run
    /// nothing and load nothing.
    public let contentSecurityPolicy: String?
    /// What a viewer that does not play its animations shows, in words for help; `nil` when it
    /// cannot animate.
    public let posterSupport: String?
    /// Whether its animations have a default image apart from their frames, which
    /// ``EncodingSettings/poster`` chooses (APNG).
    public let readsPoster: Bool
    /// The options only it reads (GIF's matte colour), beyond the ones every format shares.
    public let options: [FormatOption]
    /// Its encoder for still images; `nil` when it holds animations only (APNG).
    let stillEncoder: StillEncoder?
    /// Its encoder for animations; `nil` when it holds one still image (PNG, PDF).
    let animationEncoder: AnimationEncoder?

    /// Declares a format; ``all`` lists the formats pbrender writes.
    public init(
        name: String, fileExtensions: [String]? = nil, displayName: String, phrase: String, mediaType: String,
        signature: [UInt8?], kind: Kind, isText: Bool = false, carriesBothAppearances: Bool = false,
        canBeLive: Bool = false, writesDocumentMarkup: Bool = false,
        readsCompression: Bool = false, maximumPixelDimension: Int? = nil, contentSecurityPolicy: String? = nil,
        posterSupport: String? = nil, readsPoster: Bool = false, options: [FormatOption] = [],
        stillEncoder: StillEncoder?,
        animationEncoder: AnimationEncoder?
    ) {
        self.name = name
        self.fileExtensions = fileExtensions ?? [name]
        self.displayName = displayName
        self.phrase = phrase
        self.mediaType = mediaType
        self.signature = signature
        self.kind = kind
        self.isText = isText
        self.carriesBothAppearances = carriesBothAppearances
        self.canBeLive = canBeLive
        self.writesDocumentMarkup = writesDocumentMarkup
        self.readsCompression = readsCompression
        self.maximumPixelDimension = maximumPixelDimension
        self.contentSecurityPolicy = contentSecurityPolicy
        self.posterSupport = posterSupport
        self.readsPoster = readsPoster
        self.options = options
        self.stillEncoder = stillEncoder
        self.animationEncoder = animationEncoder
    }

    /// The format named `name` (`png`, `apng`; case-insensitive), `nil` when no format has it.
    public init?(name: String) {
        let lowered = name.lowercased()
        guard let format = Self.all.first(where: { $0.name == lowered }) else { return nil }
        self = format
    }

    /// The format a file name's extension names (`ring.svg` is SVG), case-insensitively; `nil`
    /// when the name has no extension or one no format has.
    ///
    /// - Complexity: O(*n*) in the name's length.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else { return nil }
        let written = fileName[fileName.index(after: dot)...].lowercased()
        guard let format = Self.all.first(where: { $0.fileExtensions.contains(written) }) else { return nil }
        self = format
    }

    /// The extension it writes, without the dot: `png`.
    public var fileExtension: String { fileExtensions.first ?? name }

    /// Whether `bytes` start with the format's ``signature``.
    public func isSigned(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.count >= signature.count
            && zip(signature, bytes).allSatisfy { expected, byte in expected.map { $0 == byte } ?? true }
    }

    /// Whether it is made of pixels, so a scale applies (SVG and PDF are sized in points).
    public var isRaster: Bool { kind == .raster }

    /// Whether one file of it holds a still image.
    public var canHoldStill: Bool { stillEncoder != nil }

    /// Whether one file of it can hold an animation.
    public var canAnimate: Bool { animationEncoder != nil }

    /// What a scene is checked and costed for in this format (its limits; a small PNG's harder
    /// compression).
    public func target(compression: PNGCompression = .default) -> RenderTarget {
        RenderTarget(
            formatName: displayName, isRaster: isRaster, maximumPixelDimension: maximumPixelDimension,
            encodingNanosecondsPerPixel: readsCompression ? compression.extraNanosecondsPerPixel : 0)
    }

    /// The name, `png`.
    public var description: String { name }

    /// A scene's bytes in this format.
    ///
    /// - Parameters:
    ///   - scene: the scene.
    ///   - settings: the appearance, compression and the format's own options.
    ///   - renderer: keeps encoders and buffers from one image to the next (a server thread's).
    /// - Throws: `RenderError` from the renderer or encoder; `.notApplicable` when the format
    ///   holds animations only.
    public func encode(_ scene: Scene, settings: EncodingSettings = EncodingSettings(), renderer: SceneRenderer)
        throws(RenderError) -> [UInt8]
    {
        guard let stillEncoder else {
            throw RenderError(.notApplicable(name: "format", reason: "\(phrase) holds an animation"))
        }
        return try stillEncoder(scene, target(compression: settings.compression), settings, renderer)
    }

    /// A timeline's bytes in this format, as one file.
    ///
    /// - Throws: `RenderError` from the renderer or encoder; `.notApplicable` when the format
    ///   holds one still image (``canAnimate``).
    public func encode(_ timeline: Timeline, settings: EncodingSettings = EncodingSettings()) throws(RenderError)
        -> [UInt8]
    {
        guard let animationEncoder else {
            throw RenderError(.notApplicable(name: "format", reason: "\(phrase) holds one still image"))
        }
        return try animationEncoder(timeline, settings)
    }
}

extension ImageFormat: Hashable {
    /// Formats are the same when their names are.
    public static func == (a: ImageFormat, b: ImageFormat) -> Bool { a.name == b.name }

    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

extension ImageFormat {
    /// The formats that hold a still image, in ``all``'s order.
    public static var stillFormats: [ImageFormat] { all.filter(\.canHoldStill) }

    /// The formats that hold an animation, in ``all``'s order.
    public static var animatedFormats: [ImageFormat] { all.filter(\.canAnimate) }

    /// Formats as a phrase: `png, svg or pdf` (`PNG, SVG and PDF` with `displayNames` and `and`,
    /// `.png, .svg or .pdf` with `extensions`).
    public static func list(
        _ formats: [ImageFormat], displayNames: Bool = false, extensions: Bool = false, conjunction: String = "or"
    ) -> String {
        phrase(
            listing: formats.map { format in
                displayNames ? format.displayName : extensions ? "." + format.fileExtension : format.name
            }, conjunction: conjunction)
    }

    /// Words as a phrase: `a, b or c`.
    public static func phrase(listing words: [String], conjunction: String = "or") -> String {
        guard words.count > 1, let last = words.last else { return words.joined() }
        return words.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
