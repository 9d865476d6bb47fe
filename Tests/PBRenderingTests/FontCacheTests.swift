import PBGeometry
import Testing

@testable import PBRendering
@testable import PBScene

/// The font map's caches stay bounded however many fonts labels ask for (found by fuzzing
/// labels: each new font description kept 10 to 20 KB for ever), and clearing them changes
/// nothing a layout draws.
@Suite struct FontCacheTests {
    /// Descriptions no other test uses: a family fontconfig does not have, at a size of its own.
    static func description(_ index: Int) -> String { "Fontcachetest\(index) \(10 + index % 7)" }

    @Test func layingOutManyFontsKeepsTheCacheBounded() throws {
        let system = try #require(PangoTextSystem.shared)
        let limit = PangoTextSystem.maximumCachedDescriptions
        let clearsBefore = system.fontCache.clearCount
        for index in 0..<(3 * limit) {
            _ = try TextLayout(text: "42%", font: Font(description: Self.description(index)))
            #expect(system.fontCache.descriptions.count <= limit)
        }
        // 3 × limit new descriptions: at least two clears (other tests may add more).
        #expect(system.fontCache.clearCount >= clearsBefore + 2)
    }

    @Test func aLayoutMadeBeforeAClearDrawsAsItWasMeasured() throws {
        // Latin and CJK: a fallback font besides the primary one.
        let font = try Font(description: "Sans Bold 14")
        let layout = try TextLayout(text: "42% 同步中", font: font)
        let before = try pixels(of: layout)
        let system = try #require(PangoTextSystem.shared)
        let clears = system.fontCache.clearCount
        for index in 0...(2 * PangoTextSystem.maximumCachedDescriptions) {
            _ = try TextLayout(text: "x", font: Font(description: Self.description(1000 + index)))
        }
        try #require(system.fontCache.clearCount > clears)
        #expect(try pixels(of: layout) == before)
        // A new layout after the clear is the same as the old one.
        let again = try TextLayout(text: "42% 同步中", font: font)
        #expect(again.logicalExtents == layout.logicalExtents && again.inkExtents == layout.inkExtents)
        #expect(again.resolvedFamilies == layout.resolvedFamilies)
        #expect(try pixels(of: again) == before)
    }

    /// The layout drawn at twice its size, as RGBA pixels.
    func pixels(of layout: TextLayout) throws -> RGBAImage {
        let surface = try TextProbe.image(layout, scale: 2)
        return try surface.withPixels { (bytes, width, height, stride) throws(RenderError) in
            RGBAImage(premultipliedARGB: bytes, width: width, height: height, stride: stride)
        }
    }
}
