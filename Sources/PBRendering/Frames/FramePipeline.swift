import Dispatch
import PBScene
import PBSynchronization
import Synchronization

/// Makes frames on several threads and hands them to one consumer in frame order: how an
/// animation renders on every core yet writes its file (an APNG) frame after frame.
///
/// Workers on Dispatch's global queue take frame numbers in increasing order and render them.
/// A finished frame waits in a small table until the calling thread, which consumes the frames
/// in order 0, 1, 2, …, asks for it. A worker only starts a frame while fewer than `window`
/// frames are started and not yet consumed, so memory holds at most `window` frames whatever
/// the count, and a slow consumer slows the workers down instead of piling frames up.
///
/// Since the consumer runs on the calling thread, it may use anything that thread owns (an
/// ``APNGEncoder``, a file): only `makeWorker` and `render` must be `@Sendable`.
///
/// ```swift
/// let apng = try APNGEncoder(width: w, height: h, schedule: schedule)
/// try FramePipeline.run(
///     count: schedule.frameCount, workers: cores, window: 2 * cores,
///     makeWorker: { () throws(RenderError) in try FrameRenderer() },
///     render: { (renderer: inout FrameRenderer, index: Int) throws(RenderError) in
///         try renderer.pixels(ofFrame: index)  // a Sendable pixel buffer
///     },
///     consume: { (index: Int, frame: Pixels) throws(RenderError) in
///         try write(apng.encodeFrame(frame.bytes, stride: frame.stride))
///     })
/// try write(apng.finish())
/// ```
package enum FramePipeline {
    /// What the workers and the consumer share, behind one lock.
    private struct State<Frame, Failure> {
        /// Finished frames waiting to be consumed, by number.
        var waiting: [Int: Frame] = [:]
        /// The first error thrown; once set, nothing more is started or consumed.
        var failure: Failure?
    }

    /// The shared state, the next frame number to start, and the two signals.
    private final class Shared<Frame: Sendable, Failure: Error>: Sendable {
        let state = Locked(State<Frame, Failure>())
        let started = Atomic<Int>(0)
        /// One permit for each frame that may be started and not yet consumed.
        let permits: DispatchSemaphore
        /// Signalled after each frame delivered and on a failure.
        let delivered = DispatchSemaphore(value: 0)
        /// How many workers run.
        let threads: Int

        init(window: Int, threads: Int) {
            // Created at 0 and raised: libdispatch traps when a semaphore is freed below its
            // initial value, which a run stopped by an error leaves it.
            permits = DispatchSemaphore(value: 0)
            for _ in 0..<window { permits.signal() }
            self.threads = threads
        }

        var hasFailed: Bool { state.withLock { $0.failure != nil } }

        /// Records the first failure and wakes everyone waiting, so that all stop.
        func fail(_ error: Failure) {
            let first = state.withLock { state in
                guard state.failure == nil else { return false }
                state.failure = error
                return true
            }
            guard first else { return }
            for _ in 0..<threads { permits.signal() }
            delivered.signal()
        }
    }

    /// Renders frames `0..<count` with `render` on up to `workers` threads and passes each to
    /// `consume`, in order, on the calling thread, keeping at most `window` frames between the
    /// two.
    ///
    /// - Parameters:
    ///   - count: how many frames, 0 or more.
    ///   - workers: how many threads render, 1 or more (at most `count` are used); the calling
    ///     thread consumes besides them.
    ///   - window: the most frames started but not yet consumed, 1 or more; `2 × workers`
    ///     keeps every worker busy while one frame is slow.
    ///   - makeWorker: makes one worker's state (a renderer with its buffers), once per thread.
    ///   - render: renders one frame with a worker's state; called on several threads at once,
    ///     each call with its own state.
    ///   - consume: takes frame `index`; called on the calling thread in order 0, 1, 2, ….
    /// - Throws: the first error `makeWorker`, `render` or `consume` throws; after it nothing
    ///   more is consumed (frames already consumed stay consumed), the workers stop, and the
    ///   call returns once they have.
    /// - Complexity: `count` calls of `render` and of `consume`.
    /// - Precondition: `count >= 0`, `workers >= 1`, `window >= 1`.
    package static func run<Worker, Frame: Sendable, Failure: Error>(
        count: Int, workers: Int, window: Int,
        makeWorker: @escaping @Sendable () throws(Failure) -> Worker,
        render: @escaping @Sendable (inout Worker, Int) throws(Failure) -> Frame,
        consume: (Int, Frame) throws(Failure) -> Void
    ) throws(Failure) {
        precondition(count >= 0 && workers >= 1 && window >= 1, "bad pipeline: \(count), \(workers), \(window)")
        guard count > 0 else { return }
        if window == 1 {
            // One frame at a time cannot overlap rendering with consuming: render on this thread,
            // with no worker thread (and none of the memory a thread's allocator arena reserves).
            var worker = try makeWorker()
            for index in 0..<count { try consume(index, try render(&worker, index)) }
            return
        }
        let shared = Shared<Frame, Failure>(window: window, threads: min(workers, count))
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            DispatchQueue.concurrentPerform(iterations: shared.threads) { _ in
                work(shared, count: count, makeWorker: makeWorker, render: render)
            }
        }
        for index in 0..<count {
            // Look before waiting: a frame delivered earlier has used its signal already.
            var frame: Frame?
            while frame == nil && !shared.hasFailed {
                frame = shared.state.withLock { $0.waiting.removeValue(forKey: index) }
                if frame == nil { shared.delivered.wait() }
            }
            guard let frame else { break }
            do throws(Failure) {
                try consume(index, frame)
            } catch {
                shared.fail(error)
                break
            }
            shared.permits.signal()
        }
        group.wait()
        if let failure = shared.state.withLock({ $0.failure }) { throw failure }
    }

    /// One worker: starts frames while permits last, renders them, delivers them.
    private static func work<Worker, Frame: Sendable, Failure: Error>(
        _ shared: Shared<Frame, Failure>, count: Int,
        makeWorker: @Sendable () throws(Failure) -> Worker,
        render: @Sendable (inout Worker, Int) throws(Failure) -> Frame
    ) {
        var worker: Worker
        do throws(Failure) {
            worker = try makeWorker()
        } catch {
            shared.fail(error)
            return
        }
        while true {
            shared.permits.wait()
            let index = shared.started.add(1, ordering: .relaxed).oldValue
            guard index < count, !shared.hasFailed else {
                // Pass the permit on: another worker waiting for one stops too.
                shared.permits.signal()
                return
            }
            do throws(Failure) {
                let frame = try render(&worker, index)
                shared.state.withLock { $0.waiting[index] = frame }
                shared.delivered.signal()
            } catch {
                shared.fail(error)
                return
            }
        }
    }
}
