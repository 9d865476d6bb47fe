import Foundation
import PBGeometry
import PBTestSupport
import Testing

@testable import PBRendering

/// Labels in the scripts the issue names, shared by the text suites.
enum TextSamples {
    static let latin = "42%"
    static let cjk = "同步中 42%"
    static let arabic = "٤٢٪ تم التنزيل"
    static let hebrew = "הורדה 42%"
    static let mixed = "Download 42% — تم التنزيل · הורדה · 同步中"
    static let all = [latin, cjk, arabic, hebrew, mixed]
}

/// Draws labels on Cairo surfaces and finds what they painted.
enum TextProbe {
    /// The box of the pixels whose alpha is above zero on an image surface, in device pixels
    /// (a pixel's box is `x...x+1`), or `nil` when nothing is painted.
    static func inkBox(_ surface: CairoSurface) throws -> Rect? {
        try surface.withPixels { (bytes, width, height, stride) throws(RenderError) -> Rect? in
            inkBox(width: width, height: height) { x, y in
                bytes.load(fromByteOffset: y * stride + 4 * x, as: UInt32.self) >> 24 != 0
            }
        }
    }

    /// The box of the painted pixels in the rows `rows` of an image surface.
    static func inkBox(_ surface: CairoSurface, rows: Range<Int>) throws -> Rect? {
        try surface.withPixels { (bytes, width, height, stride) throws(RenderError) -> Rect? in
            inkBox(width: width, height: height) { x, y in
                rows.contains(y) && bytes.load(fromByteOffset: y * stride + 4 * x, as: UInt32.self) >> 24 != 0
            }
        }
    }

    /// The box of the pixels of `image` that are not white (a PDF rasterised over white).
    static func inkBox(_ image: RGBAImage) -> Rect? {
        inkBox(width: image.width, height: image.height) { x, y in
            let pixel = image[x, y]
            return pixel.red < 255 || pixel.green < 255 || pixel.blue < 255
        }
    }

    /// The smallest box containing every pixel for which `isInk` holds.
    static func inkBox(width: Int, height: Int, isInk: (Int, Int) -> Bool) -> Rect? {
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, Int.min, Int.min)
        for y in 0..<height {
            for x in 0..<width where isInk(x, y) {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        guard minX <= maxX else { return nil }
        return Rect(x: Double(minX), y: Double(minY), width: Double(maxX - minX + 1), height: Double(maxY - minY + 1))
    }

    /// An image surface `margin` points larger than the layout on every side, at `scale`, with
    /// the layout drawn at (margin, margin) in `color`.
    static func image(
        _ layout: TextLayout, margin: Double = 10, scale: Double = 1, color: Color = .black
    ) throws -> CairoSurface {
        let surface = try CairoSurface(
            imageWidth: Int(((layout.width + 2 * margin) * scale).rounded(.up)),
            height: Int(((layout.height + 2 * margin) * scale).rounded(.up)))
        let context = try CairoContext(surface)
        context.scale(by: scale)
        context.draw(layout, at: Point(x: margin, y: margin), color: color)
        try context.check()
        // Not finished: finishing an image surface frees its pixels.
        return surface
    }

    /// A one-page PDF with the layout drawn at (margin, margin).
    static func pdf(_ layout: TextLayout, margin: Double = 10) throws -> [UInt8] {
        let surface = try CairoSurface(pdfWidth: layout.width + 2 * margin, height: layout.height + 2 * margin)
        let context = try CairoContext(surface)
        context.draw(layout, at: Point(x: margin, y: margin), color: .black)
        try context.check()
        try surface.finish()
        return surface.sink?.bytes ?? []
    }
}

/// Expects two boxes to agree within `tolerance` on each edge.
func expectBox(
    _ actual: Rect?, near expected: Rect, within tolerance: Double, sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let actual else {
        Issue.record("nothing was painted", sourceLocation: sourceLocation)
        return
    }
    let edges = [
        (actual.minX, expected.minX), (actual.minY, expected.minY), (actual.maxX, expected.maxX),
        (actual.maxY, expected.maxY),
    ]
    let worst = edges.map { abs($0.0 - $0.1) }.max() ?? 0
    #expect(
        worst <= tolerance, "\(actual) vs \(expected): an edge is \(worst) off",
        sourceLocation: sourceLocation)
}
