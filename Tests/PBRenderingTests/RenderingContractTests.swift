import PBGeometry
import PBRendering
import Testing

/// What the renderer promises beyond the pixels: determinism, errors, formats.
@Suite struct RenderingContractTests {
    static let ring = ProgressShape.ring.path(in: Rect(x: 0, y: 0, width: 128, height: 128), style: ProgressStyle())

    @Test(arguments: ImageFormat.allCases)
    func theSameInputGivesTheSameBytes(format: ImageFormat) throws {
        let scene = ProgressScene(width: 128, height: 128, path: Self.ring, progress: 0.42)
        let first = try scene.render(as: format)
        // Something else in between (Cairo numbers its SVG surfaces per process).
        _ = try ProgressScene(width: 64, height: 64, path: Self.ring, progress: 0.9).render(as: format)
        #expect(try scene.render(as: format) == first)
        #expect(first.count > 100)
    }

    @Test func pngsAreValidAndTheRightSize() throws {
        let bytes = try ProgressScene(width: 100, height: 50, path: Self.ring, progress: 0.5, scale: 1.5)
            .render(as: .png)
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let image = try RGBAImage(png: bytes)
        #expect(image.width == 150 && image.height == 75)
    }

    @Test func refusesCanvasesAboveTheLimit() {
        let scene = ProgressScene(width: 20000, height: 10, path: Self.ring, progress: 0.5)
        #expect(
            throws: RenderError(
                .canvasTooLarge, "the canvas is 20000 x 10 pixels; the limit is 16384 x 16384 and 67108864 pixels")
        ) {
            try scene.render(as: .png)
        }
        var tooMany = ProgressScene(width: 10000, height: 10000, path: Self.ring, progress: 0.5)
        #expect(throws: RenderError.self) { try tooMany.render(as: .png) }
        tooMany.scale = 0.5
        #expect(throws: Never.self) { try tooMany.render(as: .svg) }
    }

    @Test func refusesInvalidScenes() {
        var scene = ProgressScene(width: 64, height: 64, path: Self.ring, progress: .nan)
        #expect(throws: RenderError(.invalidScene, "the progress must be a finite number, not nan")) {
            try scene.render(as: .png)
        }
        scene.progress = 0.5
        scene.style.lineWidth = -1
        #expect(throws: RenderError(.invalidScene, "the line width must be a finite number >= 0, not -1.0")) {
            try scene.render(as: .png)
        }
        scene.style.lineWidth = 4
        scene.style.dashPattern = [0, 0]
        #expect(throws: RenderError(.invalidScene, "a dash pattern must have a length above zero")) {
            try scene.render(as: .pdf)
        }
        scene.style.dashPattern = []
        scene.width = 0
        #expect(throws: RenderError.self) { try scene.render(as: .svg) }
    }

    @Test func decodingRejectsWhatIsNotAPNG() throws {
        #expect(throws: PNGDecodingError("not a PNG: the signature is missing")) {
            try RGBAImage(png: Array("GIF89a".utf8))
        }
        let bytes = try ProgressScene(width: 32, height: 32, path: Self.ring, progress: 0.5).render(as: .png)
        var corrupt = bytes
        corrupt[50] ^= 0xFF  // inside the IDAT data
        #expect(throws: PNGDecodingError("the IDAT chunk is corrupt (bad CRC)")) { try RGBAImage(png: corrupt) }
        #expect(throws: PNGDecodingError("the file is truncated (no IEND chunk)")) {
            try RGBAImage(png: Array(bytes.prefix(bytes.count - 12)))
        }
    }
}

/// A renderer reused across frames gives exactly the bytes of a fresh render.
@Suite struct SceneRendererTests {
    @Test func reusingARendererChangesNoByte() throws {
        let renderer = SceneRenderer()
        for shape in ProgressShape.allCases {
            for (width, height, scale) in [(64.0, 64.0, 1.0), (33.0, 17.0, 2.0), (256.0, 9.0, 1.5)] {
                let path = shape.path(in: Rect(x: 0, y: 0, width: width, height: height), style: ProgressStyle())
                let scene = ProgressScene(width: width, height: height, path: path, progress: 0.6, scale: scale)
                for format in ImageFormat.allCases {
                    #expect(try renderer.render(scene, as: format) == scene.render(as: format), "\(shape) \(format)")
                }
                #expect(try RGBAImage(png: renderer.render(scene, as: .png)) == scene.renderImage())
            }
        }
    }
}
