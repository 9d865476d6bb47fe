import Foundation
import PBGeometry
import PBRendering
import PBSnapshotTesting
import Testing

/// The text strategies: SVG (normalised), path elements, lines.
@Suite struct TextSnapshotTests {
    let directory = NSTemporaryDirectory() + "pbrender-text-\(UUID().uuidString)"

    @Test func pathElementsAreReadable() throws {
        var path = Path()
        path.move(to: Point(0, 0))
        path.addLine(to: Point(10, 0))
        path.addQuadCurve(to: Point(20, 10), control: Point(20, 0))
        path.addCurve(to: Point(0, 30), control1: Point(20, 20), control2: Point(10, 30))
        path.closeSubpath()
        // After a close, an arc starts a new subpath with a line from the current point.
        path.addArc(center: Point(50, 50), radius: 10, startAngle: .zero, endAngle: .degrees(90), clockwise: true)
        let snapshot = try Snapshotting<Path, String>.elements.snapshot(path)
        #expect(
            snapshot == """
                subpath 1, closed, from (0, 0)
                  line to (10, 0)
                  quad curve to (20, 10), control (20, 0)
                  curve to (0, 30), controls (20, 20) (10, 30)
                  close with a line to (0, 0)
                subpath 2, open, from (0, 0)
                  line to (60, 50)
                  arc to (50, 60): centre (50, 50), radii 10 x 10, rotation 0°, start 0°, sweep 90°

                """)
    }

    @Test func svgNumbersMatchWithinATolerance() throws {
        var indicator = ProgressIndicator(geometry: .shape(.ring), values: [0.5], width: 100, height: 100)
        let ring = try indicator.layout().measure.path
        let scene = try indicator.scene()
        let svg = try Snapshotting<Scene, String>.svg.snapshot(scene)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("stroke=\"#007AFF\""))
        #expect(!svg.contains(where: { $0 == "\r" }))
        // Moving the drawing by a thousandth of a point changes nothing; by a point, it fails.
        func translated(_ dx: Double, _ dy: Double) throws -> Scene {
            var moved = indicator
            moved.geometry = .path(
                ring.transformed(by: Transform(translationX: dx, y: dy)), canvas: Size(width: 100, height: 100))
            return try moved.scene()
        }
        let shifted = try translated(0.001, 0.003)
        let moved = try translated(1, 0)
        _ = verifySnapshot(of: scene, as: .svg, named: "svg", record: .all, snapshotDirectory: directory)
        #expect(
            verifySnapshot(of: shifted, as: .svg, named: "svg", record: .never, snapshotDirectory: directory) == nil)
        let message = try #require(
            verifySnapshot(of: moved, as: .svg, named: "svg", record: .never, snapshotDirectory: directory))
        #expect(message.contains("line 4 differs beyond 0.01"))
        // Text around the numbers must match exactly.
        indicator.style.progressTintColor = .white
        let recoloured = try indicator.scene()
        #expect(
            verifySnapshot(of: recoloured, as: .svg, named: "svg", record: .never, snapshotDirectory: directory)
                != nil)
    }

    @Test func linesShowTheFirstDifference() throws {
        _ = verifySnapshot(of: "a\nb\nc\n", as: .lines, named: "t", record: .all, snapshotDirectory: directory)
        let message = try #require(
            verifySnapshot(of: "a\nB\nc\n", as: .lines, named: "t", record: .never, snapshotDirectory: directory))
        #expect(message.contains("line 2 differs (4 lines in the reference, 4 now)\n  − b\n  + B"))
    }
}
