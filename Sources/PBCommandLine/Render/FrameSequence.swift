import Dispatch
import PBRendering
import Synchronization

/// `--frames N`: N progress values from A to B rendered to numbered files, on every core, each
/// frame written atomically as soon as it is done (memory does not grow with N). The indicator
/// is laid out once; each frame is that layout at its progress.
struct FrameSequence {
    /// The most frames one run renders.
    static let maximumCount = 1_000_000

    let layout: ProgressLayout
    let strokeStart: Double
    let count: Int
    let from: Double
    let to: Double
    let pattern: FramePattern
    let format: ImageFormat
    let appearance: Appearance

    init(count: Int, options: RenderOptions, indicator: ProgressIndicator) throws(CommandLineError) {
        guard count >= 1, count <= Self.maximumCount else {
            throw CommandLineError(
                .invalidValue(
                    option: "frames", value: String(count), expected: "a whole number from 1 to \(Self.maximumCount)"))
        }
        if options.hasProgress { throw .usage("give either '--progress' or '--frames', not both") }
        guard let output = options.output, output != "-" else {
            throw .usage("'--frames' needs '-o' with a file pattern, like -o 'frame-%03d.png'")
        }
        self.count = count
        self.from = options.from?.value ?? 0
        self.to = options.to?.value ?? 1
        self.pattern = try FramePattern(output)
        self.format = try options.format(forOutput: pattern.fileName(0))
        self.appearance = options.appearance
        var indicator = indicator
        indicator.scale = try RenderCommand.scale(options, for: format)
        do {
            self.layout = try indicator.layout()
        } catch {
            throw CommandLineError(.render(error))
        }
        self.strokeStart = indicator.strokeStart
    }

    /// The progress of frame `index`: evenly spaced from `from` to `to` (a single frame is
    /// `from`, the first frame's progress).
    func progress(ofFrame index: Int) -> Double {
        count == 1 ? from : from + (to - from) * Double(index) / Double(count - 1)
    }

    /// Renders and writes every frame; stops at the first failure (frames already written stay,
    /// each complete).
    func render(context: CommandContext) throws(CommandLineError) {
        let next = Atomic<Int>(0)
        let done = Atomic<Int>(0)
        let failure = Mutex<CommandLineError?>(nil)
        let workers = min(count, max(1, System.coreCount))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            // One renderer per worker: its PNG encoder and buffers serve every frame it renders.
            let renderer = SceneRenderer()
            while failure.withLock({ $0 == nil }) {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < count else { return }
                do throws(CommandLineError) {
                    let bytes: [UInt8]
                    do throws(RenderError) {
                        let scene = try layout.scene(progress: progress(ofFrame: index), strokeStart: strokeStart)
                        bytes = try renderer.render(format == .svg ? scene : scene.appearance(appearance), as: format)
                    } catch {
                        throw CommandLineError(.render(error))
                    }
                    try AtomicFile.write(bytes, to: pattern.fileName(index))
                } catch {
                    failure.withLock { $0 = $0 ?? error }
                    return
                }
                let finished = done.add(1, ordering: .relaxed).newValue
                if context.errorIsTerminal && (finished % 10 == 0 || finished == count) {
                    context.writeError("\rpbrender: frame \(finished)/\(count)")
                }
            }
        }
        if context.errorIsTerminal { context.writeError("\n") }
        if let error = failure.withLock({ $0 }) { throw error }
    }
}
