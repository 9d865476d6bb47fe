import PBRendering

/// One render, from options to bytes: what to draw (a progress indicator laid out at its progress,
/// a badge, an animation, or numbered frames) and how to write it (format, appearance). The
/// command line, `pbrender serve` and Swift code build the same job and call the same
/// ``render()``, so an image is the same bytes whichever front end asked for it.
///
/// ```swift
/// let job = try RenderJob(arguments: ["--path", "ring.json", "--progress", "0.5", "--format", "png"])
/// let web = try RenderJob(query: "progress=0.5&shape=bar&format=svg")
/// let typed = try RenderJob(indicator: ProgressIndicator(shape: .bar, progress: 0.5), format: .svg)
/// let image = try job.render()  // image.bytes, image.contentType ("image/png"), image.entityTag
/// ```
///
/// A job is parsed, checked and laid out when it is made: every error in the options is thrown
/// by the initializer, with the command line's one-line message (`String(describing: error)`),
/// and ``render()`` only draws and encodes.
public struct RenderJob: Sendable {
    /// What a job draws.
    public enum Content: Sendable {
        /// One still image: a progress indicator or a badge, laid out. Unless the format writes
        /// documents' markup itself (an SVG, in both appearances), in the job's appearance alone,
        /// its documents rewritten only.
        case scene(Scene)
        /// An animation, written as one file (an APNG or an animated SVG).
        case animation(Timeline)
        /// Frames written one file each (`--frames N`, or an animation to `-o 'frame-%03d.png'`).
        case frames(FrameSequence)
    }

    /// Which command's options a job is read with.
    public enum Kind: Hashable, Sendable {
        /// `pbrender render`: a progress image, an animation or frames.
        case progress
        /// `pbrender badge`: a shields-style badge.
        case badge
    }

    /// What is drawn.
    public var content: Content
    /// The file format.
    public var format: ImageFormat
    /// The colours raster and PDF output are drawn in (an SVG carries both appearances). A still
    /// raster or PDF image is laid out in it when the job is made (``Content/scene(_:)``).
    public var appearance: Appearance
    /// Whether an SVG's progress follows the CSS custom property `--progress` of its page.
    public var isLive: Bool
    /// How hard a PNG or APNG is compressed (the same pixels in every mode); other formats
    /// ignore it.
    public var compression = PNGCompression.default
    /// The picture an animation shows where it is not played (an APNG's default image).
    public var poster = AnimationPoster.last
    /// The values of the format's own options (`ImageFormat.options`), by name.
    public var formatOptions: [String: FormatOption.Value] = [:]
    /// Where the command line writes the job: a file, `-` for standard output, or a frame
    /// pattern (`frame-%03d.png`).
    public var output: String
    /// Whether ``output`` is the default name, not one the options gave (the command line then
    /// says what it wrote).
    public var isDefaultOutput: Bool
    /// Whether an image may be written to standard output when it is a terminal.
    public var force: Bool
    /// Whether the command line flushes what it writes to the disk (`fsync`) before and after
    /// renaming it into place (`--durable`), so it survives a power loss; off by default.
    public var isDurable = false
    /// What the options asked that was taken but looks like a mistake (a progress of 75 drawn as
    /// 1) or was not drawn quite as asked, for the command line to print once the image is
    /// written and a server to refuse or report.
    public var warnings: [JobWarning]
    /// How the image depends on the clock, when it is drawn from a schedule (`--start`, `--end`)
    /// at the clock's time; `nil` for an image the options fix (`--now` fixes the time).
    public var timeDependence: TimeDependence?

    /// The options that gave the renderer's values, where they are not the values' own names
    /// (`width` from `--size`), for the messages of errors found while rendering.
    package var valueNames: [String: String] = [:]

    /// A job from its parts, already checked. A still image in a format that librsvg draws
    /// documents for is kept in `appearance` alone, its documents rewritten
    /// (`Scene.rewritingDocuments()`): the measured document is not kept while librsvg draws, and
    /// the other appearance's documents are not rewritten for nothing.
    package init(
        content: Content, format: ImageFormat, appearance: Appearance = .light, isLive: Bool = false,
        output: String?, defaultOutput: String, force: Bool = false, warnings: [JobWarning] = []
    ) {
        if case .scene(let scene) = content, !format.writesDocumentMarkup {
            self.content = .scene(scene.appearance(appearance).rewritingDocuments())
        } else {
            self.content = content
        }
        self.format = format
        self.appearance = appearance
        self.isLive = isLive
        self.output = output ?? defaultOutput
        self.isDefaultOutput = output == nil
        self.force = force
        self.warnings = warnings
    }

    /// Renders the image: the whole file, for a still image or an animation.
    ///
    /// - Returns: the bytes with their format; the same job always gives the same bytes.
    /// - Throws: ``CommandLineError`` for what the renderer refuses or a failure of the renderer or
    ///   encoder; `.notApplicable` for ``Content/frames(_:)``, which is written frame by frame
    ///   (``render(each:)``).
    public func render() throws(CommandLineError) -> RenderedImage {
        try render(with: SceneRenderer(compression: compression))
    }

    /// Renders the image as ``render()`` does, a still image with `renderer`, which keeps its
    /// encoder and buffers (and the pixels of layers under the progress that the next image
    /// shares) from one job to the next: what a server thread reuses between requests. The bytes
    /// are ``render()``'s.
    ///
    /// - Parameter renderer: keeps an encoder for each format and compression it has written.
    /// - Throws: ``CommandLineError`` as ``render()`` does.
    public func render(with renderer: SceneRenderer) throws(CommandLineError) -> RenderedImage {
        let bytes: [UInt8]
        do throws(RenderError) {
            switch content {
            case .scene(let scene):
                bytes = try format.encode(scene, settings: settings, renderer: renderer)
            case .animation(let timeline):
                bytes = try format.encode(timeline, settings: settings)
            case .frames:
                throw RenderError(
                    .notApplicable(name: "frames", reason: "frames are written one file each: use 'render(each:)'"))
            }
        } catch {
            throw CommandLineError(.render(error)).renamingValues(valueNames)
        }
        return RenderedImage(bytes: bytes, format: format)
    }

    /// Renders each frame of ``Content/frames(_:)`` and hands its index and file's bytes to
    /// `body` in frame order, on the calling thread, while the next frames render on the other
    /// cores (see ``FrameSequence``); for any other content, the one image as frame 0.
    ///
    /// - Throws: the first error of the renderer or of `body`; no more frames start after it.
    public func render(each body: (Int, [UInt8]) throws(CommandLineError) -> Void) throws(CommandLineError) {
        guard case .frames(let frames) = content else { return try body(0, render().bytes) }
        do {
            try frames.render(settings: settings, each: body)
        } catch {
            throw error.renamingValues(valueNames)
        }
    }

    /// How the format writes the image: appearance, liveness, compression, poster and the
    /// format's own options.
    public var settings: EncodingSettings {
        EncodingSettings(
            appearance: appearance, isLive: isLive, compression: compression, poster: poster, options: formatOptions)
    }

    /// The pixels a raster job draws, summed over its frames: what a server's budget weighs before
    /// rendering; `nil` for a vector format, or a job the renderer will refuse anyway.
    public var rasterSize: (width: Int, height: Int, frames: Int)? {
        guard format.isRaster else { return nil }
        let scene: Scene
        let frames: Int
        switch content {
        case .scene(let still): (scene, frames) = (still, 1)
        case .animation(let timeline):
            guard let first = try? timeline.scene(ofFrame: 0) else { return nil }
            (scene, frames) = (first, timeline.schedule.frameCount)
        case .frames(let sequence):
            guard let first = try? sequence.frame(0) else { return nil }
            (scene, frames) = (first, sequence.count)
        }
        guard (try? scene.validate(for: .png)) != nil else { return nil }
        let size = scene.pixelSize
        return (size.width, size.height, frames)
    }
}
