import PBDocument
import PBGeometry
import PBRendering

/// The `--order` of an SVG document's elements: how progress spreads over them.
package enum DocumentOrder: String, CaseIterable, Hashable, Sendable, ChoiceOptionValue {
    /// The whole document as one path, in document order.
    case sequence
    /// Every element at the same fraction of its own length.
    case together
    /// Each element over its own window of the progress, `--delay` apart in all.
    case delayed
}

/// Everything `pbrender render` is told, typed: filled in from a curve file, then from the command
/// line (so flags win), or from a query string, by the declarations of ``schema``.
package struct RenderOptions: Sendable {
    /// Which path: a curve file, path data or a shape.
    package var source = PathSource()
    /// The progress (one value).
    package var progress: ProgressAmount?
    /// Several values laid end to end.
    package var values: [ProgressAmount]?
    /// Where the progress starts.
    package var strokeStart: ProgressAmount?
    /// Lottie's trim offset: the drawn window moved by this fraction of the length, wrapping
    /// across the seam of a closed path.
    package var offset: Double?
    /// The number of frames of a sequence.
    package var frames: Int?
    /// The first and last frames' progress.
    package var from: ProgressAmount?
    package var to: ProgressAmount?
    /// Where to write, `-` for standard output.
    package var output: String?
    /// The format, when not the output's extension's.
    package var format: ImageFormat?
    /// Whether binary may go to a terminal.
    package var force = false
    /// Whether files are flushed to the disk before and after they are renamed into place.
    package var durable = false
    /// How hard PNG and APNG output is compressed.
    package var compression = PNGCompression.default
    /// The values of options a format declares (``ImageFormat/options``), by name.
    package var formatOptions: [String: FormatOption.Value] = [:]
    /// The appearance PNG and PDF output is drawn in.
    package var appearance = Appearance.light
    /// Whether an SVG's progress follows the CSS custom property `--progress`.
    package var live = false
    /// Whether colour stops blend instead of stepping.
    package var colorStopsBlend = false
    /// Whether to run the shape the other way (or reverse the path).
    package var counterclockwise = false
    /// The label template, font, colours and position.
    package var label: LabelTemplate?
    package var font: Font?
    package var labelColor: Color?
    package var darkLabelColor: Color?
    package var labelPosition: LabelPosition?
    /// Where the progress comes from, besides `--progress`: bytes, steps, phases.
    package var bytes: ByteCounts?
    package var step: StepCount?
    package var phasesFile: String?
    package var phase: Int?
    package var phaseProgress: ProgressAmount?
    /// For the time left: seconds elapsed, or a start and a now.
    package var elapsed: Double?
    package var startedAt: Timestamp?
    /// The moment to draw at, instead of the clock's.
    package var now: Timestamp?
    /// A progress that moves with the clock, from `--start` to `--end`; `--end` alone counts down.
    package var start: Timestamp?
    package var end: Timestamp?
    /// The locale numbers, percents and byte counts are written in.
    package var locale: String?
    /// An animation of the progress: from, to, for how long, at how many frames a second, along
    /// which timing curve, held at the end, repeated.
    package var animateFrom: ProgressAmount?
    package var animateTo: ProgressAmount?
    package var duration: Double?
    package var fps: Int?
    package var timing = TimingFunction.default
    package var hold = 0.0
    package var loop = 1
    /// The default image of an animation a viewer that does not play it shows (APNG).
    package var poster: AnimationPoster?
    /// An indeterminate indicator's motion and period.
    package var indeterminate: IndeterminateStyle?
    package var period = 1.0
    /// The rectangle of the path's coordinates the canvas shows (`--view-box`), for path data and
    /// curve files.
    package var viewBox: ViewBox?
    /// How progress spreads over an SVG document's elements (`--order`), and the delay of the
    /// `delayed` order (`--delay`).
    package var order: DocumentOrder?
    package var delay: Double?
    /// The stroke properties the options set for every element of an SVG document (style flags
    /// given, which override the document's style).
    package var documentOverrides: DocumentStyleOverrides = []
    /// Whether the canvas's sides were last set by `--size` (then the renderer's `width` and
    /// `height` are that option in messages).
    package var canvasFromSize = false
    /// What is drawn: style, canvas and progress (filled in from the options above by
    /// ``indicator()``).
    package var indicator = ProgressIndicator()

    /// What an option whose value stays optional (nil: not given) means when it is left out: the
    /// reading code and help both use these.
    package enum Default {
        /// `--stroke-start`, `--from`, `--animate-from`, `--offset` and `--phase-progress`: none.
        package static let start = 0.0
        /// `--to` and `--animate-to`: the whole path.
        package static let end = 1.0
        /// `--duration`, in seconds.
        package static let duration = 1.0
        /// `--fps`, frames a second.
        package static let fps = 30
    }
}
