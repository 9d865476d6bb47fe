import PBGeometry
import PBTestSupport
import Testing

@testable import PBRendering

/// The compression modes against libspng (which inflates with zlib, not with the compressors
/// that wrote the streams) and Pillow: every mode gives the same pixels as the encoder before
/// modes existed (libdeflate level 2), the same bytes on every run, and the sizes in the order
/// the modes promise.
@Suite struct PNGCompressionTests {
    /// The encoder's compressor before modes existed.
    static let before = Deflater.Method.libdeflate(level: 2)

    /// The render benchmark's ring (256 px, radius 100, width 12, round caps) at `progress`.
    static func ringScene(progress: Double) throws -> Scene {
        var indicator = ProgressIndicator(shape: .ring)
        (indicator.width, indicator.height, indicator.padding, indicator.progress) = (256, 256, 22, progress)
        indicator.style.lineWidth = 12
        indicator.style.lineCap = .round
        return try indicator.scene()
    }

    /// 30 progress values from 0 to 1, as the 30-frame ring benchmark renders them.
    static let progressValues = (0..<30).map { Double($0) / 29 }

    @Test func theModesAreNamedAsTheOptionSpellsThem() {
        #expect(PNGCompression.allCases.map(\.rawValue) == ["fast", "default", "small"])
        #expect(PNGCompression(rawValue: "small") == .small)
        #expect(PNGCompression(rawValue: "Fast") == nil)
    }

    @Test func theModesUseTheMeasuredCompressors() {
        #expect(PNGCompression.fast.imageMethod == .isal)
        #expect(PNGCompression.default.imageMethod == .libdeflate(level: 6))
        #expect(PNGCompression.small.imageMethod == .libdeflate(level: 11))
        for mode in PNGCompression.allCases { #expect(mode.regionMethod == mode.imageMethod) }
    }

    /// The division the reciprocals replace, for every alpha and component: the encoder rounds
    /// exactly as Cairo's PNG writer does.
    @Test func unpremultiplyingByReciprocalsEqualsTheDivisionForEveryInput() {
        var mismatches: [(alpha: UInt32, component: UInt32)] = []
        for alpha: UInt32 in 1...255 {
            let reciprocal = PNGEncoder.reciprocals[Int(alpha)]
            for component: UInt32 in 0...255 {
                let expected = min(255, (component * 255 + alpha / 2) / alpha)
                if PNGEncoder.unpremultiply(component, alpha: alpha, reciprocal: reciprocal) != expected {
                    mismatches.append((alpha, component))
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(PNGEncoder.reciprocals.count == 256 && PNGEncoder.reciprocals[0] == 0)
        #expect(PNGEncoder.reciprocals[1] == 1 << 24 && PNGEncoder.reciprocals[3] == 5_592_406)
    }

    /// Premultiplied pixels (transparent, opaque, partly transparent and some with a component
    /// above alpha, which Cairo never writes) with noise after each row: the pixels decoded from
    /// every mode's PNG are those of the level-2 encoder's, and of the conversion done here.
    @Test(arguments: PNGCompression.allCases)
    func everyModeDecodesToThePixelsOfTheEncoderBeforeModes(mode: PNGCompression) throws {
        let (width, height, padding) = (61, 47, 12)
        var random = SeededGenerator(seed: 19)
        var pixels: [UInt8] = []
        var expected: [UInt8] = []
        for _ in 0..<height {
            for x in 0..<width {
                let alpha: UInt32 = x % 5 < 2 ? 0 : (x % 5 == 2 ? 255 : UInt32.random(in: 1...254, using: &random))
                let limit = x % 13 == 4 ? 255 : alpha
                let (r, g, b) = (0..<3).map { _ in alpha == 0 ? 0 : UInt32.random(in: 0...limit, using: &random) }
                    .tripled()
                withUnsafeBytes(of: alpha << 24 | r << 16 | g << 8 | b) { pixels += $0 }
                let straight = { (c: UInt32) -> UInt8 in alpha == 0 ? 0 : UInt8(min(255, (c * 255 + alpha / 2) / alpha))
                }
                expected += alpha == 0 ? [0, 0, 0, 0] : [straight(r), straight(g), straight(b), UInt8(alpha)]
            }
            for _ in 0..<padding { pixels.append(UInt8.random(in: 0...255, using: &random)) }
        }
        func encode(_ encoder: PNGEncoder) throws -> [UInt8] {
            try pixels.withUnsafeBytes {
                try encoder.encode($0, width: width, height: height, stride: 4 * width + padding)
            }
        }
        let png = try encode(PNGEncoder(compression: mode))
        let decoded = try RGBAImage(png: png)
        #expect(decoded == (try RGBAImage(png: encode(PNGEncoder(method: Self.before)))))
        #expect(decoded.width == width && decoded.height == height && decoded.pixels == expected)
        #expect(try encode(PNGEncoder(compression: mode)) == png, "deterministic")
    }

    /// The 30 ring frames: every mode decodes to the frame's pixels (``Scene/renderImage()``,
    /// which the encoder before modes also gave), each mode's bytes are the same from a fresh
    /// renderer and a reused one, and `small` ≤ `default` ≤ `fast` in bytes, `default` no larger
    /// than before modes.
    @Test func ringFramesKeepTheirPixelsAndOrderTheirSizes() throws {
        var totals: [PNGCompression: Int] = [:]
        var beforeTotal = 0
        let renderers = Dictionary(
            uniqueKeysWithValues: PNGCompression.allCases.map { ($0, SceneRenderer(compression: $0)) })
        let beforeEncoder = try PNGEncoder(method: Self.before)
        for progress in Self.progressValues {
            let scene = try Self.ringScene(progress: progress)
            let image = try scene.renderImage()
            let old = try image.pngData(encoder: beforeEncoder)
            #expect(try RGBAImage(png: old) == image)
            beforeTotal += old.count
            for mode in PNGCompression.allCases {
                let png = try scene.render(as: .png, compression: mode)
                #expect(try RGBAImage(png: png) == image, "\(mode) at \(progress)")
                #expect(try renderers[mode]?.render(scene, as: .png) == png, "\(mode) reused at \(progress)")
                #expect(try image.pngData(compression: mode) == png, "\(mode) from the decoded image")
                totals[mode, default: 0] += png.count
            }
            #expect(try scene.render(as: .png) == scene.render(as: .png, compression: .default))
        }
        let (fast, normal, small) = (totals[.fast] ?? 0, totals[.default] ?? 0, totals[.small] ?? 0)
        #expect(small <= normal && normal <= fast, "small \(small), default \(normal), fast \(fast)")
        #expect(normal <= beforeTotal, "default \(normal), before \(beforeTotal)")
        // The target for `small`: at most 0.93 times the bytes before modes.
        #expect(Double(small) <= 0.93 * Double(beforeTotal), "small \(small), before \(beforeTotal)")
    }

    /// An animation in every mode: Pillow composites the same frames from each file, the frames'
    /// own pixels, while the files differ in size as the modes promise.
    @Test func animatedPNGsShowTheSameFramesInEveryMode() throws {
        var indicator = ProgressIndicator(shape: .ring)
        (indicator.width, indicator.height, indicator.padding) = (96, 96, 8)
        let timeline = try Timeline(
            layout: indicator.layout(), motion: .progress(from: 0, to: 1, timing: .linear),
            schedule: FrameSchedule(duration: 0.5, framesPerSecond: 20))
        let images = try (0..<timeline.schedule.frameCount).map { try timeline.scene(ofFrame: $0).renderImage() }
        var sizes: [PNGCompression: Int] = [:]
        for mode in PNGCompression.allCases {
            let apng = try timeline.animatedPNG(compression: mode)
            #expect(try timeline.animatedPNG(compression: mode) == apng, "\(mode) deterministic")
            let decoded = try PillowAnimation.decode(apng)
            #expect(decoded.frames == images, "\(mode)")
            sizes[mode] = apng.count
        }
        #expect(try timeline.animatedPNG() == timeline.animatedPNG(compression: .default))
        let (fast, normal, small) = (sizes[.fast] ?? 0, sizes[.default] ?? 0, sizes[.small] ?? 0)
        #expect(small <= normal && normal < fast, "small \(small), default \(normal), fast \(fast)")
    }
}

extension Array where Element == UInt32 {
    /// The first three elements.
    fileprivate func tripled() -> (UInt32, UInt32, UInt32) { (self[0], self[1], self[2]) }
}

extension RGBAImage {
    /// The image as a PNG by `encoder`.
    fileprivate func pngData(encoder: PNGEncoder) throws -> [UInt8] {
        try encoder.encode(rgba: pixels, width: width, height: height)
    }
}
