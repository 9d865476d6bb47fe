import PBGeometry
import PBTestSupport
import Testing

@testable import PBRendering

/// What issue 8's close read asked of the raster path: `renderImage()` gives the pixels the PNG
/// holds without a PNG round trip; `pngData()` throws the encoder's error (`RenderError`), not a
/// decoding error; each format's bytes are that format (no PDF for a PNG); a Cairo failure keeps
/// Cairo's status code.
@Suite struct RasterOutputTests {
    /// Scenes that exercise every step between Cairo's premultiplied pixels and a PNG: partial
    /// alpha (unpremultiplying), gradients, several values, a label, a background, scales that
    /// round the canvas up.
    static func scenes() throws -> [(String, Scene)] {
        var translucent = ProgressIndicator(shape: .ring)
        translucent.progress = 0.7
        translucent.style.progressTintColor = Color(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.37)
        translucent.style.trackTintColor = Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.11)

        var gradient = ProgressIndicator(shape: .gauge)
        gradient.progress = 0.8
        gradient.scale = 2
        gradient.style.progressGradient = try PathGradient(colors: [.systemRed, .systemYellow, .systemGreen])

        var values = ProgressIndicator(shape: .bar)
        values.values = [0.3, 0.2, 0.25]
        values.scale = 1.5
        values.width = 101.3

        var label = ProgressIndicator(shape: .ring)
        label.progress = 0.42
        label.width = 97
        label.height = 97
        label.style.backgroundColor = Color(red: 1, green: 1, blue: 0.9, alpha: 0.5)
        label.label = ProgressLabel(template: try LabelTemplate(parsing: "{percent}"))

        return [
            ("translucent", try translucent.scene()), ("gradient", try gradient.scene()),
            ("values", try values.scene()), ("label", try label.scene()),
        ]
    }

    @Test("renderImage() is exactly the PNG's pixels, decoded; and its pngData() is the PNG")
    func renderImageIsTheDecodedPNG() throws {
        for (name, scene) in try Self.scenes() {
            let png = try scene.render(as: .png)
            let image = try scene.renderImage()
            let decoded = try RGBAImage(png: png)
            #expect(image == decoded, "\(name)")
            #expect((image.width, image.height) == scene.pixelSize, "\(name)")
            #expect(try image.pngData() == png, "\(name)")
            // Not trivially equal: the scene has pixels of partial alpha.
            #expect(stride(from: 3, to: image.pixels.count, by: 4).contains { (1...254).contains(image.pixels[$0]) })
        }
    }

    @Test("pngData() throws RenderError (.encoding) for pixels that are not the image's size")
    func pngDataThrowsTheEncodersError() throws {
        var image = try Self.scenes()[0].1.renderImage()
        image.pixels.removeLast(4)
        // The type is the API: `throws(RenderError)`, checked by the compiler.
        let encode: () throws(RenderError) -> [UInt8] = { try image.pngData() }
        let error = try #require(throws: RenderError.self) { try encode() }
        guard case .encoding(let message) = error.kind else {
            Issue.record("expected .encoding, got \(error.kind)")
            return
        }
        #expect(message.contains("are not \(image.width) x \(image.height) RGBA pixels"))
        #expect(!error.isInputError)
        #expect(error.description.hasPrefix("cannot encode the image: "))
    }

    @Test("Each still format's bytes are that format", arguments: ImageFormat.stillFormats)
    func eachFormatIsItself(format: ImageFormat) throws {
        let bytes = try Self.scenes()[1].1.render(as: format)
        let signatures: [String: (start: [UInt8], offset: Int)] = [
            "png": ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], 0), "svg": (Array("<svg".utf8), 0),
            "pdf": (Array("%PDF-".utf8), 0), "webp": (Array("WEBPVP8L".utf8), 8), "gif": (Array("GIF89a".utf8), 0),
        ]
        let signature = try #require(signatures[format.name], "a signature for every still format")
        #expect(bytes.dropFirst(signature.offset).starts(with: signature.start))
        if format == .pdf { #expect(String(decoding: bytes.suffix(8), as: UTF8.self).contains("%%EOF")) }
    }

    @Test("A Cairo failure carries Cairo's status code and its own description")
    func cairoFailuresKeepTheirStatus() throws {
        // CAIRO_STATUS_INVALID_SIZE is 32 in cairo.h (1.16): a surface wider than Cairo's 32767.
        let tooWide = try #require(throws: RenderError.self) { try CairoSurface(imageWidth: 40000, height: 1) }
        #expect(
            tooWide.kind
                == .cairo(
                    status: 32,
                    message: "invalid value (typically too big) for the size of the input (surface, pattern, etc.)"))
        #expect(!tooWide.isInputError)
        #expect(tooWide.description.hasSuffix("(status 32)"))
        // CAIRO_STATUS_INVALID_POP_GROUP is 3: a group popped that was never pushed, caught
        // where the context commits.
        let surface = try CairoSurface(imageWidth: 4, height: 4)
        let context = try CairoContext(surface)
        context.popGroupToSource()
        let popped = try #require(throws: RenderError.self) { try context.check() }
        guard case .cairo(let status, let message) = popped.kind else {
            Issue.record("expected .cairo, got \(popped.kind)")
            return
        }
        #expect(status == 3)
        #expect(message.contains("cairo_pop_group()"))
    }
}
