import Foundation
import PBGeometry
import PBRendering
import PBSnapshotTesting
import PBTestSupport
import Testing

/// The image strategy's tolerance: real changes fail, antialiasing noise passes.
@Suite struct SnapshotToleranceTests {
    /// A fresh folder for references.
    let directory = NSTemporaryDirectory() + "pbrender-tolerance-\(UUID().uuidString)"

    static func ring(progress: Double, tint: Color = .systemBlue, offset: Double = 0) throws -> Scene {
        var style = ProgressStyle()
        style.progressTintColor = tint
        var path = Path()
        path.addArc(
            center: Point(128 + offset, 128 + offset * 0.7), radius: 100, startAngle: .degrees(-90),
            endAngle: .degrees(270), clockwise: true)
        path.closeSubpath()
        var indicator = ProgressIndicator(path: path, canvas: Size(width: 256, height: 256), style: style)
        indicator.progress = progress
        return try indicator.scene()
    }

    /// Records `reference`, then verifies `actual` against it.
    func verify(_ actual: Scene, against reference: Scene, tolerance: ImageTolerance = .default) -> String? {
        let strategy = Snapshotting<Scene, RGBAImage>.image(tolerance: tolerance)
        _ = verifySnapshot(of: reference, as: strategy, named: "x", record: .all, snapshotDirectory: directory)
        return verifySnapshot(of: actual, as: strategy, named: "x", record: .never, snapshotDirectory: directory)
    }

    @Test func equalImagesPass() throws {
        #expect(verify(try Self.ring(progress: 0.4), against: try Self.ring(progress: 0.4)) == nil)
    }

    @Test func aProgressEndMovedByOnePixelFails() throws {
        // The ring's centre line has radius 100: one pixel is 1 / (200π) of its length.
        let step = 1 / (200 * Double.pi)
        let message = try #require(verify(try Self.ring(progress: 0.4 + step), against: try Self.ring(progress: 0.4)))
        #expect(message.contains("pixels differ beyond the tolerance"))
    }

    @Test func aTintChangedByOneStepFails() throws {
        let nextBlue = Color(red8: 0x00, green8: 0x7B, blue8: 0xFF)
        let message = try #require(
            verify(try Self.ring(progress: 0.4, tint: nextBlue), against: try Self.ring(progress: 0.4)))
        #expect(message.contains("largest difference 1 of 255"))
    }

    @Test func antialiasingNoisePasses() throws {
        // The whole drawing moved by a tenth of a pixel: every edge pixel changes a little.
        #expect(verify(try Self.ring(progress: 0.4, offset: 0.1), against: try Self.ring(progress: 0.4)) == nil)
        // …but a whole pixel is a real change.
        #expect(verify(try Self.ring(progress: 0.4, offset: 1), against: try Self.ring(progress: 0.4)) != nil)
    }

    @Test func noisyEdgePixelsPassAndNoisyInteriorsFail() throws {
        let reference = try Self.ring(progress: 0.4).renderImage()
        var noisy = reference
        var generator = SeededGenerator(seed: 7)
        var changedEdges = 0
        for i in stride(from: 0, to: noisy.pixels.count, by: 4) where (1...254).contains(noisy.pixels[i + 3]) {
            // Edge pixels (partly covered): ±12 levels of alpha.
            let delta = Int(generator.next() % 25) - 12
            noisy.pixels[i + 3] = UInt8(clamping: Int(noisy.pixels[i + 3]) + delta)
            changedEdges += 1
        }
        #expect(changedEdges > 500)
        let strategy = Snapshotting<RGBAImage, RGBAImage>.image
        _ = verifySnapshot(of: reference, as: strategy, named: "noise", record: .all, snapshotDirectory: directory)
        #expect(
            verifySnapshot(of: noisy, as: strategy, named: "noise", record: .never, snapshotDirectory: directory) == nil
        )
        // One level in the middle of the canvas, which is flat, is a change.
        var interior = reference
        interior.pixels[4 * (128 * 256 + 128) + 3] = 1
        #expect(
            verifySnapshot(of: interior, as: strategy, named: "noise", record: .never, snapshotDirectory: directory)
                != nil)
    }

    @Test func aShareOfPixelsCanBeAllowed() throws {
        let loose = ImageTolerance(interiorThreshold: 0, edgeThreshold: 64, allowedShare: 0.01)
        let (moved, reference) = (try Self.ring(progress: 0.401), try Self.ring(progress: 0.4))
        #expect(verify(moved, against: reference, tolerance: loose) == nil)
        #expect(verify(moved, against: reference, tolerance: .exact) != nil)
    }

    @Test func aDifferentSizeFails() throws {
        var bigger = try Self.ring(progress: 0.4)
        bigger.width = 300
        let message = try #require(verify(bigger, against: try Self.ring(progress: 0.4)))
        #expect(message.contains("the size is 300 x 256 pixels, the reference's 256 x 256"))
    }
}
