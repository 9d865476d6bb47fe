import PBRendering
import Testing

@Suite("ProgressIndicator.setProgress: one source for the stroke and the label")
struct ProgressIndicatorStateTests {
    @Test("Bytes set the values and the label's facts together")
    func bytes() throws {
        var indicator = ProgressIndicator(shape: .bar)
        indicator.label = ProgressLabel(template: try LabelTemplate(parsing: "{percent} ({bytes} of {totalBytes})"))
        indicator.setProgress(try ProgressState(bytesReceived: 3_000_000, bytesExpected: 10_000_000))
        #expect(indicator.values == [0.3] && !indicator.isIndeterminate)
        let label = try #require(indicator.label)
        #expect(try label.text(atFraction: indicator.progress) == "30% (3 MB of 10 MB)")
    }

    @Test("A state without a fraction makes the indicator indeterminate, and a later one determinate again")
    func unknownLength() throws {
        var indicator = ProgressIndicator(shape: .ring)
        indicator.setProgress(try ProgressState(bytesReceived: 5, bytesExpected: nil))
        #expect(indicator.isIndeterminate)
        indicator.setProgress(try ProgressState(bytesReceived: 5, bytesExpected: 10))
        #expect(!indicator.isIndeterminate && indicator.values == [0.5])
    }
}
