import PBRendering
import PBSnapshotTesting
import Testing

/// ``ImageTolerance``'s rule as its documentation states it: a pixel inside a flat area of
/// *either* image must match within the interior threshold (an altered reference is as much a
/// change as an altered render); only where both images are on an edge does the edge threshold
/// apply.
@Suite struct ImageToleranceFlatnessTests {
    /// A 9 x 9 transparent image with an opaque black 3 x 3 square in its top-left corner (so that
    /// it has edges), and the pixel (x, y) given `alpha`.
    static func image(alpha: UInt8? = nil, at point: (x: Int, y: Int) = (4, 4)) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: 9 * 9 * 4)
        for y in 0..<3 {
            for x in 0..<3 { pixels[4 * (y * 9 + x) + 3] = 255 }
        }
        if let alpha { pixels[4 * (point.y * 9 + point.x) + 3] = alpha }
        return RGBAImage(width: 9, height: 9, pixels: pixels)
    }

    static let diff = Diffing<RGBAImage>.image(tolerance: .default).diff

    @Test("A pixel changed in a flat area of the render fails, however little")
    func changedRender() {
        #expect(Self.diff(Self.image(), Self.image(alpha: 1)) != nil)
    }

    @Test("A pixel changed in a flat area of the reference fails too: flat in either image")
    func changedReference() {
        // In the reference the pixel and its neighbours differ (an edge there); in the render the
        // area is flat. By the reference alone the edge threshold (64) would pass 20 levels.
        #expect(Self.diff(Self.image(alpha: 20), Self.image()) != nil)
    }

    @Test("Where both images are on an edge, differences up to the edge threshold pass")
    func edgeInBoth() {
        // The square's corner pixel (2, 2) is next to transparent pixels in both images.
        let reference = Self.image(alpha: 200, at: (2, 2))
        #expect(Self.diff(reference, Self.image(alpha: 200 - 64, at: (2, 2))) == nil)
        #expect(Self.diff(reference, Self.image(alpha: 200 - 65, at: (2, 2))) != nil)
    }
}
