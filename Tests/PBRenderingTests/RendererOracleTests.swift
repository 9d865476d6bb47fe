import Foundation
import PBGeometry
import PBRendering
import PBTestSupport
import Testing

/// pbrender's pixels against an independent renderer (rsvg-convert) drawing the same geometry
/// with the progress as a `stroke-dasharray` of the measured length.
@Suite struct RendererOracleTests {
    /// At most this many pixels may differ by more than `threshold` (of 255) in a channel.
    /// Measured: no pixel differs by more than 38 between pbrender and rsvg-convert on these
    /// scenes (antialiasing along edges), while moving the progress end by 2 % of a 372-point
    /// curve makes about 100 pixels differ by over 200.
    static let allowedPixels = 10
    static let threshold = 48

    static func ring() -> Path {
        ProgressShape.ring.path(in: Rect(x: 0, y: 0, width: 256, height: 256), style: ProgressStyle())
    }

    static let scenes: [(name: String, scene: ProgressScene)] = {
        var result: [(String, ProgressScene)] = []
        for progress in [0.1, 0.5, 0.9, 1] {
            result.append(
                ("ring \(progress)", ProgressScene(width: 256, height: 256, path: ring(), progress: progress)))
        }
        var bar = ProgressStyle()
        bar.lineWidth = 8
        let barPath = ProgressShape.bar.path(in: Rect(x: 0, y: 0, width: 256, height: 8), style: bar)
        for progress in [0.3, 0.7] {
            result.append(
                ("bar \(progress)", ProgressScene(width: 256, height: 8, path: barPath, style: bar, progress: progress))
            )
        }
        // swift-format-ignore: NeverUseForceTry
        let curve = try! Path(svgPathData: "M 20 200 C 60 20, 200 20, 236 200")
        for progress in [0.25, 0.5, 0.75] {
            result.append(
                ("curve \(progress)", ProgressScene(width: 256, height: 256, path: curve, progress: progress)))
        }
        // swift-format-ignore: NeverUseForceTry
        let several = try! Path(
            svgPathData:
                "M 20 40 H 230 M 20 100 C 80 60 170 140 230 100 M 30 200 A 100 60 0 0 1 220 200 M 40 240 H 200 V 230 Z")
        var butt = ProgressStyle()
        butt.lineCap = .butt
        butt.lineWidth = 8
        butt.progressTintColor = Color(red8: 0xFF, green8: 0x3B, blue8: 0x30)
        for progress in [0.2, 0.5, 0.8, 1] {
            result.append(
                (
                    "subpaths \(progress)",
                    ProgressScene(width: 256, height: 256, path: several, style: butt, progress: progress)
                ))
        }
        return result
    }()

    @Test(arguments: scenes.indices)
    func matchesRsvgWithADasharray(index: Int) throws {
        let (name, scene) = Self.scenes[index]
        let ours = try scene.renderImage()
        let theirs = try ExternalRenderer.rsvg(DasharrayOracle.svg(for: scene))
        let comparison = PixelComparison(ours, theirs, threshold: Self.threshold)
        #expect(comparison.differing <= Self.allowedPixels, "\(name): \(comparison)")
        // The comparison can fail: the same scene one percent further along does.
        var moved = scene
        moved.progress += 0.02
        let shifted = PixelComparison(try moved.renderImage(), theirs, threshold: Self.threshold)
        #expect(shifted.differing > 3 * Self.allowedPixels || scene.progress >= 1, "\(name) moved: \(shifted)")
    }

    @Test(arguments: [0.0, 0.4, 1.0])
    func svgOutputRastersToTheSamePixels(progress: Double) throws {
        let scene = ProgressScene(width: 256, height: 256, path: Self.ring(), progress: progress)
        let svg = try scene.render(as: .svg)
        let comparison = PixelComparison(
            try scene.renderImage(), try ExternalRenderer.rsvg(Data(svg)), threshold: Self.threshold)
        #expect(comparison.differing <= Self.allowedPixels, "\(comparison)")
    }

    @Test(arguments: [0.0, 0.4, 1.0])
    func pdfOutputRastersToTheSamePixels(progress: Double) throws {
        let scene = ProgressScene(width: 256, height: 256, path: Self.ring(), progress: progress)
        let pdf = try scene.render(as: .pdf)
        let raster = try ExternalRenderer.pdftoppm(pdf)
        #expect(raster.width == 256 && raster.height == 256)
        // Poppler rasterises with its own antialiasing (Splash, not Cairo): edges differ by up to
        // 67 of 255 where the ring's two strokes overlap.
        let comparison = PixelComparison(try scene.renderImage(), raster, threshold: 80)
        #expect(comparison.differing <= Self.allowedPixels, "\(comparison)")
    }

    @Test func vectorOutputsKeepCurves() throws {
        let scene = ProgressScene(width: 256, height: 256, path: Self.ring(), progress: 0.5)
        let svg = String(decoding: try scene.render(as: .svg), as: UTF8.self)
        #expect(svg.contains(" C "))
        #expect(svg.contains("width=\"256px\""))
    }
}
