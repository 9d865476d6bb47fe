import Foundation
import PBGeometry
import PBRendering
import PBTestSupport
import Testing

@Suite("Badge")
struct BadgeTests {
    /// The flat badge's font, laid out independently of the badge.
    static func measured(_ text: String, bold: Bool = false, size: Double = 11) throws -> TextLayout {
        try TextLayout(
            text: text, font: Font(family: "Verdana, DejaVu Sans, Sans", size: size, weight: bold ? .bold : .regular))
    }

    /// `over` composited over the opaque `base` (8-bit channels, straight alpha).
    static func composite(_ over: (Double, Double, Double), alpha: Double, on base: (Double, Double, Double)) -> (
        Double, Double, Double
    ) {
        (
            over.0 * alpha + base.0 * (1 - alpha), over.1 * alpha + base.1 * (1 - alpha),
            over.2 * alpha + base.2 * (1 - alpha)
        )
    }

    /// The flat style's gloss in band `row` of 20: #BBBBBB to #000000, both at alpha 26/255, at the band's middle.
    static func flatGloss(row: Int) -> (color: (Double, Double, Double), alpha: Double) {
        let t = (Double(row) + 0.5) / 20
        return ((187 * (1 - t), 187 * (1 - t), 187 * (1 - t)), 26 / 255)
    }

    static func expectPixel(
        _ image: RGBAImage, _ x: Int, _ y: Int, _ expected: (Double, Double, Double), tolerance: Double = 2,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let pixel = image[x, y]
        let actual = (Double(pixel.red), Double(pixel.green), Double(pixel.blue))
        let close =
            abs(actual.0 - expected.0) <= tolerance && abs(actual.1 - expected.1) <= tolerance
            && abs(actual.2 - expected.2) <= tolerance && pixel.alpha == 255
        #expect(close, "pixel (\(x), \(y)) is \(pixel), expected \(expected)", sourceLocation: sourceLocation)
    }

    @Test(
        "The value reads as a percentage rounded to nearest (never 0 or 100 short of them), a count of a total, with the suffix"
    )
    func valueText() {
        var badge = Badge(title: "coverage", progress: 0.87)
        #expect(badge.valueText == "87%")
        #expect(badge.accessibleLabel == "coverage: 87%")
        badge.total = 250
        #expect(badge.valueText == "218/250")  // 217.5, half up
        badge.progress = 0.998
        #expect(badge.valueText == "249/250")  // 249.5 would round to done: not before 1
        badge.progress = 0.001
        #expect(badge.valueText == "1/250")  // 0.25 would round to nothing: not after 0
        badge.total = 1
        badge.progress = 0.7
        #expect(badge.valueText == "0/1")
        badge.progress = 0.4286
        badge.total = nil
        #expect(badge.valueText == "43%")
        badge.progress = 0.9999
        #expect(badge.valueText == "99%")
        badge.progress = 0.29
        badge.total = 100
        #expect(badge.valueText == "29/100")  // 0.29 × 100 is 28.999999999999996 in doubles
        badge.progress = 0.999
        #expect(badge.valueText == "99/100")
        badge.progress = 1.5
        badge.total = nil
        badge.suffix = " done"
        #expect(badge.valueText == "100% done")
        badge.style = .forTheBadge
        #expect(badge.valueText == "100% DONE")
        badge.title = ""
        #expect(badge.accessibleLabel == "100% DONE")
    }

    @Test("The value box takes the red-to-green stops by progress, or the colours given")
    func valueColors() throws {
        func color(_ progress: Double) -> String { Badge(title: "x", progress: progress).valueColor.hexString }
        #expect(color(0) == "#E05D44")
        #expect(color(0.49) == "#E05D44")
        #expect(color(0.5) == "#FE7D37")
        #expect(color(0.87) == "#A4A61D")
        #expect(color(0.95) == "#44CC11")
        #expect(color(2) == "#44CC11")
        var badge = Badge(title: "x", progress: 0.6)
        badge.colors = try ValueColors(stops: [(0, .black), (0.5, .white)])
        #expect(badge.valueColor == .white)
        badge.color = .systemBlue
        #expect(badge.valueColor == .systemBlue)
    }

    @Test("Boxes are Pango's text widths rounded up plus the padding; heights follow the style")
    func geometry() throws {
        let badge = Badge(title: "coverage", progress: 0.87)
        let scene = try badge.scene()
        let title = try Self.measured("coverage").width.rounded(.up)
        let value = try Self.measured("87%").width.rounded(.up)
        // padding 6 | title | 6 ‖ 6 | bar 30 | gap 5 | value | 6
        #expect(scene.width == title + 12 + 6 + 30 + 5 + value + 6)
        #expect(scene.height == 20)
        let heights = try Badge.Style.allCases.map { style in
            var badge = badge
            badge.style = style
            return try badge.scene().height
        }
        #expect(heights == [20, 20, 18, 28, 20])
        var large = badge
        large.style = .forTheBadge
        let wide = try large.scene()
        let bigTitle = try Self.measured("COVERAGE", size: 10).width.rounded(.up)
        let bigValue = try Self.measured("87%", bold: true, size: 10).width.rounded(.up)
        // padding 12 | title | 12 ‖ 12 | bar 40 | gap 10 | value | 12
        #expect(wide.width == bigTitle + 24 + 12 + 40 + 10 + bigValue + 12)
    }

    @Test("A CJK title is measured, not counted: it is wider than a Latin title of as many characters, and fits")
    func cjkTitleFits() throws {
        let cjk = try Self.measured("覆盖率")
        #expect(cjk.unknownGlyphCount == 0)
        let latin = try Self.measured("cov")
        #expect(cjk.width > 1.4 * latin.width)
        var badge = Badge(title: "覆盖率", progress: 0.5)
        badge.style = .flatSquare
        let scene = try badge.scene()
        let titleWidth = cjk.width.rounded(.up) + 12
        #expect(scene.width == titleWidth + 6 + 35 + (try Self.measured("50%").width.rounded(.up)) + 6)
        // The last 3 points of the title box's padding hold no ink: the text stays inside its box.
        let image = try scene.renderImage()
        let box = (85.0, 85.0, 85.0)
        for x in (Int(titleWidth) - 3)..<Int(titleWidth) {
            for y in 0..<20 { Self.expectPixel(image, x, y, box, tolerance: 1) }
        }
        // And the text is drawn: white ink in the middle of the box.
        let middle = Int(titleWidth / 2)
        #expect((2..<18).contains { image[middle - 3, $0].red > 200 || image[middle, $0].red > 200 })
    }

    @Test("Pixels: boxes in their colours under the gloss, rounded corners, the bar's progress and track")
    func pixels() throws {
        let badge = Badge(title: "coverage", progress: 0.5)
        let scene = try badge.scene()
        let image = try scene.renderImage()
        let titleWidth = try Self.measured("coverage").width.rounded(.up) + 12
        let orange = (254.0, 125.0, 55.0)  // #FE7D37 from 50%
        for row in [2, 10, 17] {
            let gloss = Self.flatGloss(row: row)
            Self.expectPixel(image, 2, row, Self.composite(gloss.color, alpha: gloss.alpha, on: (85, 85, 85)))
            Self.expectPixel(
                image, Int(scene.width) - 2, row, Self.composite(gloss.color, alpha: gloss.alpha, on: orange))
        }
        // The bar runs from titleWidth + 6 to + 36 at y = 10, 4 thick with round caps; half of it is progress.
        let x0 = Int(titleWidth) + 6
        Self.expectPixel(image, x0 + 8, 9, (255, 255, 255))
        let gloss = Self.flatGloss(row: 9)
        let under = Self.composite(gloss.color, alpha: gloss.alpha, on: orange)
        Self.expectPixel(image, x0 + 24, 9, Self.composite((255, 255, 255), alpha: 0.35, on: under))
        // Corners: rounded (mostly transparent) in flat, square (opaque) in flat-square.
        #expect(image[0, 0].alpha < 128)
        #expect(image[Int(scene.width) - 1, 19].alpha < 128)
        var square = badge
        square.style = .flatSquare
        let squareImage = try square.scene().renderImage()
        #expect(squareImage[0, 0].alpha == 255)
        Self.expectPixel(squareImage, 2, 10, (85, 85, 85), tolerance: 0)
    }

    @Test("Social: a bold title in a light box, a gap where the bubble points, the value in the bubble")
    func social() throws {
        var badge = Badge(title: "coverage", progress: 0.5)
        badge.style = .social
        let scene = try badge.scene()
        let title = try Self.measured("coverage", bold: true).width.rounded(.up) + 12
        let value = try Self.measured("50%").width.rounded(.up)
        // padding 6 | bold title | 6, gap 5, then 6 | bar 30 | gap 5 | value | 6
        #expect(scene.width == title + 5 + 6 + 30 + 5 + value + 6)
        let image = try scene.renderImage()
        // Borders of #D5D5D5 on whole pixels; the title box from #FCFCFC at the top to #EEEEEE at the bottom.
        Self.expectPixel(image, 0, 10, (213, 213, 213), tolerance: 1)
        Self.expectPixel(image, Int(title) - 1, 10, (213, 213, 213), tolerance: 1)
        // Pixel rows' centres, 1.5 and 18.5 points down: 252 − 14 × y / 20.
        let (top, bottom) = (252 - 14 * 1.5 / 20, 252 - 14 * 18.5 / 20)
        Self.expectPixel(image, 3, 1, (top, top, top), tolerance: 1)
        Self.expectPixel(image, 3, 18, (bottom, bottom, bottom), tolerance: 1)
        // The gap is clear but for the bubble's point, which meets the bubble at mid-height.
        #expect(image[Int(title) + 1, 2].alpha == 0 && image[Int(title) + 1, 17].alpha == 0)
        Self.expectPixel(image, Int(title) + 4, 10, (250, 250, 250), tolerance: 1)
        // The bubble, nearly white; its bar's progress in the value's colour (#FE7D37 at 50%), its track in
        // the dark grey text colour at 35 %.
        let x0 = Int(title) + 5 + 6
        Self.expectPixel(image, x0 + 8, 9, (254, 125, 55))
        Self.expectPixel(image, x0 + 24, 9, Self.composite((51, 51, 51), alpha: 0.35, on: (250, 250, 250)))
        Self.expectPixel(image, Int(scene.width) - 3, 3, (250, 250, 250), tolerance: 1)
        // A text colour given wins over the style's.
        badge.textColor = .black
        let black = try badge.scene().renderImage()
        Self.expectPixel(black, x0 + 24, 9, Self.composite((0, 0, 0), alpha: 0.35, on: (250, 250, 250)))
    }

    @Test("At scale 2 the PNG has twice the pixels and the same colours")
    func scale() throws {
        var badge = Badge(title: "build", progress: 1)
        badge.style = .flatSquare
        let one = try badge.scene()
        badge.scale = 2
        let two = try badge.scene()
        let (small, large) = (try one.renderImage(), try two.renderImage())
        #expect(large.width == 2 * small.width && large.height == 2 * small.height)
        Self.expectPixel(large, 4, 20, (85, 85, 85), tolerance: 0)
        Self.expectPixel(large, large.width - 4, 20, (68, 204, 17), tolerance: 0)
    }

    @Test("The SVG is an accessible image: role img, aria-label and title with title and value")
    func accessibleSVG() throws {
        var badge = Badge(title: "tests & <checks>", progress: 0.87)
        badge.total = 250
        let svg = String(decoding: try badge.scene().render(as: .svg), as: UTF8.self)
        #expect(svg.contains("role=\"img\" aria-label=\"tests &amp; &lt;checks&gt;: 218/250\""))
        #expect(svg.contains("<title>tests &amp; &lt;checks&gt;: 218/250</title>"))
        #expect(!svg.contains("progressbar"))
        #expect(!svg.contains("aria-valuenow"))
    }

    @Test("Dark appearance: the web SVG's dark rule, and PNGs in dark colours")
    func darkAppearance() throws {
        var badge = Badge(title: "coverage", progress: 0.87)
        badge.style = .flatSquare
        let scene = try badge.scene()
        let svg = String(decoding: try scene.render(as: .svg), as: UTF8.self)
        #expect(svg.contains("@media (prefers-color-scheme: dark){"))
        #expect(svg.contains("fill:#3A3A3C"))
        let dark = try scene.appearance(.dark).renderImage()
        Self.expectPixel(dark, 2, 10, (58, 58, 60), tolerance: 0)
        badge.darkTitleColor = badge.titleColor
        #expect(try badge.scene().darkLayers == nil)
        badge.color = .systemGreen
        let green = try badge.scene()
        #expect(green.darkLayers != nil)
        Self.expectPixel(
            try green.appearance(.dark).renderImage(), Int(green.width) - 2, 10, (48, 209, 88), tolerance: 0)
    }

    @Test("rsvg-convert draws the SVG as the PNG is drawn", arguments: Badge.Style.allCases)
    func svgMatchesPNG(style: Badge.Style) throws {
        var badge = Badge(title: "coverage", progress: 0.62)
        badge.style = style
        let scene = try badge.scene()
        let ours = try scene.renderImage()
        let theirs = try ExternalRenderer.rsvg(String(decoding: try scene.render(as: .svg), as: UTF8.self))
        let comparison = PixelComparison(ours, theirs, threshold: 48)
        // What differs is glyph edges: rsvg-convert spaces the glyphs to fit `textLength` its own way (3-4% of
        // the pixels); without the texts, not one pixel differs by more than 48/255.
        #expect(comparison.share < 0.06, "\(comparison)")
        var shapes = scene
        func isShape(_ layer: Layer) -> Bool { if case .text = layer { false } else { true } }
        shapes.layers = scene.layers.filter(isShape)
        shapes.darkLayers = scene.darkLayers?.filter(isShape)
        let shapesOnly = PixelComparison(
            try shapes.renderImage(),
            try ExternalRenderer.rsvg(String(decoding: try shapes.render(as: .svg), as: UTF8.self)),
            threshold: 48)
        #expect(shapesOnly.differing == 0, "\(shapesOnly)")
    }

    @Test("Bad values are refused with the facts")
    func errors() {
        var badge = Badge(title: "x", progress: .nan)
        #expect(throws: RenderError(.invalidValue(name: "progress", value: "nan", requirement: "a number"))) {
            try badge.scene()
        }
        badge.progress = 0.5
        badge.total = 0
        #expect(throws: RenderError(.invalidValue(name: "total", value: "0", requirement: "a whole number >= 1"))) {
            try badge.scene()
        }
        badge.total = nil
        badge.title = String(repeating: "x", count: 201)
        #expect(
            throws: RenderError(
                .invalidLabel("a badge's text has 201 characters, more than the 200 it may have"))
        ) { try badge.scene() }
        badge.title = "a\u{0}b"
        #expect(throws: RenderError.self) { try badge.scene() }
    }
}
