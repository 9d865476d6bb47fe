import Foundation
import PBRendering
import PBTestSupport
import Testing

/// Timing functions against an independent evaluation: the Bézier in Bernstein form, solved
/// for x by plain bisection to the last bit, and the closed form of `linear`.
@Suite struct TimingFunctionTests {
    /// `y(t)` where `x(t) = time`, found by bisection on the Bernstein form until the bracket
    /// cannot shrink: a second implementation sharing nothing with Newton's method.
    static func oracle(_ f: TimingFunction, _ time: Double) -> Double {
        // The ends by definition (x(t) rounds to 1 over a range of t when x2 is near 1).
        if time <= 0 { return 0 }
        if time >= 1 { return 1 }
        func bernstein(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
            let s = 1 - t
            return 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t
        }
        var (low, high) = (0.0, 1.0)
        while true {
            let middle = 0.5 * (low + high)
            if middle <= low || middle >= high { break }
            if bernstein(f.x1, f.x2, middle) < time { low = middle } else { high = middle }
        }
        let t = 0.5 * (low + high)
        return bernstein(f.y1, f.y2, t)
    }

    /// Dense times, and the ends and near-ends where the solve is hardest.
    static let times: [Double] = {
        let grid: [Double] = (0...500).map { Double($0) / 500 }
        let ends: [Double] = [1e-12, 1e-9, 1e-6, 1 - 1e-6, 1 - 1e-12]
        return grid + ends
    }()

    static let named: [TimingFunction] = [.linear, .easeIn, .easeOut, .easeInEaseOut, .default]

    /// The named curves and random ones, `x` in 0...1, `y` in -10...10. Not curves with flat
    /// points (`x1 = 0`, `x2 = 1` with `y` far from the diagonal, or `x1 = 1, x2 = 0`): there
    /// the plain bisection above is the one that is wrong (by up to 3e-6, as `x(t)` rounds to
    /// the same double over a range of `t`), so ``hardCurves`` checks them against exact
    /// arithmetic.
    static func curves() -> [TimingFunction] {
        var random = SeededGenerator(seed: 5)
        var result: [TimingFunction] = named
        for _ in 0..<100 {
            let values = (0..<4).map { i in
                i % 2 == 0 ? Double.random(in: 0...1, using: &random) : Double.random(in: -10...10, using: &random)
            }
            result += [TimingFunction(x1: values[0], y1: values[1], x2: values[2], y2: values[3])].compactMap { $0 }
        }
        result += [TimingFunction(x1: 0.5, y1: 10, x2: 0.5, y2: -10)].compactMap { $0 }
        return result
    }

    /// Measured: the largest difference from the oracle over these curves and times is about
    /// 2e-14 (the curves with `|y|` up to 10); the promise is 1e-7, the bound checked 1e-12.
    @Test func matchesBisectionOnTheBernsteinForm() {
        var worst = (error: 0.0, curve: TimingFunction.linear, time: 0.0)
        for curve in Self.curves() {
            for time in Self.times {
                let error = abs(curve.value(at: time) - Self.oracle(curve, time))
                if error > worst.error { worst = (error, curve, time) }
            }
        }
        print("largest timing-function error: \(worst.error) for \(worst.curve) at \(worst.time)")
        #expect(worst.error <= 1e-12, "\(worst.curve) at \(worst.time)")
    }

    /// Curves where solving for x is ill-conditioned: flat ends (`x1 = 0`, `x2 = 1`, so
    /// `x'(0) = 0` or `x'(1) = 0`) and the interior flat point of `cubic-bezier(1, 0, 0, 1)`,
    /// where `x - 0.5 = 4 (t - 0.5)³` and `dy/dx` is infinite at 0.5.
    static let hardCurves: [TimingFunction] = [
        (1, 0, 0, 1), (0, 1, 1, 0), (0, 0, 1, 1.5), (1, -3, 0, 4), (0.9, 0, 0.1, 1), (0, 0.5, 0, 1),
        (0, -5, 1, 6), (1, 0, 1, 1), (0, 0, 0, 1),
    ].compactMap { TimingFunction(x1: $0.0, y1: $0.1, x2: $0.2, y2: $0.3) }

    static let hardTimes: [Double] = {
        let grid: [Double] = (0...40).map { Double($0) / 40 }
        let ends: [Double] = [1e-15, 1e-9, 1e-5, 1 - 1e-9, 1 - 1e-15]
        let middle: [Double] = [-1e-3, -1e-9, -1e-15, 1e-15, 1e-9, 1e-6].map { 0.5 + $0 }
        return grid + ends + middle
    }()

    /// The exact value for each time, by bisection in exact rational arithmetic (Python's
    /// `fractions`: every sign is right) to a bracket of 2⁻⁹⁰, then `y` exactly, rounded once.
    static func exactValues(_ curve: TimingFunction, _ times: [Double]) throws -> [Double] {
        let script = """
            import json, sys
            from fractions import Fraction as F
            x1, y1, x2, y2 = (F(v) for v in json.loads(sys.argv[1]))
            def bez(p1, p2, t):
                s = 1 - t
                return 3 * p1 * s * s * t + 3 * p2 * s * t * t + t * t * t
            out = []
            for time in json.loads(sys.argv[2]):
                time = F(time)
                lo, hi = F(0), F(1)
                for _ in range(90):
                    mid = (lo + hi) / 2
                    if bez(x1, x2, mid) < time: lo = mid
                    else: hi = mid
                out.append(repr(float(bez(y1, y2, (lo + hi) / 2))))
            print(json.dumps(out))
            """
        func json(_ values: [Double]) -> String { "[" + values.map { "\($0)" }.joined(separator: ",") + "]" }
        let data = try ChildProcess.output(
            of: "/usr/bin/python3", ["-c", script, json([curve.x1, curve.y1, curve.x2, curve.y2]), json(times)])
        let texts = try JSONDecoder().decode([String].self, from: data)
        return try texts.map { try #require(Double($0)) }
    }

    /// Measured: the largest error on these curves is 2e-15 (rounding in evaluating `y`, whose
    /// coefficients reach 20 here; 1e-14 allowed); a plain `Double` residual gave 3e-6 at the
    /// flat point of `cubic-bezier(1, 0, 0, 1)`.
    @Test func matchesExactRationalBisectionOnHardCurves() throws {
        var worst = (error: 0.0, curve: TimingFunction.linear, time: 0.0)
        for curve in Self.hardCurves {
            let exact = try Self.exactValues(curve, Self.hardTimes)
            for (time, expected) in zip(Self.hardTimes, exact) {
                let error = abs(curve.value(at: time) - expected)
                if error > worst.error { worst = (error, curve, time) }
            }
        }
        print("largest timing-function error on hard curves: \(worst.error) for \(worst.curve) at \(worst.time)")
        #expect(worst.error <= 1e-14, "\(worst.curve) at \(worst.time)")
    }

    /// The flat point in closed form: for `cubic-bezier(1, 0, 0, 1)`, `t = 0.5 + cbrt((x - 0.5)
    /// / 4)` and `y = 3t² - 2t³`.
    @Test func theFlatPointOfASnapCurveInClosedForm() throws {
        let snap = try #require(TimingFunction(x1: 1, y1: 0, x2: 0, y2: 1))
        for time in stride(from: 0.01, to: 1, by: 0.01) + [0.5, 0.5 + 1e-12, 0.5 - 1e-12] {
            let t = 0.5 + cbrt((time - 0.5) / 4)
            let expected = 3 * t * t - 2 * t * t * t
            #expect(abs(snap.value(at: time) - expected) < 1e-15, "at \(time)")
        }
    }

    /// Found by fuzzing: control values near the largest double gave NaN, because the power
    /// form's coefficients (`3 y1`, `3 (y2 - y1) - 3 y1`) overflowed.
    @Test func hugeControlValuesGiveFiniteValues() throws {
        let wild = try #require(TimingFunction(x1: 0, y1: 1e308, x2: 1, y2: -1e308))
        // x(1/2) = 3/8 + 1/8 = 1/2, and y(1/2) = 3/8 (1e308 - 1e308) + 1/8.
        #expect(wild.value(at: 0.5) == 0.125)
        for time in [.leastNonzeroMagnitude, 1e-300, 0.25, 0.75, 1 - 1e-16] {
            let value = wild.value(at: time)
            // Within the control values' hull, and finite.
            #expect(value.isFinite && abs(value) <= 1e308, "at \(time): \(value)")
        }
        let largest = Double.greatestFiniteMagnitude
        let high = try #require(TimingFunction(x1: 0.5, y1: largest, x2: 0.5, y2: largest))
        // Symmetric: x(1/2) = 1/2, and y(1/2) = 3/4 of the control value (plus 1/8).
        let value = high.value(at: 0.5)
        #expect(value.isFinite && abs(value / (0.75 * largest) - 1) < 1e-15, "\(value)")
    }

    @Test func linearIsTheIdentityExactly() {
        for time in Self.times {
            #expect(TimingFunction.linear.value(at: time) == time)
        }
        // Any curve with its control points on the diagonal is the identity.
        #expect(TimingFunction(x1: 0.3, y1: 0.3, x2: 0.9, y2: 0.9)?.value(at: 0.123) == 0.123)
    }

    @Test(arguments: named)
    func endsClampingAndNaN(function: TimingFunction) {
        #expect(function.value(at: 0) == 0)
        #expect(function.value(at: 1) == 1)
        #expect(function.value(at: -3) == 0)
        #expect(function.value(at: 7) == 1)
        #expect(function.value(at: -.infinity) == 0)
        #expect(function.value(at: .infinity) == 1)
        #expect(function.value(at: .nan).isNaN)
    }

    @Test(arguments: named)
    func namedCurvesRiseMonotonically(function: TimingFunction) {
        let values = Self.times.sorted().map(function.value(at:))
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 })
    }

    /// ease-in-out is symmetric about its middle, ease-in and ease-out mirror each other.
    @Test func symmetries() {
        for time in Self.times {
            let inOut = TimingFunction.easeInEaseOut
            #expect(abs(inOut.value(at: 1 - time) - (1 - inOut.value(at: time))) < 1e-14)
            #expect(
                abs(TimingFunction.easeOut.value(at: 1 - time) - (1 - TimingFunction.easeIn.value(at: time))) < 1e-14)
        }
        #expect(abs(TimingFunction.easeInEaseOut.value(at: 0.5) - 0.5) < 1e-15)
    }

    @Test func controlPoints() {
        #expect(
            [TimingFunction.easeIn.x1, TimingFunction.easeIn.y1, TimingFunction.easeIn.x2, TimingFunction.easeIn.y2]
                == [0.42, 0, 1, 1])
        #expect(TimingFunction.easeOut == TimingFunction(x1: 0, y1: 0, x2: 0.58, y2: 1))
        #expect(TimingFunction.easeInEaseOut == TimingFunction(x1: 0.42, y1: 0, x2: 0.58, y2: 1))
        #expect(TimingFunction.default == TimingFunction(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1))
        #expect(TimingFunction.linear == TimingFunction(x1: 0, y1: 0, x2: 1, y2: 1))
        #expect(TimingFunction(x1: 1.01, y1: 0, x2: 1, y2: 1) == nil)
        #expect(TimingFunction(x1: 0, y1: 0, x2: -0.01, y2: 1) == nil)
        #expect(TimingFunction(x1: 0, y1: .infinity, x2: 1, y2: 1) == nil)
        #expect(TimingFunction(x1: .nan, y1: 0, x2: 1, y2: 1) == nil)
    }

    @Test func parsesNamesAndCubicBeziers() throws {
        #expect(try TimingFunction(parsing: "linear") == .linear)
        #expect(try TimingFunction(parsing: "ease-in") == .easeIn)
        #expect(try TimingFunction(parsing: "ease-out") == .easeOut)
        #expect(try TimingFunction(parsing: "ease-in-out") == .easeInEaseOut)
        #expect(try TimingFunction(parsing: "default") == .default)
        #expect(try TimingFunction(parsing: "  Ease-In-Out ") == .easeInEaseOut)
        #expect(try TimingFunction(parsing: "cubic-bezier(0.42,0,1,1)") == .easeIn)
        #expect(
            try TimingFunction(parsing: " cubic-bezier ( 0.1 , -2.5e-1,\t.9 , +1E1 ) ")
                == TimingFunction(x1: 0.1, y1: -0.25, x2: 0.9, y2: 10))
        #expect(try TimingFunction(parsing: "CUBIC-BEZIER(0,0,1,1)") == .linear)
    }

    @Test(arguments: [
        ("", TimingFunctionParseError.Kind.empty),
        ("   ", .empty),
        ("ease", .unknownName("ease", suggestion: "default")),
        ("ease-inout", .unknownName("ease-inout", suggestion: "ease-in-out")),
        ("easeInEaseOut", .unknownName("easeInEaseOut", suggestion: "ease-in-out")),
        ("easeIn", .unknownName("easeIn", suggestion: "ease-in")),
        ("lineer", .unknownName("lineer", suggestion: "linear")),
        ("bounce", .unknownName("bounce", suggestion: nil)),
        ("steps(4, end)", .unknownName("steps", suggestion: nil)),
        ("cubic-bezir(0, 0, 1, 1)", .unknownName("cubic-bezir", suggestion: "cubic-bezier")),
        ("cubic-bezier", .missingOpeningParenthesis),
        ("cubic-bezier 0,0,1,1", .missingOpeningParenthesis),
        ("cubic-bezier(0,0,1,1", .missingClosingParenthesis),
        ("cubic-bezier(0,0,1,1) x", .trailingText("x")),
        ("cubic-bezier()", .wrongNumberCount(0)),
        ("cubic-bezier(0, 0, 1)", .wrongNumberCount(3)),
        ("cubic-bezier(0, 0, 1, 1, 0)", .wrongNumberCount(5)),
        ("cubic-bezier(0, , 1, 1)", .badNumber("")),
        ("cubic-bezier(0, abc, 1, 1)", .badNumber("abc")),
        ("cubic-bezier(1., 0, 1, 1)", .badNumber("1.")),
        ("cubic-bezier(0, inf, 1, 1)", .badNumber("inf")),
        ("cubic-bezier(0, nan, 1, 1)", .badNumber("nan")),
        ("cubic-bezier(0, 0x1p3, 1, 1)", .badNumber("0x1p3")),
        ("cubic-bezier(0, 1e400, 1, 1)", .badNumber("1e400")),
        ("cubic-bezier(0, 1e, 1, 1)", .badNumber("1e")),
        ("cubic-bezier(0 0 1 1)", .badNumber("0 0 1 1")),
        ("cubic-bezier(1.5, 0, 1, 1)", .xOutOfRange(index: 1, value: 1.5)),
        ("cubic-bezier(0, 0, -0.1, 1)", .xOutOfRange(index: 2, value: -0.1)),
    ])
    func reportsWhatIsWrong(text: String, kind: TimingFunctionParseError.Kind) {
        #expect(throws: TimingFunctionParseError(kind, text: text)) { try TimingFunction(parsing: text) }
    }

    @Test func errorMessages() {
        let accepted = "use linear, ease-in, ease-out, ease-in-out, default or cubic-bezier(x1, y1, x2, y2)"
        func message(_ text: String) -> String {
            do {
                _ = try TimingFunction(parsing: text)
                return "parsed"
            } catch {
                return error.description
            }
        }
        #expect(message("ease-inn") == "unknown timing function 'ease-inn' (did you mean 'ease-in'?): " + accepted)
        #expect(message("wobble") == "unknown timing function 'wobble': " + accepted)
        #expect(
            message("cubic-bezier(0, 0, 2, 1)") == "'cubic-bezier(0, 0, 2, 1)': x2 must be from 0 to 1 (a time), not 2")
        #expect(message("cubic-bezier(0, x, 1, 1)") == "'cubic-bezier(0, x, 1, 1)': 'x' is not a number")
        #expect(
            message("cubic-bezier(0, 1)")
                == "'cubic-bezier(0, 1)': cubic-bezier takes 4 numbers (x1, y1, x2, y2), not 2")
    }

    @Test func cssValues() throws {
        #expect(TimingFunction.easeIn.cssValue == "cubic-bezier(0.42,0,1,1)")
        #expect(TimingFunction.easeOut.cssValue == "cubic-bezier(0,0,0.58,1)")
        #expect(TimingFunction.easeInEaseOut.cssValue == "cubic-bezier(0.42,0,0.58,1)")
        #expect(TimingFunction.default.cssValue == "cubic-bezier(0.25,0.1,0.25,1)")
        #expect(TimingFunction.linear.cssValue == "cubic-bezier(0,0,1,1)")
        let tiny = try #require(TimingFunction(x1: 1e-7, y1: -1234.5, x2: 0.333, y2: 2e-20))
        #expect(tiny.cssValue == "cubic-bezier(1e-7,-1234.5,0.333,2e-20)")
        #expect(TimingFunction.easeIn.description == "ease-in")
        #expect(tiny.description == tiny.cssValue)
        // Both read back as the same function, bit for bit.
        for curve in Self.curves() {
            #expect(try TimingFunction(parsing: curve.cssValue) == curve)
            #expect(try TimingFunction(parsing: curve.description) == curve)
        }
    }
}
