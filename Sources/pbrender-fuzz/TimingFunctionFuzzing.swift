#if FUZZING
    @testable import PBRendering
    @testable import PBScene

    /// Timing functions (`--timing`). The first byte's lowest bit picks how the rest is read:
    /// as text for `TimingFunction(parsing:)`, or as raw numbers (eight bytes each: x1, y1, x2,
    /// y2, then times; with the second bit set, x1 and x2 are taken as fractions of 2⁶⁴ so that
    /// they are valid) for `TimingFunction(x1:y1:x2:y2:)`.
    ///
    /// Checked for every function made: its `description` and `cssValue` read back as the
    /// same function; `value(at:)` is exactly 0 at or below 0, exactly 1 at or above 1, NaN
    /// for NaN, and inside (0, 1) finite and within the convex hull of its control values
    /// (`min(0, y1, y2)...max(1, y1, y2)`); it never decreases when `0 <= y1 <= y2 <= 1`; and
    /// the curve parameter found for a time has `x(t)` within 1e-12 of that time (a residual
    /// computed here in plain `Double`s, independent of the solver's double-double one).
    enum TimingFunctionFuzzing {
        static func run(_ bytes: [UInt8]) -> Bool {
            guard let options = bytes.first else { return true }
            let rest = Array(bytes.dropFirst())
            if options & 1 == 0 {
                let text = String(decoding: rest, as: UTF8.self)
                do {
                    let function = try TimingFunction(parsing: text)
                    check(function, times: times(from: fuzzSeed(bytes)))
                } catch {
                    guard !error.description.isEmpty else { fuzzFailure("'\(text)' is refused without a word") }
                }
                return true
            }
            var numbers: [Double] = stride(from: 0, to: rest.count - 7, by: 8).map { offset in
                Double(bitPattern: rest[offset..<(offset + 8)].reduce(0) { $0 << 8 | UInt64($1) })
            }
            guard numbers.count >= 4 else { return true }
            if options & 2 != 0 {
                for index in [0, 2] { numbers[index] = Double(numbers[index].bitPattern >> 11) / Double(1 << 53) }
            }
            guard let function = TimingFunction(x1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3])
            else {
                guard
                    !(0...1).contains(numbers[0]) || !(0...1).contains(numbers[2]) || !numbers[1].isFinite
                        || !numbers[3].isFinite
                else { fuzzFailure("valid control points \(numbers.prefix(4)) are refused") }
                return true
            }
            check(function, times: Array(numbers.dropFirst(4)) + times(from: fuzzSeed(bytes)))
            return true
        }

        /// Times at the ends, just inside them, outside, and from the seed.
        static func times(from seed: UInt64) -> [Double] {
            var seed = seed
            return [
                0, 1, -0.0, .leastNonzeroMagnitude, 1 - .ulpOfOne / 2, 0.5, -1, 2, .infinity, -.infinity, .nan,
                fuzzFraction(&seed), fuzzFraction(&seed), fuzzFraction(&seed),
            ]
        }

        static func check(_ function: TimingFunction, times: [Double]) {
            for text in [function.description, function.cssValue] {
                guard let back = try? TimingFunction(parsing: text), back == function else {
                    fuzzFailure("\(function) is written '\(text)', which does not read back as it")
                }
            }
            let (y1, y2) = (function.y1, function.y2)
            let (low, high) = (min(0, y1, y2), max(1, y1, y2))
            let slack = 1e-12 * max(1, high - low)
            let isMonotone = 0 <= y1 && y1 <= y2 && y2 <= 1
            var values: [(time: Double, value: Double)] = []
            for time in times {
                let value = function.value(at: time)
                if time.isNaN {
                    guard value.isNaN else { fuzzFailure("\(function) at NaN is \(value)") }
                } else if time <= 0 || time >= 1 {
                    guard value == (time <= 0 ? 0 : 1) else { fuzzFailure("\(function) at \(time) is \(value)") }
                } else {
                    guard value.isFinite, value >= low - slack, value <= high + slack else {
                        fuzzFailure("\(function) at \(time) is \(value), outside \(low)...\(high)")
                    }
                    let t = function.parameter(forTime: time)
                    guard (0...1).contains(t), abs(x(t, function) - time) <= 1e-12 else {
                        fuzzFailure("\(function) at \(time): parameter \(t) has x = \(x(t, function))")
                    }
                }
                values.append((time, value))
            }
            guard isMonotone else { return }
            values = values.filter { !$0.time.isNaN }.sorted { $0.time < $1.time }
            for (a, b) in zip(values, values.dropFirst()) where a.value > b.value + 1e-9 {
                fuzzFailure("\(function) decreases from \(a.value) at \(a.time) to \(b.value) at \(b.time)")
            }
        }

        /// `x(t)` of the curve in Bernstein form, in plain `Double`s.
        static func x(_ t: Double, _ function: TimingFunction) -> Double {
            let s = 1 - t
            return 3 * function.x1 * s * s * t + 3 * function.x2 * s * t * t + t * t * t
        }
    }
#endif
