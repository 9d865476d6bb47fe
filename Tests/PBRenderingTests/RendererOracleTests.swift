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

    /// The default ring on a 256-point canvas, at `progress`.
    static func ring(progress: Double) -> ProgressIndicator {
        var ring = ProgressIndicator(shape: .ring)
        ring.progress = progress
        return ring
    }

    /// Indicators (a track under the progress) whose scenes the oracle draws.
    static let indicators: [(name: String, indicator: ProgressIndicator)] = {
        var result: [(String, ProgressIndicator)] = []
        for progress in [0.1, 0.5, 0.9, 1] {
            result.append(("ring \(progress)", ring(progress: progress)))
        }
        var bar = ProgressStyle()
        bar.lineWidth = 8
        for progress in [0.3, 0.7] {
            var indicator = ProgressIndicator(shape: .bar, style: bar)
            indicator.progress = progress
            result.append(("bar \(progress)", indicator))
        }
        // swift-format-ignore: NeverUseForceTry
        let curve = try! Path(svgPathData: "M 20 200 C 60 20, 200 20, 236 200")
        for progress in [0.25, 0.5, 0.75] {
            var indicator = ProgressIndicator(path: curve, canvas: Size(width: 256, height: 256))
            indicator.progress = progress
            result.append(("curve \(progress)", indicator))
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
            var indicator = ProgressIndicator(path: several, canvas: Size(width: 256, height: 256), style: butt)
            indicator.progress = progress
            result.append(("subpaths \(progress)", indicator))
        }
        return result
    }()

    @Test(arguments: indicators.indices)
    func matchesRsvgWithADasharray(index: Int) throws {
        let (name, indicator) = Self.indicators[index]
        let scene = try indicator.scene()
        let ours = try scene.renderImage()
        let theirs = try ExternalRenderer.rsvg(DasharrayOracle.svg(for: scene))
        let comparison = PixelComparison(ours, theirs, threshold: Self.threshold)
        #expect(comparison.differing <= Self.allowedPixels, "\(name): \(comparison)")
        // The comparison can fail: the same scene two percent further along does.
        var moved = indicator
        moved.progress += 0.02
        let shifted = PixelComparison(try moved.scene().renderImage(), theirs, threshold: Self.threshold)
        #expect(shifted.differing > 3 * Self.allowedPixels || indicator.progress >= 1, "\(name) moved: \(shifted)")
    }

    @Test(arguments: [0.0, 0.4, 1.0])
    func svgOutputRastersToTheSamePixels(progress: Double) throws {
        let scene = try Self.ring(progress: progress).scene()
        let svg = try scene.render(as: .svg)
        let comparison = PixelComparison(
            try scene.renderImage(), try ExternalRenderer.rsvg(Data(svg)), threshold: Self.threshold)
        #expect(comparison.differing <= Self.allowedPixels, "\(comparison)")
    }

    @Test(arguments: [0.0, 0.4, 1.0])
    func pdfOutputRastersToTheSamePixels(progress: Double) throws {
        let scene = try Self.ring(progress: progress).scene()
        let pdf = try scene.render(as: .pdf)
        let raster = try ExternalRenderer.pdftoppm(pdf)
        #expect(raster.width == 256 && raster.height == 256)
        // Poppler rasterises with its own antialiasing (Splash, not Cairo): edges differ by up to
        // 67 of 255 where the ring's two strokes overlap.
        let comparison = PixelComparison(try scene.renderImage(), raster, threshold: 80)
        #expect(comparison.differing <= Self.allowedPixels, "\(comparison)")
    }

    @Test func vectorOutputsKeepCurves() throws {
        let scene = try Self.ring(progress: 0.5).scene()
        let svg = String(decoding: try scene.render(as: .svg), as: UTF8.self)
        // Arcs stay arcs (SVG's A command), and sizes are px (unitless).
        #expect(svg.contains(" A 122,122 0 "))
        #expect(!svg.contains(" C "))
        #expect(svg.contains("width=\"256\" height=\"256\" viewBox=\"0 0 256 256\""))
    }
}
