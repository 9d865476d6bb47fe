import PBGeometry
import PBRendering
import PBTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The partial-stroke semantics of DESIGN.md, probed pixel by pixel: on the default ring as a
/// progress indicator lays it out, and on shape layers built by hand.
@Suite struct SemanticsTests {
    /// The default ring (256 points) at `progress`, with its measured path.
    static func ring(progress: Double, style: ProgressStyle = ProgressStyle(), clockwise: Bool = true) throws
        -> (scene: Scene, measure: PathMeasure)
    {
        var indicator = ProgressIndicator(shape: .ring, style: style)
        indicator.isClockwise = clockwise
        indicator.progress = progress
        let layout = try indicator.layout()
        return (try layout.scene(values: indicator.values), layout.measure)
    }

    static func ringScene(progress: Double, style: ProgressStyle = ProgressStyle(), clockwise: Bool = true) throws
        -> Scene
    {
        try ring(progress: progress, style: style, clockwise: clockwise).scene
    }

    /// `scene` with its top layer (an indicator's progress) changed by `change`.
    static func changingTopLayer(of scene: Scene, _ change: (inout ShapeLayer) -> Void) throws -> Scene {
        var scene = scene
        guard case .shape(var layer) = scene.layers.last else { throw LayerMissing() }
        change(&layer)
        scene.layers[scene.layers.count - 1] = .shape(layer)
        return scene
    }

    struct LayerMissing: Error {}

    /// A track under a progress, built by hand: `path` stroked whole in the system grey, then
    /// trimmed to `strokeStart...strokeEnd` in the system blue, both with `stroke`.
    static func trackAndProgress(
        _ path: Path, width: Double, height: Double, stroke: StrokeStyle, strokeEnd: Double,
        strokeStart: Double = 0, track: Bool = true
    ) -> Scene {
        let measure = PathMeasure(path)
        var layers: [Layer] = []
        if track {
            layers.append(.shape(ShapeLayer(path: measure, stroke: stroke, strokePaint: .color(.systemGray5))))
        }
        layers.append(
            .shape(
                ShapeLayer(
                    path: measure, strokeStart: strokeStart, strokeEnd: strokeEnd, stroke: stroke,
                    strokePaint: .color(.systemBlue))))
        return Scene(width: width, height: height, layers: layers)
    }

    @Test(arguments: [0.25, 0.5, 0.8])
    func progressEndsWhereTheFractionOfTheLengthIs(progress: Double) throws {
        var style = ProgressStyle()
        style.lineCap = .butt
        let (scene, measure) = try Self.ring(progress: progress, style: style)
        let image = try scene.renderImage()
        let before = try #require(measure.location(atFraction: progress - 0.01)).point
        let after = try #require(measure.location(atFraction: progress + 0.01)).point
        #expect(image.matches(style.progressTintColor, at: before.x, before.y))
        #expect(image.matches(style.trackTintColor, at: after.x, after.y))
    }

    @Test func zeroProgressDrawsNoProgressEvenWithRoundCaps() throws {
        let image = try Self.ringScene(progress: 0).renderImage()
        #expect(image.count(of: .systemBlue) == 0)
        // Yet the track is there.
        #expect(image.count(of: .systemGray5) > 1000)
    }

    @Test func theZeroDotCanBeKept() throws {
        var style = ProgressStyle()
        style.showsZeroProgressDot = true
        let (scene, measure) = try Self.ring(progress: 0, style: style)
        let image = try scene.renderImage()
        let start = try #require(measure.location(atFraction: 0)).point
        #expect(image.matches(.systemBlue, at: start.x, start.y))
        // A dot: about a disc of the line width.
        let area = Double(image.count(of: .systemBlue))
        #expect(abs(area - .pi * 36) < 40, "\(area)")
    }

    @Test func roundCapsReachHalfTheWidthPastTheEnd() throws {
        // A bar from x = 10 to 390 (room for round caps of a 20-point stroke); half is x = 200.
        let bar = try Path(svgPathData: "M 10 10 H 390")
        var stroke = StrokeStyle(lineWidth: 20, lineCap: .round)
        let scene = Self.trackAndProgress(bar, width: 400, height: 20, stroke: stroke, strokeEnd: 0.5)
        let image = try scene.renderImage()
        let end = try #require(PathMeasure(bar).location(atFraction: 0.5)).point
        // The cap reaches to 210.
        #expect(end.x == 200)
        #expect(image.matches(.systemBlue, at: 208.5, 10))
        #expect(image.matches(.systemGray5, at: 211.5, 10))
        // With butt caps the progress stops at the end.
        stroke.lineCap = .butt
        let butt = try Self.trackAndProgress(bar, width: 400, height: 20, stroke: stroke, strokeEnd: 0.5).renderImage()
        #expect(butt.matches(.systemBlue, at: 198.5, 10))
        #expect(butt.matches(.systemGray5, at: 201.5, 10))
    }

    @Test func theBarLeavesRoomForItsRoundCaps() throws {
        // The bar a progress indicator lays out is the one above: inset by the caps.
        var style = ProgressStyle()
        style.lineWidth = 20
        let layout = try ProgressIndicator(geometry: .shape(.bar), style: style, width: 400, height: 20).layout()
        #expect(layout.measure.path == (try Path(svgPathData: "M 10 10 H 390")))
    }

    @Test func aFullClosedPathIsJoinedAtTheSeamNotCapped() throws {
        // A square with butt caps and miter joins: closed, the top-left corner is mitered; an
        // open square (the same at progress just under 1) leaves that corner notched.
        let stroke = StrokeStyle(lineWidth: 10, lineCap: .butt)
        let square = try Path(svgPathData: "M 20 20 H 80 V 80 H 20 Z")
        let full = try Self.trackAndProgress(
            square, width: 100, height: 100, stroke: stroke, strokeEnd: 1, track: false
        ).renderImage()
        #expect(full.matches(.systemBlue, at: 16, 16))
        let open = try Self.trackAndProgress(
            square, width: 100, height: 100, stroke: stroke, strokeEnd: 0.9999, track: false
        ).renderImage()
        #expect(!open.matches(.systemBlue, at: 16, 16))
    }

    @Test func aFullRingWithSquareCapsHasNoBulgeAtTheSeam() throws {
        // A thick ring (radius 50, width 40): square caps at the seam would put their corners
        // √(70² + 20²) ≈ 72.8 points from the centre, outside the ring's outer edge at 70.
        let stroke = StrokeStyle(lineWidth: 40, lineCap: .square)
        var ring = Path()
        ring.addArc(
            center: Point(128, 128), radius: 50, startAngle: .degrees(-90), endAngle: .degrees(270), clockwise: true)
        ring.closeSubpath()
        func paintOutsideTheRing(_ progress: Double) throws -> Int {
            let image = try Self.trackAndProgress(
                ring, width: 256, height: 256, stroke: stroke, strokeEnd: progress, track: false
            ).renderImage()
            var count = 0
            for x in 100..<156 {
                for y in 40..<80 where image[x, y].alpha > 64 {
                    let (dx, dy) = (Double(x) + 0.5 - 128, Double(y) + 0.5 - 128)
                    if (dx * dx + dy * dy).squareRoot() > 71.5 { count += 1 }
                }
            }
            return count
        }
        #expect(try paintOutsideTheRing(1) == 0)
        // Just short of full, the subpath is open and its square caps stick out at the seam.
        #expect(try paintOutsideTheRing(0.9999) > 4)
    }

    @Test func dashesStayPutAsProgressGrows() throws {
        var style = ProgressStyle()
        style.dashPattern = [10, 6]
        style.lineCap = .butt
        style.trackTintColor = .clear
        let half = try Self.ringScene(progress: 0.5, style: style).renderImage()
        let whole = try Self.ringScene(progress: 1, style: style).renderImage()
        // On the right half of the ring (the first half of the path), the dashes are the same,
        // up to antialiasing (Cairo flattens a half arc and a whole one a little differently:
        // measured up to 12 levels of 255). A dash moved by a point would differ by over 100.
        var differing = 0
        for y in 0..<256 {
            for x in 134..<256 {
                let (a, b) = (half.color(at: Double(x), Double(y)), whole.color(at: Double(x), Double(y)))
                if max(abs(a.red - b.red), abs(a.green - b.green), abs(a.blue - b.blue)) > 24 { differing += 1 }
            }
        }
        #expect(differing == 0)
        #expect(half.count(of: .systemBlue) > 500)
    }

    @Test func dashesOfAProgressStartingLaterLieOnTheTracksDashes() throws {
        var style = ProgressStyle()
        style.dashPattern = [10, 6]
        style.lineCap = .butt
        style.trackTintColor = .clear
        // The progress layer trimmed to 0.3...0.7.
        let late = try Self.changingTopLayer(of: Self.ringScene(progress: 0.7, style: style)) { $0.strokeStart = 0.3 }
        let lateImage = try late.renderImage()
        let whole = try Self.ringScene(progress: 1, style: style).renderImage()
        // Every solid progress pixel is progress on the full ring too (up to antialiasing).
        var outside = 0
        for y in 0..<256 {
            for x in 0..<256 where lateImage.matches(.systemBlue, at: Double(x), Double(y), tolerance: 10) {
                if !whole.matches(.systemBlue, at: Double(x), Double(y), tolerance: 64) { outside += 1 }
            }
        }
        #expect(outside == 0)
        #expect(lateImage.count(of: .systemBlue) > 300)
    }

    @Test func theTrackIsUnderTheProgressWithItsOwnWidth() throws {
        var style = ProgressStyle()
        style.lineWidth = 4
        style.trackWidth = 20
        style.lineCap = .butt
        let (scene, measure) = try Self.ring(progress: 0.5, style: style)
        let image = try scene.renderImage()
        // At 3 o'clock (a quarter of the way), the progress runs down the middle of the track.
        let point = try #require(measure.location(atFraction: 0.25)).point
        #expect(image.matches(.systemBlue, at: point.x, point.y))
        #expect(image.matches(.systemGray5, at: point.x - 7, point.y))
        #expect(image.matches(.systemGray5, at: point.x + 7, point.y))
        // The ring fits the wider stroke: the track's outer edge touches the canvas.
        #expect(abs(point.x + 10 - 256) < 1e-9)
    }

    @Test func strokeOnlyLeavesTheInsideClear() throws {
        let image = try Self.ringScene(progress: 0.7).renderImage()
        #expect(image[128, 128].alpha == 0)
        #expect(image[0, 0].alpha == 0)
    }

    @Test func fillsAreDrawnOnlyWhenAskedFor() throws {
        var style = ProgressStyle()
        style.trackFillColor = .white
        let image = try Self.ringScene(progress: 0.7, style: style).renderImage()
        #expect(image[128, 128] == (255, 255, 255, 255))
    }

    @Test func directionFollowsThePath() throws {
        let clockwise = try Self.ringScene(progress: 0.25).renderImage()
        let counter = try Self.ringScene(progress: 0.25, clockwise: false).renderImage()
        // A quarter from 12 o'clock: clockwise reaches 3 o'clock (right), counterclockwise 9.
        #expect(clockwise.matches(.systemBlue, at: 250, 128 - 20))
        #expect(!clockwise.matches(.systemBlue, at: 6, 128 - 20))
        #expect(counter.matches(.systemBlue, at: 6, 128 - 20))
        #expect(!counter.matches(.systemBlue, at: 250, 128 - 20))
    }

    @Test func fractionsArePinned() throws {
        // By the indicator's layout…
        #expect(try Self.ringScene(progress: 7).render(as: .png) == Self.ringScene(progress: 1).render(as: .png))
        #expect(try Self.ringScene(progress: -2).render(as: .png) == Self.ringScene(progress: 0).render(as: .png))
        // …and by a shape layer itself.
        let half = try Self.ringScene(progress: 0.5)
        let beyond = try Self.changingTopLayer(of: half) { $0.strokeEnd = 7 }
        let full = try Self.changingTopLayer(of: half) { $0.strokeEnd = 1 }
        #expect(try beyond.render(as: .png) == full.render(as: .png))
        let before = try Self.changingTopLayer(of: half) { ($0.strokeStart, $0.strokeEnd) = (-2, 0.25) }
        let fromZero = try Self.changingTopLayer(of: half) { ($0.strokeStart, $0.strokeEnd) = (0, 0.25) }
        #expect(try before.render(as: .png) == fromZero.render(as: .png))
        // A start past the end draws nothing.
        let reversed = try Self.changingTopLayer(of: half) { ($0.strokeStart, $0.strokeEnd) = (0.6, 0.3) }
        #expect(try reversed.renderImage().count(of: .systemBlue) == 0)
    }

    @Test func scaleMultipliesPixels() throws {
        var scene = try Self.ringScene(progress: 0.5)
        scene.scale = 2
        let image = try scene.renderImage()
        #expect(image.width == 512 && image.height == 512)
        #expect(image.matches(.systemBlue, at: 2 * 250, 2 * 128))
    }
}
