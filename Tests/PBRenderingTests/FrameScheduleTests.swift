import PBRendering
import PBTestSupport
import Testing

/// Frame counts, times, values and delays against the definitions in the issue, and delays
/// against a brute-force search for the nearest fraction.
@Suite struct FrameScheduleTests {
    @Test(
        arguments: [
            (1.0, 30, 31), (0.5, 24, 13), (2, 60, 121), (1.04, 10, 11), (1.05, 10, 12), (0.1, 30, 4), (1.0 / 3, 3, 2),
            (9999, 1, 10000),
        ] as [(Double, Int, Int)])
    func anAnimationHasRoundedDurationTimesRatePlusOneFrames(duration: Double, fps: Int, count: Int) throws {
        let schedule = try FrameSchedule(duration: duration, framesPerSecond: fps)
        #expect(schedule.frameCount == count)
        #expect(!schedule.isLoop)
        for k in 0..<count {
            #expect(schedule.time(ofFrame: k) == Double(k) / Double(fps))
        }
        // The last frame is within half a frame of the duration.
        #expect(abs(schedule.time(ofFrame: count - 1) - duration) <= 0.5 / Double(fps) + 1e-12)
    }

    @Test(arguments: [TimingFunction.linear, .easeIn, .easeOut, .easeInEaseOut, .default])
    func valuesFollowTheTimingAndEndExactly(timing: TimingFunction) throws {
        let (start, end) = (0.1, 0.7)
        // 1.04 s at 10 fps: the last frame is at 1.0 s, before the duration, and still the end.
        for duration in [1.0, 1.04, 1.06] {
            let schedule = try FrameSchedule(duration: duration, framesPerSecond: 10)
            let last = schedule.frameCount - 1
            #expect(schedule.value(ofFrame: 0, from: start, to: end, timing: timing) == start)
            #expect(schedule.value(ofFrame: last, from: start, to: end, timing: timing) == end)
            #expect(schedule.fraction(ofFrame: last) == 1)
            for k in 0..<last {
                let fraction = min(1, Double(k) / 10 / duration)
                #expect(abs(schedule.fraction(ofFrame: k) - fraction) < 1e-15)
                let expected = start + (end - start) * timing.value(at: fraction)
                #expect(abs(schedule.value(ofFrame: k, from: start, to: end, timing: timing) - expected) < 1e-15)
            }
        }
    }

    @Test(
        arguments: [(1.0, 30, 30), (1.2, 30, 36), (0.75, 24, 18), (1.01, 10, 10), (0.25, 6, 2)] as [(Double, Int, Int)])
    func aLoopHasRoundedPeriodTimesRateFramesAndWrapsSeamlessly(period: Double, fps: Int, count: Int) throws {
        let schedule = try FrameSchedule(period: period, framesPerSecond: fps)
        #expect(schedule.frameCount == count)
        #expect(schedule.isLoop)
        #expect(schedule.loopCount == 0)
        let phases = (0..<count).map(schedule.fraction(ofFrame:))
        #expect(phases.first == 0)
        #expect(phases.allSatisfy { $0 < 1 })  // no duplicated end frame
        // Every step, the wrap-around from the last frame to the first included, is 1/n.
        let steps = zip(phases, phases.dropFirst() + [1]).map { $1 - $0 }
        #expect(steps.allSatisfy { abs($0 - 1 / Double(count)) < 1e-15 })
        #expect((0..<count).allSatisfy { schedule.delay(ofFrame: $0) == schedule.frameDelay })
        #expect(schedule.time(ofFrame: count - 1) == Double(count - 1) / Double(fps))
        // A loop's value never reaches the end: frame n would be frame 0.
        let values = (0..<count).map { schedule.value(ofFrame: $0, from: 0, to: 360, timing: .linear) }
        #expect(values.first == 0 && values.allSatisfy { $0 < 360 })
    }

    /// Start times in whole units, in closed form: 30 fps with a hold of 0.5 s, 31 frames, in
    /// milliseconds (a WebP's) and hundredths (a GIF's); a loop at 120 fps.
    @Test func framesStartAtTheirExactTimeRoundedToTheUnit() throws {
        let schedule = try FrameSchedule(duration: 1, framesPerSecond: 30, hold: 0.5)
        let milliseconds = (0...schedule.frameCount).map { schedule.startTime(ofFrame: $0, unitsPerSecond: 1000) }
        #expect(milliseconds.count == 32)
        #expect(Array(milliseconds.prefix(5)) == [0, 33, 67, 100, 133])
        #expect(milliseconds[30] == 1000)
        #expect(milliseconds[31] == 1533, "1 + 1/30 + 0.5 s")
        let hundredths = (0...schedule.frameCount).map { schedule.startTime(ofFrame: $0, unitsPerSecond: 100) }
        #expect(Array(hundredths.prefix(5)) == [0, 3, 7, 10, 13])
        #expect(hundredths[30] == 100 && hundredths[31] == 153)
        let loop = try FrameSchedule(period: 1, framesPerSecond: 120)
        #expect(loop.startTime(ofFrame: 1, unitsPerSecond: 1000) == 8)
        #expect(loop.startTime(ofFrame: 120, unitsPerSecond: 1000) == 1000)
        // 0.625 cs: the half rounds up.
        #expect((0...4).map { loop.startTime(ofFrame: $0, unitsPerSecond: 100) } == [0, 1, 2, 3, 3])
    }

    /// Every start is within half a unit of the exact time (a sum of delays in `Double`, far
    /// more precise than a unit), the starts never go back, and the end is the whole length.
    @Test(arguments: [(2.0, 30, 0.0), (1, 24, 0.3), (0.5, 120, 1.0 / 3), (9, 7, 3599.999)] as [(Double, Int, Double)])
    func startTimesStayWithinHalfAUnitAndAddUpToTheLength(duration: Double, fps: Int, hold: Double) throws {
        let schedule = try FrameSchedule(duration: duration, framesPerSecond: fps, hold: hold)
        for units in [1, 100, 1000] {
            var exact = 0.0
            var previous = 0
            for index in 0...schedule.frameCount {
                let start = schedule.startTime(ofFrame: index, unitsPerSecond: units)
                #expect(abs(Double(start) - exact * Double(units)) <= 0.5 + 1e-6, "frame \(index) in 1/\(units) s")
                #expect(start >= previous)
                previous = start
                if index < schedule.frameCount { exact += schedule.delay(ofFrame: index).seconds }
            }
            let length = (0..<schedule.frameCount).reduce(0.0) { $0 + schedule.delay(ofFrame: $1).seconds }
            #expect(previous == Int((length * Double(units)).rounded()))
        }
    }

    @Test(
        arguments: [
            (30, 0.0, 1, 30), (30, 0.5, 8, 15), (30, 0.1, 2, 15), (24, 0.3, 41, 120), (60, 2.25, 34, 15),
            (1, 3600, 3601, 1), (120, 1.0 / 3, 41, 120),
        ] as [(Int, Double, UInt16, UInt16)])
    func delaysAreExactReducedFractions(fps: Int, hold: Double, numerator: UInt16, denominator: UInt16) throws {
        let schedule = try FrameSchedule(duration: 1, framesPerSecond: fps, hold: hold, loopCount: 2)
        #expect(schedule.frameDelay == FrameDelay(numerator: 1, denominator: UInt16(fps)))
        #expect(schedule.frameDelay.numerator == 1 && schedule.frameDelay.denominator == UInt16(fps))
        #expect(schedule.lastFrameDelay.numerator == numerator && schedule.lastFrameDelay.denominator == denominator)
        #expect(schedule.holdRoundingError == 0)
        #expect(schedule.delay(ofFrame: schedule.frameCount - 1) == schedule.lastFrameDelay)
        #expect(schedule.delay(ofFrame: 0) == schedule.frameDelay)
        #expect(schedule.loopCount == 2 && schedule.hold == hold)
    }

    /// A hold no 16-bit fraction writes exactly gets the nearest one, and says how far off it is.
    @Test(arguments: [(30, Double.pi), (7, 1234.56789), (120, 0.123456789), (1, 3599.999)] as [(Int, Double)])
    func aHoldThatCannotBeWrittenExactlyIsRoundedToTheNearestFraction(fps: Int, hold: Double) throws {
        let schedule = try FrameSchedule(duration: 1, framesPerSecond: fps, hold: hold)
        let wanted = 1 / Double(fps) + hold
        let delay = schedule.lastFrameDelay
        #expect(schedule.holdRoundingError != 0)
        #expect(abs(schedule.holdRoundingError - (delay.seconds - wanted)) < 1e-15)
        let bound = 1 / Double(min(65535, Int(65535 / wanted)))
        #expect(abs(schedule.holdRoundingError) < bound)
        #expect(abs(schedule.holdRoundingError) <= Self.bestError(wanted) + 1e-15)
    }

    /// The smallest `|p/q - value|` over every `q` in 1...65535 with `p` ≤ 65535: brute force.
    static func bestError(_ value: Double) -> Double {
        var best = Double.infinity
        for q in 1...65535 {
            let p = min(65535, (value * Double(q)).rounded())
            best = min(best, abs(p / Double(q) - value))
        }
        return best
    }

    @Test func nearestFractionsAreTheBestAndExactOnesAreFound() throws {
        var random = SeededGenerator(seed: 8)
        let values =
            (0..<40).map { _ in Double.random(in: 0...2, using: &random) }
            + (0..<10).map { _ in Double.random(in: 2...60000, using: &random) } + [65535, 0, 1e-9, 65534.9999]
        for value in values {
            let (delay, exact) = try #require(FrameDelay.nearest(toSeconds: value))
            #expect(abs(delay.seconds - value) <= Self.bestError(value) + 1e-15, "\(value)")
            #expect(exact == (abs(delay.seconds - value) <= FrameDelay.exactnessTolerance))
        }
        // Decimals and simple fractions, read as doubles, come back exactly as they were meant.
        let decimals: [(Double, UInt16, UInt16)] = [
            (0.1, 1, 10), (0.123, 123, 1000), (2.5, 5, 2), (1.0 / 3, 1, 3), (0.0001, 1, 10000), (65535, 65535, 1),
            (1.0 / 65535, 1, 65535), (0, 0, 1), (12.34, 617, 50),
        ]
        for (value, numerator, denominator) in decimals {
            let (delay, exact) = try #require(FrameDelay.nearest(toSeconds: value))
            #expect(exact, "\(value)")
            #expect(delay.numerator == numerator && delay.denominator == denominator, "\(value) gave \(delay)")
        }
        #expect(FrameDelay.nearest(toSeconds: -0.1) == nil)
        #expect(FrameDelay.nearest(toSeconds: 65536) == nil)
        #expect(FrameDelay.nearest(toSeconds: .nan) == nil)
    }

    @Test func fractionsAreReduced() {
        let delay = FrameDelay(numerator: 40, denominator: 1200)
        #expect(delay.numerator == 1 && delay.denominator == 30)
        #expect(delay == FrameDelay(numerator: 1, denominator: 30))
        #expect(delay.description == "1/30 s")
        #expect(FrameDelay(numerator: 0, denominator: 7) == FrameDelay(numerator: 0, denominator: 1))
    }

    @Test(
        arguments: [
            (0.0, 30, FrameScheduleError.Kind.invalidDuration(0)),
            (-1, 30, .invalidDuration(-1)),
            (.infinity, 30, .invalidDuration(.infinity)),
            (1, 0, .framesPerSecondOutOfRange(0)),
            (1, 121, .framesPerSecondOutOfRange(121)),
            (0.01, 30, .tooFewFrames(count: 1)),
            (1000, 30, .tooManyFrames(count: 30001)),
            (10000, 1, .tooManyFrames(count: 10001)),
            (1e300, 120, .tooManyFrames(count: 1.2e302)),
        ] as [(Double, Int, FrameScheduleError.Kind)])
    func refusesBadAnimations(duration: Double, fps: Int, kind: FrameScheduleError.Kind) {
        #expect(throws: FrameScheduleError(kind, duration: duration, framesPerSecond: fps)) {
            try FrameSchedule(duration: duration, framesPerSecond: fps)
        }
    }

    @Test func refusesBadHoldsLoopsAndPeriods() {
        func kind(_ body: () throws(FrameScheduleError) -> FrameSchedule) -> FrameScheduleError.Kind? {
            do {
                _ = try body()
                return nil
            } catch {
                return error.kind
            }
        }
        #expect(
            kind { () throws(FrameScheduleError) in try FrameSchedule(duration: 1, framesPerSecond: 30, hold: -0.1) }
                == .invalidHold(-0.1))
        #expect(
            kind { () throws(FrameScheduleError) in try FrameSchedule(duration: 1, framesPerSecond: 30, hold: 3600.5) }
                == .invalidHold(3600.5))
        let nanHold = kind { () throws(FrameScheduleError) in
            try FrameSchedule(duration: 1, framesPerSecond: 30, hold: .nan)
        }
        if case .invalidHold(let value) = nanHold {
            #expect(value.isNaN)
        } else {
            Issue.record("\(String(describing: nanHold))")
        }
        #expect(
            kind { () throws(FrameScheduleError) in try FrameSchedule(duration: 1, framesPerSecond: 30, loopCount: -1) }
                == .loopCountOutOfRange(-1))
        #expect(
            kind { () throws(FrameScheduleError) in
                try FrameSchedule(duration: 1, framesPerSecond: 30, loopCount: 1 << 31)
            } == .loopCountOutOfRange(1 << 31))
        #expect(
            kind { () throws(FrameScheduleError) in
                try FrameSchedule(duration: 1, framesPerSecond: 30, loopCount: Int(Int32.max))
            } == nil)
        #expect(
            kind { () throws(FrameScheduleError) in try FrameSchedule(period: 0, framesPerSecond: 30) }
                == .invalidPeriod(0))
        #expect(
            kind { () throws(FrameScheduleError) in try FrameSchedule(period: 0.04, framesPerSecond: 30) }
                == .tooFewFrames(count: 1))
        #expect(
            kind { () throws(FrameScheduleError) in try FrameSchedule(period: 400, framesPerSecond: 30) }
                == .tooManyFrames(count: 12000))
        #expect(
            kind { () throws(FrameScheduleError) in try FrameSchedule(period: 1, framesPerSecond: 200) }
                == .framesPerSecondOutOfRange(200))
        #expect(
            kind { () throws(FrameScheduleError) in try FrameSchedule(period: 10000.0 / 120, framesPerSecond: 120) }
                == nil)
    }

    @Test func errorMessagesSayTheLimits() {
        func message(_ body: () throws(FrameScheduleError) -> FrameSchedule) -> String {
            do {
                _ = try body()
                return "no error"
            } catch {
                return error.description
            }
        }
        #expect(
            message { () throws(FrameScheduleError) in try FrameSchedule(duration: 1000, framesPerSecond: 30) }
                == "1000 s at 30 fps gives 30001 frames; the limit is 10000")
        #expect(
            message { () throws(FrameScheduleError) in try FrameSchedule(duration: 0.01, framesPerSecond: 30) }
                == "0.01 s at 30 fps gives 1 frame; an animation needs at least 2")
        #expect(
            message { () throws(FrameScheduleError) in try FrameSchedule(duration: 1, framesPerSecond: 0) }
                == "the frame rate must be from 1 to 120 fps, not 0")
        #expect(
            message { () throws(FrameScheduleError) in try FrameSchedule(duration: -2, framesPerSecond: 30) }
                == "the duration must be a positive number of seconds, not -2")
        #expect(
            message { () throws(FrameScheduleError) in try FrameSchedule(duration: 1, framesPerSecond: 30, hold: 4000) }
                == "the hold must be from 0 to 3600 seconds, not 4000")
        #expect(
            message { () throws(FrameScheduleError) in
                try FrameSchedule(duration: 1, framesPerSecond: 30, loopCount: -3)
            } == "the loop count must be from 0 (forever) to 2147483647, not -3")
        #expect(
            message { () throws(FrameScheduleError) in try FrameSchedule(period: .nan, framesPerSecond: 30) }
                == "the period must be a positive number of seconds, not nan")
    }
}
