import PBDocument
import PBGeometry
import PBRendering

/// The `--order` of an SVG document's elements: how progress spreads over them.
enum DocumentOrder: String, CaseIterable, Hashable, Sendable, ChoiceOptionValue {
    /// The whole document as one path, in document order.
    case sequence
    /// Every element at the same fraction of its own length.
    case together
    /// Each element over its own window of the progress, `--delay` apart in all.
    case delayed
}

/// Everything `pbrender render` is told, typed: filled in from a curve file, then from the command
/// line (so flags win), or from a query string, by the declarations of ``schema``.
struct RenderOptions: Sendable {
    /// Which path: a curve file, path data or a shape.
    var source = PathSource()
    /// The progress (one value).
    var progress: ProgressAmount?
    /// Several values laid end to end.
    var values: [ProgressAmount]?
    /// Where the progress starts.
    var strokeStart: ProgressAmount?
    /// Lottie's trim offset: the drawn window moved by this fraction of the length, wrapping
    /// across the seam of a closed path.
    var offset: Double?
    /// The number of frames of a sequence.
    var frames: Int?
    /// The first and last frames' progress.
    var from: ProgressAmount?
    var to: ProgressAmount?
    /// Where to write, `-` for standard output.
    var output: String?
    /// The format, when not the output's extension's.
    var format: OutputFormat?
    /// Whether binary may go to a terminal.
    var force = false
    /// Whether files are flushed to the disk before and after they are renamed into place.
    var durable = false
    /// How hard PNG and APNG output is compressed.
    var compression = PNGCompression.default
    /// The appearance PNG and PDF output is drawn in.
    var appearance = Appearance.light
    /// Whether an SVG's progress follows the CSS custom property `--progress`.
    var live = false
    /// Whether colour stops blend instead of stepping.
    var colorStopsBlend = false
    /// Whether to run the shape the other way (or reverse the path).
    var counterclockwise = false
    /// The label template, font, colours and position.
    var label: LabelTemplate?
    var font: Font?
    var labelColor: Color?
    var darkLabelColor: Color?
    var labelPosition: LabelPosition?
    /// Where the progress comes from, besides `--progress`: bytes, steps, phases.
    var bytes: ByteCounts?
    var step: StepCount?
    var phasesFile: String?
    var phase: Int?
    var phaseProgress: ProgressAmount?
    /// For the time left: seconds elapsed, or a start and a now.
    var elapsed: Double?
    var startedAt: Timestamp?
    var now: Timestamp?
    /// The locale numbers, percents and byte counts are written in.
    var locale: String?
    /// An animation of the progress: from, to, for how long, at how many frames a second, along
    /// which timing curve, held at the end, repeated.
    var animateFrom: ProgressAmount?
    var animateTo: ProgressAmount?
    var duration: Double?
    var fps = 30
    var timing = TimingFunction.default
    var hold = 0.0
    var loop = 1
    /// An indeterminate indicator's motion and period.
    var indeterminate: IndeterminateStyle?
    var period = 1.0
    /// The rectangle of the path's coordinates the canvas shows (`--view-box`), for path data and
    /// curve files.
    var viewBox: ViewBox?
    /// How progress spreads over an SVG document's elements (`--order`), and the delay of the
    /// `delayed` order (`--delay`).
    var order: DocumentOrder?
    var delay: Double?
    /// The stroke properties the options set for every element of an SVG document (style flags
    /// given, which override the document's style).
    var documentOverrides: DocumentStyleOverrides = []
    /// Whether the canvas's sides were last set by `--size` (then the renderer's `width` and
    /// `height` are that option in messages).
    var canvasFromSize = false
    /// What is drawn: style, canvas and progress (filled in from the options above by
    /// ``indicator()``).
    var indicator = ProgressIndicator()

    /// What an option whose value stays optional (nil: not given) means when it is left out: the
    /// reading code and help both use these.
    enum Default {
        /// `--stroke-start`, `--from`, `--animate-from`, `--offset` and `--phase-progress`: none.
        static let start = 0.0
        /// `--to` and `--animate-to`: the whole path.
        static let end = 1.0
        /// `--duration`, in seconds.
        static let duration = 1.0
    }
}
