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

    /// Found by fuzzing: Cairo lays out every dash of a stroke in an SVG or PDF, on the canvas
    /// or not, so a fine pattern on a long path took gigabytes, or failed as out of memory.
    @Test func refusesDashPatternsTooFineForThePath() throws {
        let path = try Path(svgPathData: "M 80 12 A 68 68 0 1 1 80 1e89")
        var style = ProgressStyle()
        style.dashPattern = [29.6, 6]
        let scene = ProgressScene(width: 64, height: 64, path: path, style: style, progress: 0.5)
        let message = "the dash pattern is too fine for a path \(scene.measure.length) long: it lays more than "
        for format in ImageFormat.allCases {
            let error = try #require(throws: RenderError.self) { try scene.render(as: format) }
            #expect(error.kind == .invalidScene)
            #expect(error.message == message + "100000 dashes along it")
        }
        // At the limit, a scene renders.
        var atLimit = scene
        atLimit.measure = PathMeasure(try Path(svgPathData: "M 0 0 H 100000"))
        atLimit.style.dashPattern = [1, 1]
        #expect(throws: Never.self) { try atLimit.render(as: .svg) }
        atLimit.style.dashPattern = [1, 0.99]
        #expect(throws: RenderError.self) { try atLimit.render(as: .svg) }
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

    /// Found by fuzzing: a 69-byte PNG whose header said 65536 x 65536 made the decoder
    /// allocate 17 GB for the pixels before reading them.
    @Test func decodingRefusesHeadersThatAskForTooMuchMemory() throws {
        #expect(throws: PNGDecodingError("the image is 65536 x 65536 pixels; the limit is 67108864 pixels")) {
            try RGBAImage(png: Self.png(width: 65536, height: 65536))
        }
        // Within the limit, but 100 bytes of deflate cannot hold 268 MB.
        #expect(
            throws: PNGDecodingError("the image data (100 bytes) is too short for 16384 x 4096 pixels")
        ) {
            try RGBAImage(png: Self.png(width: 16384, height: 4096))
        }
    }

    /// An 8-bit RGBA PNG with the given header and 100 bytes of (meaningless) image data.
    static func png(width: UInt32, height: UInt32) -> [UInt8] {
        func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in body {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return bigEndian(UInt32(data.count)) + body + bigEndian(~crc)
        }
        let header = bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
            + chunk("IDAT", [UInt8](repeating: 0, count: 100)) + chunk("IEND", [])
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
