import Dispatch
import PBRendering
import Synchronization

/// `--frames N`: N progress values from A to B rendered to numbered files, on every core, each
/// frame staged in a temporary file as soon as it is done (only its name stays in memory) and
/// all renamed into place at the end, only if every frame succeeded (see ``OutputBatch``).
struct FrameSequence {
    /// The most frames one run renders.
    static let maximumCount = 1_000_000

    let scene: ProgressScene
    let count: Int
    let from: Double
    let to: Double
    let pattern: FramePattern
    let format: ImageFormat

    init(arguments: ParsedArguments, scene: ProgressScene) throws(CommandLineError) {
        guard let text = arguments.value("--frames"), let count = Int(text), count >= 1, count <= Self.maximumCount
        else {
            throw .usage(
                "option '--frames' expects a whole number from 1 to \(Self.maximumCount), not '\(arguments.value("--frames") ?? "")'"
            )
        }
        if arguments.has("--progress") { throw .usage("give either '--progress' or '--frames', not both") }
        guard let output = arguments.value("--output"), output != "-" else {
            throw .usage("'--frames' needs '-o' with a file pattern, like -o 'frame-%03d.png'")
        }
        self.scene = scene
        self.count = count
        self.from =
            try arguments.value("--from").map { (t: String) throws(CommandLineError) in
                try ProgressValue.parse(t, option: "--from")
            } ?? 0
        self.to =
            try arguments.value("--to").map { (t: String) throws(CommandLineError) in
                try ProgressValue.parse(t, option: "--to")
            } ?? 1
        self.pattern = try FramePattern(output)
        self.format = try RenderCommand.format(arguments, output: pattern.fileName(0))
    }

    /// The progress of frame `index`: evenly spaced from `from` to `to` (a single frame is `to`).
    func progress(ofFrame index: Int) -> Double {
        count == 1 ? to : from + (to - from) * Double(index) / Double(count - 1)
    }

    /// Renders and writes every frame; stops at the first failure, and then writes none.
    func render(context: CommandContext) throws(CommandLineError) {
        let batch: OutputBatch
        do { batch = try OutputBatch(count: count, fileName: { [pattern] in pattern.fileName($0) }) } catch {
            throw CommandLineError(error)
        }
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
                    var frame = scene
                    frame.progress = progress(ofFrame: index)
                    let bytes = try RenderCommand.render(frame, as: format, with: renderer)
                    do throws(FileError) { try batch.write(bytes, frame: index) } catch {
                        throw CommandLineError(error)
                    }
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
        if let error = failure.withLock({ $0 }) {
            batch.discard()
            throw error
        }
        do { try batch.commit() } catch { throw CommandLineError(error) }
    }
}
