import PBGeometry
import PBRendering
import PBTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The partial-stroke semantics of DESIGN.md, probed pixel by pixel.
@Suite struct SemanticsTests {
    static let canvas = Rect(x: 0, y: 0, width: 256, height: 256)

    static func ringScene(progress: Double, style: ProgressStyle = ProgressStyle(), clockwise: Bool = true)
        -> ProgressScene
    {
        ProgressScene(
            width: 256, height: 256, path: ProgressShape.ring.path(in: canvas, style: style, clockwise: clockwise),
            style: style, progress: progress)
    }

    @Test(arguments: [0.25, 0.5, 0.8])
    func progressEndsWhereTheFractionOfTheLengthIs(progress: Double) throws {
        var style = ProgressStyle()
        style.lineCap = .butt
        let scene = Self.ringScene(progress: progress, style: style)
        let image = try scene.renderImage()
        let before = try #require(scene.measure.location(atFraction: progress - 0.01)).point
        let after = try #require(scene.measure.location(atFraction: progress + 0.01)).point
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
        let scene = Self.ringScene(progress: 0, style: style)
        let image = try scene.renderImage()
        let start = try #require(scene.measure.location(atFraction: 0)).point
        #expect(image.matches(.systemBlue, at: start.x, start.y))
        // A dot: about a disc of the line width.
        let area = Double(image.count(of: .systemBlue))
        #expect(abs(area - .pi * 36) < 40, "\(area)")
    }

    @Test func roundCapsReachHalfTheWidthPastTheEnd() throws {
        var style = ProgressStyle()
        style.lineWidth = 20
        let path = ProgressShape.bar.path(in: Rect(x: 0, y: 0, width: 400, height: 20), style: style)
        let scene = ProgressScene(width: 400, height: 20, path: path, style: style, progress: 0.5)
        let image = try scene.renderImage()
        let end = try #require(scene.measure.location(atFraction: 0.5)).point
        // The bar runs from x = 10 to 390; half is x = 200. The cap reaches to 210.
        #expect(end.x == 200)
        #expect(image.matches(.systemBlue, at: 208.5, 10))
        #expect(image.matches(.systemGray5, at: 211.5, 10))
        // With butt caps the progress stops at the end.
        style.lineCap = .butt
        let butt = try ProgressScene(width: 400, height: 20, path: path, style: style, progress: 0.5).renderImage()
        #expect(butt.matches(.systemBlue, at: 198.5, 10))
        #expect(butt.matches(.systemGray5, at: 201.5, 10))
    }

    @Test func aFullClosedPathIsJoinedAtTheSeamNotCapped() throws {
        // A square with butt caps and miter joins: closed, the top-left corner is mitered; an
        // open square (the same at progress just under 1) leaves that corner notched.
        var style = ProgressStyle()
        style.lineCap = .butt
        style.lineWidth = 10
        style.trackTintColor = .clear
        let square = try Path(svgPathData: "M 20 20 H 80 V 80 H 20 Z")
        let full = try ProgressScene(width: 100, height: 100, path: square, style: style, progress: 1).renderImage()
        #expect(full.matches(.systemBlue, at: 16, 16))
        let open = try ProgressScene(width: 100, height: 100, path: square, style: style, progress: 0.9999)
            .renderImage()
        #expect(!open.matches(.systemBlue, at: 16, 16))
    }

    @Test func aFullRingWithSquareCapsHasNoBulgeAtTheSeam() throws {
        // A thick ring (radius 50, width 40): square caps at the seam would put their corners
        // √(70² + 20²) ≈ 72.8 points from the centre, outside the ring's outer edge at 70.
        var style = ProgressStyle()
        style.lineCap = .square
        style.lineWidth = 40
        style.trackTintColor = .clear
        var ring = Path()
        ring.addArc(center: Point(128, 128), radius: 50, startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: true)
        ring.closeSubpath()
        func paintOutsideTheRing(_ progress: Double) throws -> Int {
            let image = try ProgressScene(width: 256, height: 256, path: ring, style: style, progress: progress)
                .renderImage()
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
        var late = Self.ringScene(progress: 0.7, style: style)
        late.strokeStart = 0.3
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
        let scene = Self.ringScene(progress: 0.5, style: style)
        let image = try scene.renderImage()
        // At 3 o'clock (a quarter of the way), the progress runs down the middle of the track.
        let point = try #require(scene.measure.location(atFraction: 0.25)).point
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
        #expect(try Self.ringScene(progress: 7).render(as: .png) == Self.ringScene(progress: 1).render(as: .png))
        #expect(try Self.ringScene(progress: -2).render(as: .png) == Self.ringScene(progress: 0).render(as: .png))
        var reversed = Self.ringScene(progress: 0.3)
        reversed.strokeStart = 0.6
        #expect(try reversed.renderImage().count(of: .systemBlue) == 0)
    }

    @Test func scaleMultipliesPixels() throws {
        var scene = Self.ringScene(progress: 0.5)
        scene.scale = 2
        let image = try scene.renderImage()
        #expect(image.width == 512 && image.height == 512)
        #expect(image.matches(.systemBlue, at: 2 * 250, 2 * 128))
    }
}
