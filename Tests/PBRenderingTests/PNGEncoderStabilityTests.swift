import PBGeometry
import PBTestSupport
import Testing

@testable import PBRendering

/// The PNG encoder's bytes for single images, pinned before it was refactored to share its
/// pieces with the APNG encoder: every PNG pbrender wrote before must come out byte for byte
/// the same. The expected lengths and FNV-1a hashes were recorded from the encoder of commit
/// faca1de (before the refactor), with libdeflate level 2, the only compressor then; they are
/// checked against an encoder with that compressor (``PNGCompression/default`` is level 6 since
/// issue 19), which also pins the exact unpremultiplying by reciprocals to the old table's bytes.
@Suite struct PNGEncoderStabilityTests {
    /// The encoder of commit faca1de: libdeflate level 2.
    static func legacyEncoder() throws -> PNGEncoder { try PNGEncoder(method: .libdeflate(level: 2)) }

    /// A pinned output: its length and its 64-bit FNV-1a hash.
    struct Fingerprint: Equatable, CustomStringConvertible {
        var count: Int
        var hash: UInt64

        init(count: Int, hash: UInt64) {
            self.count = count
            self.hash = hash
        }

        init(_ bytes: [UInt8]) {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01B3 }
            self.init(count: bytes.count, hash: hash)
        }

        var description: String { "Fingerprint(count: \(count), hash: 0x\(String(hash, radix: 16)))" }
    }

    /// Premultiplied native-endian ARGB words with `padding` bytes of noise after each row:
    /// runs of transparent pixels, opaque pixels and partly transparent ones.
    static func premultipliedPixels(width: Int, height: Int, padding: Int, seed: UInt64) -> [UInt8] {
        var random = SeededGenerator(seed: seed)
        var bytes: [UInt8] = []
        for _ in 0..<height {
            for x in 0..<width {
                let alpha: UInt32 = x % 7 < 3 ? 0 : (x % 7 == 3 ? 255 : UInt32.random(in: 1...254, using: &random))
                let channel = { () -> UInt32 in alpha == 0 ? 0 : UInt32.random(in: 0...alpha, using: &random) }
                let word = alpha << 24 | channel() << 16 | channel() << 8 | channel()
                withUnsafeBytes(of: word) { bytes += $0 }
            }
            for _ in 0..<padding { bytes.append(UInt8.random(in: 0...255, using: &random)) }
        }
        return bytes
    }

    static func randomRGBA(width: Int, height: Int, seed: UInt64) -> [UInt8] {
        var random = SeededGenerator(seed: seed)
        return (0..<(4 * width * height)).map { index in
            index % 11 < 4 ? 0 : UInt8.random(in: 0...255, using: &random)
        }
    }

    @Test(arguments: [(37, 23, 12, 1 as UInt64), (256, 256, 0, 2), (1, 1, 0, 3), (5, 300, 4, 4)])
    func premultipliedPixelsEncodeAsBefore(width: Int, height: Int, padding: Int, seed: UInt64) throws {
        let pixels = Self.premultipliedPixels(width: width, height: height, padding: padding, seed: seed)
        let png = try pixels.withUnsafeBytes { buffer in
            try Self.legacyEncoder().encode(buffer, width: width, height: height, stride: 4 * width + padding)
        }
        let expected: [UInt64: Fingerprint] = [
            1: Fingerprint(count: 2180, hash: 0x8a4d_6e08_d0fa_b1b0),
            2: Fingerprint(count: 160428, hash: 0xad3e_6beb_2053_ebf1),
            3: Fingerprint(count: 73, hash: 0x70cd_6454_0275_7f7c),
            4: Fingerprint(count: 2943, hash: 0xe1fe_46ce_d864_718d),
        ]
        #expect(Fingerprint(png) == expected[seed], "seed \(seed)")
    }

    @Test(arguments: [(300, 7, 5 as UInt64), (1, 1, 6), (64, 64, 7)])
    func straightPixelsEncodeAsBefore(width: Int, height: Int, seed: UInt64) throws {
        let png = try Self.legacyEncoder().encode(
            rgba: Self.randomRGBA(width: width, height: height, seed: seed), width: width, height: height)
        let expected: [UInt64: Fingerprint] = [
            5: Fingerprint(count: 6389, hash: 0xbb8a_2c4f_9d04_7a35),
            6: Fingerprint(count: 73, hash: 0x70cd_6454_0275_7f7c),
            7: Fingerprint(count: 12438, hash: 0x813f_b4d7_ef21_eee2),
        ]
        #expect(Fingerprint(png) == expected[seed], "seed \(seed)")
    }

    @Test(arguments: [0.0, 0.42, 1.0])
    func renderedScenesEncodeAsBefore(progress: Double) throws {
        var indicator = ProgressIndicator(shape: .ring)
        (indicator.width, indicator.height, indicator.scale, indicator.progress) = (128, 128, 2, progress)
        let encoder = try Self.legacyEncoder()
        let png = try SceneRenderer().withRaster(indicator.scene(), for: ImageFormat.png.target()) {
            pixels, width, height, stride throws(RenderError) in
            try encoder.encode(pixels, width: width, height: height, stride: stride)
        }
        let expected: [Double: Fingerprint] = [
            0: Fingerprint(count: 7406, hash: 0xcf5b_69eb_ad9f_1bbb),
            0.42: Fingerprint(count: 9070, hash: 0xd57d_c021_7786_62ab),
            1: Fingerprint(count: 8187, hash: 0x139f_61e9_e336_b015),
        ]
        #expect(Fingerprint(png) == expected[progress], "progress \(progress)")
    }

    /// The same encoder gives the same bytes whatever it encoded before (its buffers are
    /// reused between calls), in every mode.
    @Test(arguments: PNGCompression.allCases)
    func reusingAnEncoderChangesNothing(mode: PNGCompression) throws {
        let encoder = try PNGEncoder(compression: mode)
        let small = Self.randomRGBA(width: 3, height: 2, seed: 9)
        let large = Self.randomRGBA(width: 90, height: 40, seed: 10)
        let first = try encoder.encode(rgba: small, width: 3, height: 2)
        _ = try encoder.encode(rgba: large, width: 90, height: 40)
        #expect(try encoder.encode(rgba: small, width: 3, height: 2) == first)
        #expect(try PNGEncoder(compression: mode).encode(rgba: small, width: 3, height: 2) == first)
    }
}
