import Dispatch
import PBTestSupport
import Synchronization
import Testing

@testable import PBRendering

/// Frames rendered on several threads arrive at the consumer in order, with at most `window`
/// of them in between, and the first error stops everything without a hang.
@Suite struct FramePipelineTests {
    struct Failure: Error, Equatable {
        var index: Int
    }

    /// Counts frames started and consumed, and the most in between.
    final class Counters: Sendable {
        let started = Atomic<Int>(0)
        let consumed = Atomic<Int>(0)
        let mostInFlight = Atomic<Int>(0)
        let workersMade = Atomic<Int>(0)

        func start() {
            let inFlight =
                started.add(1, ordering: .sequentiallyConsistent).newValue
                - consumed.load(ordering: .sequentiallyConsistent)
            mostInFlight.max(inFlight, ordering: .sequentiallyConsistent)
        }
    }

    /// A few microseconds of busy work, longer for some frames, so frames finish out of order.
    static func work(_ index: Int) -> Int {
        var random = SeededGenerator(seed: UInt64(index))
        var sum = 0
        for _ in 0..<(index % 7 == 3 ? 20000 : Int.random(in: 10...3000, using: &random)) {
            sum &+= Int(truncatingIfNeeded: random.next() >> 60)
        }
        return sum
    }

    @Test(arguments: [(1, 1), (2, 1), (2, 4), (4, 3), (3, 8)])
    func framesArriveInOrderWithinTheWindow(workers: Int, window: Int) throws {
        let counters = Counters()
        var order: [Int] = []
        try FramePipeline.run(
            count: 200, workers: workers, window: window,
            makeWorker: { () throws(Failure) -> Int in
                counters.workersMade.add(1, ordering: .relaxed)
                return 0
            },
            render: { (rendered: inout Int, index: Int) throws(Failure) -> [Int] in
                counters.start()
                rendered += 1
                return [index, Self.work(index)]
            },
            consume: { (index: Int, frame: [Int]) throws(Failure) in
                #expect(frame == [index, Self.work(index)])
                order.append(index)
                counters.consumed.add(1, ordering: .sequentiallyConsistent)
            })
        #expect(order == Array(0..<200))
        #expect(counters.mostInFlight.load(ordering: .relaxed) <= window)
        #expect(counters.workersMade.load(ordering: .relaxed) <= workers)
    }

    @Test func aRenderingErrorStopsTheRunAfterTheFramesBeforeIt() {
        var consumed: [Int] = []
        #expect(throws: Failure(index: 37)) {
            try FramePipeline.run(
                count: 500, workers: 3, window: 6,
                makeWorker: { () throws(Failure) in () },
                render: { (_: inout Void, index: Int) throws(Failure) -> Int in
                    if index == 37 { throw Failure(index: 37) }
                    return Self.work(index)
                },
                consume: { (index: Int, _: Int) throws(Failure) in consumed.append(index) })
        }
        // Frames after the failed one are never consumed; those before it may be.
        #expect(consumed == Array(0..<consumed.count) && consumed.count <= 37)
    }

    @Test func aConsumerErrorStopsTheWorkers() {
        let counters = Counters()
        var consumed: [Int] = []
        #expect(throws: Failure(index: 10)) {
            try FramePipeline.run(
                count: 10_000, workers: 2, window: 4,
                makeWorker: { () throws(Failure) in () },
                render: { (_: inout Void, index: Int) throws(Failure) -> Int in
                    counters.start()
                    return index
                },
                consume: { (index: Int, _: Int) throws(Failure) in
                    if index == 10 { throw Failure(index: 10) }
                    consumed.append(index)
                })
        }
        #expect(consumed == Array(0..<10))
        // The window bounds what was started: 10 consumed, the failed one, and at most 4 more.
        #expect(counters.started.load(ordering: .relaxed) <= 15)
    }

    @Test func aWorkerThatCannotStartStopsTheRun() {
        #expect(throws: Failure(index: -1)) {
            try FramePipeline.run(
                count: 50, workers: 2, window: 2,
                makeWorker: { () throws(Failure) -> Int in throw Failure(index: -1) },
                render: { (_: inout Int, index: Int) throws(Failure) -> Int in index },
                consume: { (_: Int, _: Int) throws(Failure) in })
        }
    }

    @Test func noFramesNoCalls() throws {
        try FramePipeline.run(
            count: 0, workers: 4, window: 8,
            makeWorker: { () throws(Failure) -> Int in
                Issue.record("a worker was made")
                return 0
            },
            render: { (_: inout Int, index: Int) throws(Failure) -> Int in index },
            consume: { (_: Int, _: Int) throws(Failure) in Issue.record("a frame was consumed") })
    }

    /// The whole path the animation command takes: ring frames rendered on two threads, encoded
    /// in order, the same bytes as encoding them one after another on one thread.
    @Test func parallelRenderingGivesTheSameAPNGAsSerial() throws {
        let schedule = try FrameSchedule(duration: 1, framesPerSecond: 19)
        let frames = APNGEncoderTests.ringFrames(size: 48, count: schedule.frameCount)
        let serial = try APNGEncoderTests.encode(frames, schedule: schedule).apng
        let encoder = try APNGEncoder(width: 48, height: 48, schedule: schedule)
        var file: [UInt8] = []
        try FramePipeline.run(
            count: schedule.frameCount, workers: 2, window: 4,
            makeWorker: { () throws(RenderError) in () },
            render: { (_: inout Void, index: Int) throws(RenderError) -> [UInt8] in
                SyntheticFrame.ring(size: 48, progress: Double(index) / Double(schedule.frameCount - 1)).bytes
            },
            consume: { (_: Int, pixels: [UInt8]) throws(RenderError) in
                file += try encoder.encodeFrame(pixels, stride: 4 * 48)
            })
        file += try encoder.finish()
        #expect(file == serial)
    }
}
