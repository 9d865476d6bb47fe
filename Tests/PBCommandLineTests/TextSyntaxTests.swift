import PBCommandLine
import PBGeometry
import PBRendering
import Testing

@testable import PBJob

@Suite("The command line's text syntaxes, for Swift code")
struct TextSyntaxTests {
    @Test("A progress: a fraction, a percentage, a ratio of counts divided as doubles")
    func progress() throws {
        #expect(try ProgressAmount(parsing: "0.5").value == 0.5)
        #expect(try ProgressAmount(parsing: "42%").value == 0.42)
        #expect(try ProgressAmount(parsing: "1/3").value == 1.0 / 3.0)
        #expect(try ProgressAmount(parsing: "75").looksLikeAPercentage)
        #expect(throws: TextSyntaxError.self) { try ProgressAmount(parsing: "lots") }
        do {
            _ = try ProgressAmount(parsing: "3/0")
        } catch {
            #expect(error.text == "3/0")
            #expect("\(error)" == "the total in '3/0' must be above zero (an unknown total has no progress)")
        }
        do {
            _ = try ProgressAmount(parsing: "lots")
        } catch {
            #expect("\(error)" == "'lots' is not a fraction (0.5), a percentage (50%) or a ratio (512/1024)")
        }
    }

    @Test("Bytes and steps")
    func counts() throws {
        let bytes = try ByteCounts(parsing: "3145728/10485760")
        #expect(bytes.received == 3_145_728 && bytes.expected == 10_485_760)
        #expect(try ByteCounts(parsing: "12/?").expected == nil)
        #expect(throws: TextSyntaxError.self) { try ByteCounts(parsing: "-1/4") }
        let step = try StepCount(parsing: "3/7")
        #expect(step.step == 3 && step.count == 7)
    }

    @Test("Gradients place stops without a location evenly between their neighbours, as CSS does")
    func gradient() throws {
        let gradient = try PathGradient(parsing: "#F00,#FC0,#0F0@80%")
        #expect(gradient.stops.map(\.location) == [0, 0.4, 0.8])
        #expect(gradient.stops[1].color == (try Color(parsing: "#FC0")))
        let stops = try ValueColors(parsing: "0:#FF3B30,0.5:#FF9500")
        #expect(stops.stops.count == 2)
        #expect(throws: TextSyntaxError.self) { try ValueColors(parsing: "0.5") }
    }

    @Test("Angles in degrees, radians and turns")
    func angles() throws {
        #expect(try Angle(parsing: "90") == .degrees(90))
        #expect(try Angle(parsing: "1.5rad") == .radians(1.5))
        #expect(try Angle(parsing: "2.25turn") == .degrees(90))
    }

    @Test("A curve file's indicator is what --path draws before any option")
    func curveFileIndicator() throws {
        let json =
            #"{"width": 100, "height": 20, "path": "M 10 10 L 90 10", "values": [0.2, 0.3], "style": {"lineWidth": 6}}"#
        let file = try CurveFile.decode(Array(json.utf8), file: "bar.json")
        let indicator = try file.indicator()
        #expect(indicator.values == [0.2, 0.3])
        #expect(indicator.style.lineWidth == 6)
        #expect(
            indicator.geometry == .path(try Path(svgPathData: "M 10 10 L 90 10"), canvas: Size(width: 100, height: 20)))
    }
}
