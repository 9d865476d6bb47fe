import PBGeometry
import PBRendering
import Testing

/// The built-in shapes as a progress indicator lays them out: the canvas they take, and their
/// strokes (caps included, wherever the progress ends) inside it.
@Suite struct ProgressShapeTests {
    @Test(
        "A semicircle's natural canvas is 256 wide and as tall as the half circle and its stroke",
        arguments: [(LineCap.round, 134.0), (.butt, 128)])
    func semicircleCanvas(cap: LineCap, height: Double) throws {
        // A 12-point stroke: the radius is 122 (256 = 2 (r + 6)); the height is r + 6 above the
        // centre, plus 6 below the end points for round caps.
        var style = ProgressStyle()
        style.lineCap = cap
        let layout = try ProgressIndicator(shape: .semicircle, style: style).layout()
        #expect(layout.width == 256)
        expectClose(layout.height, height, 1e-9)
        let bounds = try #require(layout.measure.path.bounds)
        expectClose(bounds.width, 244, 1e-9)
        expectClose(bounds.height, 122, 1e-9)
    }

    static let cases: [(ProgressShape, LineCap)] = ProgressShape.allCases.flatMap { shape in
        [LineCap.butt, .round, .square].map { (shape, $0) }
    }

    @Test("The progress stroke fits the canvas wherever it ends, and the whole stroke fills it", arguments: cases)
    func strokeFits(shape: ProgressShape, cap: LineCap) throws {
        var style = ProgressStyle()
        style.lineCap = cap
        style.lineWidth = 20
        let layout = try ProgressIndicator(shape: shape, style: style).layout()
        let stroke = layout.progressStroke
        // Ends every half degree of the sweep or so (a square cap's corner is farthest out at one
        // angle: between samples it falls short by at most r (1 - cos 0.25°) ≈ 0.0012).
        let steps = 720
        // Cairo's extents are in its fixed point (1/256 of a point).
        let slack = 1.0 / 256
        var union: Rect?
        for step in 1...steps {
            let piece = try layout.measure.trimmedPath(from: 0, to: Double(step) / Double(steps))
            let bounds = try #require(try piece.strokedBounds(stroke))
            #expect(bounds.minX >= -slack && bounds.minY >= -slack, "\(shape) \(cap) to \(step): \(bounds)")
            #expect(
                bounds.maxX <= layout.width + slack && bounds.maxY <= layout.height + slack,
                "\(shape) \(cap) to \(step): \(bounds) on \(layout.width) x \(layout.height)")
            union = union.map { $0.union(bounds) } ?? bounds
        }
        // Tight: the strokes reach the canvas's left and right edges (the shapes are as large as
        // the width allows, and centred). Not quite for a semicircle with square caps, whose
        // layout leaves room for a cap corner at 9 and 3 o'clock, √((r + w/2)² + (w/2)²) out,
        // where only the end caps' sides (r + w/2 out) can be: 0.39 points here.
        guard shape != .semicircle || cap != .square else { return }
        let reach = try #require(union)
        expectClose(reach.minX, 0, 2 * slack)
        expectClose(reach.maxX, layout.width, 2 * slack)
    }

    func expectClose(_ a: Double, _ b: Double, _ tolerance: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(a - b) <= tolerance, "\(a) is not within \(tolerance) of \(b)", sourceLocation: sourceLocation)
    }
}
