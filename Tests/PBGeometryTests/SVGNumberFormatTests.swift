import PBGeometry
import Testing

/// Numbers as SVG output writes them, against texts worked out by hand from the rules: the
/// shortest text that reads back as the same double (or rounded to a number of places), no
/// trailing zeros, and an exponent only where it saves three characters or more.
@Suite("SVGNumberFormat: exact and rounded numbers")
struct SVGNumberFormatTests {
    @Test(
        "Rounded to 3 places",
        arguments: [
            (80.0, "80"), (79.99999999999999, "80"), (0.25, "0.25"), (-2.5, "-2.5"), (1234.5678, "1234.568"),
            (0.0004, "0"), (-0.0004, "0"), (0.0005, "0.001"), (-0.0005, "-0.001"), (0.1, "0.1"), (0.012, "0.012"),
            (-1000.1, "-1000.1"), (1e20, "1e20"),
        ])
    func rounded(value: Double, text: String) {
        #expect(SVGNumberFormat(decimals: 3).string(value) == text)
    }

    @Test(
        "Exact: the shortest text that reads back",
        arguments: [
            (0.1, "0.1"), (1000.0, "1000"), (100000.0, "1e5"), (123456789012.0, "123456789012"), (1e-7, "1e-7"),
            (1e21, "1e21"), (1e16, "1e16"), (1.5e-5, "0.000015"), (1.5e-6, "1.5e-6"), (-2.5, "-2.5"),
            (Double.leastNonzeroMagnitude, "5e-324"), (-0.000123, "-0.000123"), (12.5, "12.5"), (0.0, "0"),
        ])
    func exact(value: Double, text: String) {
        #expect(SVGNumberFormat().string(value) == text)
        #expect(Double(text) == value)
    }

    @Test("Every place count rounds as the value's digits say, and zero places write whole numbers")
    func places() {
        let format = { (decimals: Int) in SVGNumberFormat(decimals: decimals).string(3.14159265358979) }
        #expect(format(0) == "3" && format(1) == "3.1" && format(2) == "3.14" && format(4) == "3.1416")
        #expect(format(9) == "3.141592654" && format(14) == "3.14159265358979")
        #expect(SVGNumberFormat(decimals: 6).string(-0.0000004) == "0")
        #expect(SVGNumberFormat(decimals: 6).string(0.0000125) == "0.000013")
    }
}
