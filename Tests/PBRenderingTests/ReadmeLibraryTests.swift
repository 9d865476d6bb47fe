import Foundation
import PBGeometry
import PBRendering
import PBTestSupport
import Testing

/// The library article's library example compiles and runs: it is the body of ``runs()`` between the
/// markers, and a test checks the article shows exactly those lines.
@Suite struct ReadmeLibraryTests {
    @Test func runs() throws {
        // README begin
        let curve = try Path(svgPathData: "M 20 200 C 60 20, 200 20, 236 200")
        let measure = PathMeasure(curve)  // measure once…
        let length = measure.length  // 371.98532073581225
        let middle = measure.location(atFraction: 0.5)?.point  // …sample many times
        let firstHalf = try measure.trimmedPath(from: 0, to: 0.5)

        // What the command line draws, from the library: the same layout, the same bytes.
        var ring = ProgressIndicator(shape: .ring)
        ring.style.lineWidth = 12
        ring.progress = 0.5
        let png = try ring.scene().render(as: .png)

        // Three values in a bar, with a label.
        var storage = ProgressIndicator(shape: .bar)
        storage.values = [0.32, 0.18, 0.12]
        storage.style.valueColors = [.systemBlue, .systemOrange, .systemGreen]
        storage.label = ProgressLabel(template: try LabelTemplate(parsing: "{percent} used"), position: .below)
        let svg = try storage.scene().render(as: .svg)

        // An animation: one layout, a scene per frame.
        let timeline = Timeline(
            layout: try ring.layout(), motion: .progress(from: 0, to: 0.8, timing: .easeInEaseOut),
            schedule: try FrameSchedule(duration: 1, framesPerSecond: 30))
        let apng = try timeline.animatedPNG()
        // README end
        #expect(abs(length - 371.98532073581225) < 1e-9)
        #expect(middle != nil)
        #expect(abs(PathMeasure(firstHalf).length - length / 2) < 1e-9 * length)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(String(decoding: svg, as: UTF8.self).contains(">62% used</text>"))
        #expect(apng.count > 1000)
    }

    @Test func theREADMEShowsThisCode() throws {
        #expect(
            try ReadmeSnippet.isShown(
                from: #filePath, importing: "PBRendering", in: "Sources/PBJob/PBJob.docc/UsingTheLibrary.md"))
    }
}
