import PBGeometry
import PBRendering
import Testing

/// What the renderer promises beyond the pixels: determinism, errors, formats.
@Suite struct RenderingContractTests {
    /// The default ring on a 128-point canvas.
    static let ring = ProgressIndicator(geometry: .shape(.ring), width: 128, height: 128)

    /// The ring at `progress`, on its canvas or on another.
    static func ringScene(progress: Double, width: Double = 128, height: Double = 128, scale: Double = 1) throws
        -> Scene
    {
        var scene = try ring.layout().scene(progress: progress)
        (scene.width, scene.height, scene.scale) = (width, height, scale)
        return scene
    }

    @Test(arguments: ImageFormat.stillFormats)
    func theSameInputGivesTheSameBytes(format: ImageFormat) throws {
        let scene = try Self.ringScene(progress: 0.42)
        let first = try scene.render(as: format)
        // Something else in between (Cairo numbers its SVG surfaces per process).
        _ = try Self.ringScene(progress: 0.9, width: 64, height: 64).render(as: format)
        #expect(try scene.render(as: format) == first)
        #expect(first.count > 100)
    }

    @Test func pngsAreValidAndTheRightSize() throws {
        let bytes = try Self.ringScene(progress: 0.5, width: 100, height: 50, scale: 1.5).render(as: .png)
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let image = try RGBAImage(png: bytes)
        #expect(image.width == 150 && image.height == 75)
    }

    @Test func refusesCanvasesAboveTheLimit() throws {
        let scene = try Self.ringScene(progress: 0.5, width: 20000, height: 10)
        let error = try #require(throws: RenderError.self) { try scene.render(as: .png) }
        #expect(error == RenderError(.canvasTooLarge(dimension: .width, points: 20000, pixels: 20000)))
        #expect(
            error.description
                == "'width' gives a canvas 20000 points wide; the limit is 16384 a side"
        )
        // In points for a vector format, and the height as well as the width.
        #expect(throws: RenderError(.canvasTooLarge(dimension: .height, points: 16385, pixels: nil))) {
            try Self.ringScene(progress: 0.5, width: 10, height: 16385).render(as: .svg)
        }
        // Within the limit a side, but too many pixels in all.
        var tooMany = try Self.ringScene(progress: 0.5, width: 10000, height: 10000)
        #expect(throws: RenderError(.tooManyPixels(width: 10000, height: 10000))) { try tooMany.render(as: .png) }
        tooMany.scale = 0.5
        #expect(throws: Never.self) { try tooMany.render(as: .svg) }
        #expect(throws: Never.self) { try tooMany.render(as: .png) }
    }

    /// Found by fuzzing: Cairo lays out every dash of a stroke in an SVG or PDF, on the canvas
    /// or not, so a fine pattern on a long path took gigabytes, or failed as out of memory.
    @Test func refusesDashPatternsTooFineForThePath() throws {
        let measure = PathMeasure(try Path(svgPathData: "M 80 12 A 68 68 0 1 1 80 1e89"))
        let layer = ShapeLayer(
            path: measure, strokeEnd: 0.5, stroke: StrokeStyle(lineWidth: 12, dash: [29.6, 6]),
            strokePaint: .color(.systemBlue))
        let scene = Scene(width: 64, height: 64, layers: [.shape(layer)])
        for format in ImageFormat.stillFormats {
            let error = try #require(throws: RenderError.self) { try scene.render(as: format) }
            #expect(error.kind == .dashPatternTooFine(length: measure.length))
            #expect(
                error.description
                    == "the dash pattern is too fine for a path \(measure.length) long: it lays more than 100000 dashes along it"
            )
        }
        // At the limit, a scene renders.
        var atLimit = layer
        atLimit.path = PathMeasure(try Path(svgPathData: "M 0 0 H 100000"))
        atLimit.stroke?.dash = [1, 1]
        #expect(throws: Never.self) { try Scene(width: 64, height: 64, layers: [.shape(atLimit)]).render(as: .svg) }
        atLimit.stroke?.dash = [1, 0.99]
        #expect(throws: RenderError.self) {
            try Scene(width: 64, height: 64, layers: [.shape(atLimit)]).render(as: .svg)
        }
    }

    @Test func refusesInvalidScenes() throws {
        var indicator = Self.ring
        indicator.progress = .nan
        #expect(
            throws: RenderError(.invalidValue(name: "progress", value: "nan", requirement: "a finite number"))
        ) {
            try indicator.scene()
        }
        indicator.progress = 0.5
        indicator.style.lineWidth = -1
        #expect(
            throws: RenderError(.invalidValue(name: "lineWidth", value: "-1.0", requirement: "a finite number >= 0"))
        ) {
            try indicator.scene()
        }
        indicator.style.lineWidth = 4
        indicator.style.dashPattern = [0, 0]
        let error = try #require(throws: RenderError.self) { try indicator.scene() }
        #expect(
            error
                == RenderError(
                    .invalidValue(name: "dash", value: "0", requirement: "a pattern with a length above zero")))
        #expect(error.description == "'dash' must be a pattern with a length above zero, not 0")
        // A scene checks its layers and its canvas itself, whoever made it.
        var scene = try Self.ringScene(progress: 0.5)
        guard case .shape(var progress) = scene.layers.last else {
            Issue.record("the ring's top layer is not a shape")
            return
        }
        progress.strokeEnd = .nan
        scene.layers[scene.layers.count - 1] = .shape(progress)
        #expect(
            throws: RenderError(.invalidValue(name: "strokeEnd", value: "nan", requirement: "a finite number"))
        ) {
            try scene.render(as: .pdf)
        }
        progress.strokeEnd = 0.5
        progress.stroke?.lineWidth = -1
        scene.layers[scene.layers.count - 1] = .shape(progress)
        #expect(throws: RenderError.self) { try scene.render(as: .png) }
        scene = try Self.ringScene(progress: 0.5)
        scene.width = 0
        #expect(
            throws: RenderError(.invalidValue(name: "width", value: "0.0", requirement: "a finite number > 0"))
        ) {
            try scene.render(as: .svg)
        }
    }

    @Test func decodingRejectsWhatIsNotAPNG() throws {
        #expect(throws: PNGDecodingError("not a PNG: the signature is missing")) {
            try RGBAImage(png: Array("GIF89a".utf8))
        }
        let bytes = try Self.ringScene(progress: 0.5, width: 32, height: 32).render(as: .png)
        var corrupt = bytes
        corrupt[50] ^= 0xFF  // inside the IDAT data: libspng finds the zlib stream broken before the CRC
        #expect(throws: PNGDecodingError("not a valid PNG: IDAT stream error")) { try RGBAImage(png: corrupt) }
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
        // Within the limit, but 100 bytes of deflate cannot hold 268 MB: decoded row by row, the
        // data runs out at the first row, before memory for more was taken.
        #expect(throws: PNGDecodingError("not a valid PNG: IDAT stream error")) {
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
                var indicator = ProgressIndicator(
                    geometry: .shape(shape), width: width, height: height, scale: scale)
                indicator.progress = 0.6
                let scene = try indicator.scene()
                for format in ImageFormat.stillFormats {
                    #expect(try renderer.render(scene, as: format) == scene.render(as: format), "\(shape) \(format)")
                }
                #expect(try RGBAImage(png: renderer.render(scene, as: .png)) == scene.renderImage())
            }
        }
    }
}
