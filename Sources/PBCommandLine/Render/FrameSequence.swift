import Dispatch
import Foundation
import PBRendering
import PBSynchronization
import Synchronization

/// Frames rendered to numbered files (`-o 'frame-%03d.png'`), on every core: `--frames N` (N
/// progress values from A to B, evenly spaced) or the frames of an animation. Every target is
/// checked before rendering; each frame is staged to a temporary file as soon as it is done
/// (memory does not grow with the number of frames), and all are renamed into place at the end
/// only if every frame succeeded, so a failure leaves no half-sequence (see ``OutputBatch``).
struct FrameSequence {
    /// The most frames `--frames` renders.
    static let maximumCount = 1_000_000

    let count: Int
    /// The scene of each frame.
    let frame: @Sendable (Int) throws(RenderError) -> Scene
    let pattern: FramePattern
    let format: ImageFormat
    let appearance: Appearance

    /// `--frames count`: the indicator laid out once, each frame that layout at its progress.
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
        let pattern = try FramePattern(output)
        let format = try options.stillFormat(forOutput: pattern.fileName(0))
        var indicator = indicator
        indicator.scale = try RenderCommand.scale(options, for: format)
        let layout: ProgressLayout
        do {
            layout = try indicator.layout()
        } catch {
            throw CommandLineError(.render(error))
        }
        let (from, to, start) = (options.from?.value ?? 0, options.to?.value ?? 1, indicator.strokeStart)
        // Evenly spaced from `from` to `to`; a single frame is `from`, the first frame's progress.
        // Where the difference or its multiple overflows (`--from 1e308`), the same point as a
        // weighted mean, which stays between the two.
        let progress = { @Sendable (index: Int) in
            guard count > 1 else { return from }
            let value = from + (to - from) * Double(index) / Double(count - 1)
            if value.isFinite { return value }
            let t = Double(index) / Double(count - 1)
            return from * (1 - t) + to * t
        }
        // Every frame's value is checked before any frame is rendered or written.
        for index in 0..<count where !progress(index).isFinite {
            throw .input(
                "the progress of frame \(index) from '--from' \(NumberText.readable(from)) to '--to' \(NumberText.readable(to)) is not a finite number"
            )
        }
        self.init(
            count: count,
            frame: { index throws(RenderError) in try layout.scene(progress: progress(index), strokeStart: start) },
            pattern: pattern, format: format, appearance: options.appearance)
    }

    /// Frames given by `frame`.
    init(
        count: Int, frame: @escaping @Sendable (Int) throws(RenderError) -> Scene, pattern: FramePattern,
        format: ImageFormat, appearance: Appearance
    ) {
        (self.count, self.frame, self.pattern, self.format, self.appearance) = (
            count, frame, pattern, format, appearance
        )
    }

    /// Renders and writes every frame; at the first failure, stops and removes what it staged,
    /// leaving every existing file as it was, and the error names the frame.
    func render(context: CommandContext) throws(CommandLineError) {
        let batch: OutputBatch
        do throws(FileError) {
            batch = try OutputBatch(count: count, fileName: { [pattern] in pattern.fileName($0) })
        } catch {
            throw CommandLineError(error)
        }
        let next = Atomic<Int>(0)
        let done = Atomic<Int>(0)
        let failure = Locked<CommandLineError?>(nil)
        // As many frames at once as there are cores, and as the memory budget allows at this size.
        let pixels = (try? frame(0).pixelSize).map { $0.width * $0.height } ?? 1
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let fitting = format == .png ? FrameMemory.concurrentFrames(pixelCount: pixels, workers: cores) : cores
        let workers = min(count, fitting)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            // One renderer per worker: its PNG encoder and buffers serve every frame it renders.
            let renderer = SceneRenderer()
            while failure.withLock({ $0 == nil }) {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < count else { return }
                do throws(CommandLineError) {
                    let bytes: [UInt8]
                    do throws(RenderError) {
                        let scene = try frame(index)
                        bytes = try renderer.render(format == .svg ? scene : scene.appearance(appearance), as: format)
                    } catch {
                        throw CommandLineError(.render(error))
                    }
                    do throws(FileError) {
                        try batch.write(bytes, frame: index)
                    } catch {
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
        do throws(FileError) {
            try batch.commit()
        } catch {
            throw CommandLineError(error)
        }
    }
}
