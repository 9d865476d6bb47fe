import Foundation
import PBGeometry
import PBTestSupport
import Testing

/// Writing SVG path data: the exact text, the shortest numbers that read back, and round trips.
@Suite("SVG path data: writing and round trips")
struct SVGPathWriterTests {
    @Test(
        "Numbers are written in their shortest form that reads back",
        arguments: [
            (0.1, "0.1"), (1e-7, "1e-7"), (100, "100"), (-0.5, "-0.5"), (0.25, "0.25"), (1e21, "1e21"),
            (1234567, "1234567"), (0.000123, "0.000123"), (0.0000123, "0.0000123"), (1.23e-6, "1.23e-6"),
            (0.00123, "0.00123"), (1.5e-5, "0.000015"),
            (123456789012, "123456789012"), (1e3, "1000"), (1e4, "10000"), (1e5, "1e5"), (120000, "120000"),
            (12000, "12000"),
            (1.7976931348623157e308, "1.7976931348623157e308"), (.leastNonzeroMagnitude, "5e-324"), (0, "0"),
            (1.0 / 3, "0.3333333333333333"), (-2.5e-300, "-2.5e-300"), (0.30000000000000004, "0.30000000000000004"),
        ] as [(Double, String)])
    func numbers(value: Double, text: String) throws {
        let path = Path(elements: [.move(to: Point(value, 7))])
        #expect(path.svgPathData == "M \(text),7")
    }

    @Test("The layout of each command")
    func commands() throws {
        let path = try parse("M 1 2 L 3 4 H 5 V 6 Q 7 8 9 10 C 11 12 13 14 15 16 A 17 18 19 1 0 20 21 Z M 0.5 -0.5")
        #expect(
            path.svgPathData
                == "M 1,2 L 3,4 L 5,4 L 5,6 Q 7,8 9,10 C 11,12 13,14 15,16 A 17,18 19 1 0 20,21 Z M 0.5,-0.5")
        #expect(Path().svgPathData == "")
    }

    @Test("A whole ellipse, which one A command cannot express, is written as two arcs")
    func wholeEllipse() throws {
        var path = Path()
        path.addEllipse(in: Rect(x: 0, y: 0, width: 100, height: 60))
        let data = path.svgPathData
        #expect(data.filter { $0 == "A" }.count == 2)
        let reread = try parse(data)
        expectClose(PathMeasure(reread).length, PathMeasure(path).length, relative: 1e-12)
        #expect(reread.subpaths.count == 1 && reread.subpaths[0].isClosed)
        #expect(drawnSegments(of: reread).first?.start == Point(50, 0))
        #expect(drawnSegments(of: reread).last?.end == Point(50, 0))
    }

    /// Path data that reads without error, covering every command.
    static let inputs = [
        "M 10 20 L 30 40",
        "m 10 20 30 40 50 60 z m 1 1 h 3 v 4 H -1 V -2",
        "M0 0C10 20 30 40 50 60S90 100 110 120s1 2 3 4",
        "M 0 0 Q 10 20 30 40 T 70 40 t 1 1 q 1 -1 2 0",
        "M 10 10 a25 25 -30 1150 50 A 10 20 45 0 0 -5 -5 a -3 -4 5 1 0 2 2",
        "M 0 0 A 1 1 0 0 1 10 0 A 0 1 0 0 0 11 1 A 5 5 0 0 0 11 1",
        "M.5.5.5.5-.5-.5 1e2 1E-2 L 0.1 0.2 Z l 1 1",
        "M 0.1000000000000000055511151231257827 1 L 123456789012345678901234567890 1e-300",
        "M 1 2 M 3 4 M 5 6 Z",
    ]

    @Test("Parse, write, parse gives the same path", arguments: inputs)
    func roundTrip(data: String) throws {
        let path = try parse(data)
        let written = path.svgPathData
        let reread = try parse(written)
        #expect(reread == path, "\(data) → \(written) → \(reread.svgPathData)")
        #expect(reread.svgPathData == written)
    }

    @Test("Round trips of random path data", arguments: 0..<40)
    func randomRoundTrip(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let data = RandomPathData.make(using: &generator)
        let path = try parse(data)
        let written = path.svgPathData
        let reread = try parse(written)
        #expect(reread == path, "seed \(seed): \(data) → \(written)")
        #expect(reread.svgPathData == written, "seed \(seed)")
    }

    @Test("Every number written is the shortest decimal that reads back as the same double", arguments: 0..<10)
    func shortestNumbers(seed: UInt64) throws {
        var generator = SeededGenerator(seed: 1000 + seed)
        for _ in 0..<200 {
            // Random doubles across the whole range, and short decimals.
            let value: Double
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: value = Double(bitPattern: UInt64.random(in: 1...0x7FEF_FFFF_FFFF_FFFF, using: &generator))
            case 1: value = Double(Int.random(in: -99999...99999, using: &generator)) / 1000
            default:
                value =
                    Double(Int.random(in: 1...999, using: &generator))
                    * pow(10, Double(Int.random(in: -25...25, using: &generator)))
            }
            let text = Path(elements: [.move(to: Point(value, 0))]).svgPathData
            let number = String(text.dropFirst(2).prefix { $0 != "," })
            #expect(Double(number) == value, "\(value) written as \(number)")
            expectShortest(number, value)
        }
    }

    @Test("Arcs built from centre parameters read back with exact end points and the same geometry")
    func centreArcs() throws {
        var path = Path()
        path.addArc(
            center: Point(3, 4), radius: 10, startAngle: .radians(0.3), endAngle: .radians(2.9), clockwise: true)
        path.addArc(
            center: Point(-3, 4), radius: 7.5, startAngle: .radians(0.3), endAngle: .radians(2.9), clockwise: false)
        // A whole circle (angles stay within a turn: from a turn before the end).
        path.addArc(
            center: Point(0, 0), radius: 2, startAngle: .radians(0.3 - 2 * .pi), endAngle: .radians(0.3),
            clockwise: true)
        path.addLine(to: Point(50, 50))
        let reread = try parse(path.svgPathData)
        let (measure, remeasure) = (PathMeasure(path), PathMeasure(reread))
        expectClose(remeasure.length, measure.length, relative: 1e-12)
        // Every end point is kept exactly (the whole circle becomes two arcs).
        let ends = Set(drawnSegments(of: path).map(\.end))
        #expect(ends.isSubset(of: Set(drawnSegments(of: reread).map(\.end))))
        #expect(drawnSegments(of: reread).count == drawnSegments(of: path).count + 1)
        for fraction in stride(from: 0.0, through: 1.0, by: 0.01) {
            let a = try #require(measure.location(atFraction: fraction))
            let b = try #require(remeasure.location(atFraction: fraction))
            expectClose(b.point, a.point, absolute: 1e-9, "fraction \(fraction)")
        }
    }

    /// Expects `text` to use as few significant digits as possible for `value`, laid out plainly
    /// unless scientific notation is at least three characters shorter.
    func expectShortest(_ text: String, _ value: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        let magnitude = text.hasPrefix("-") ? String(text.dropFirst()) : text
        let mantissa = magnitude.split(separator: "e").first.map(String.init) ?? magnitude
        let digits = mantissa.filter(\.isNumber).drop { $0 == "0" }
        let significant = digits.count - digits.reversed().prefix { $0 == "0" }.count
        // No fewer significant digits read back as the value.
        for fewer in 1..<max(significant, 1) {
            let shorter = String(format: "%.\(fewer - 1)e", value)
            #expect(Double(shorter) != value, "\(shorter) reads back as \(value) too", sourceLocation: sourceLocation)
        }
        // Laid out plainly unless scientific notation saves three characters or more.
        let scientific = String(format: "%.\(max(significant, 1) - 1)e", abs(value))
        let parts = scientific.split(separator: "e")
        let exponent = Int(parts[1]) ?? 0
        let scientificShortest = parts[0] + "e" + String(exponent)
        let digitString = parts[0].filter(\.isNumber)
        let plain: String
        if exponent < 0 {
            plain = "0." + String(repeating: "0", count: -exponent - 1) + digitString
        } else if exponent + 1 >= digitString.count {
            plain = digitString + String(repeating: "0", count: exponent + 1 - digitString.count)
        } else {
            let split = digitString.index(digitString.startIndex, offsetBy: exponent + 1)
            plain = digitString[..<split] + "." + digitString[split...]
        }
        let expected = scientificShortest.count + 3 <= plain.count ? scientificShortest : plain
        #expect(magnitude == expected, "\(text) is not \(expected)", sourceLocation: sourceLocation)
    }
}
