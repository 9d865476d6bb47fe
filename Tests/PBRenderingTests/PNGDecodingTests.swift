import Foundation
import PBRendering
import PBTestSupport
import Testing

/// `RGBAImage(png:)` on libspng: every kind of standard PNG, checked pixel for pixel against
/// Pillow (Debian's `python3-pil`), and the refusals that keep a small file from asking for
/// much memory.
@Suite struct PNGDecodingTests {
    /// PNGs made by Pillow and by hand (16-bit and Adam7-interlaced ones, which Pillow does not
    /// write), each with the RGBA pixels an independent decoder gives: Pillow's, or the high byte
    /// of each 16-bit sample.
    static let script = #"""
        import base64, io, json, random, struct, zlib
        from PIL import Image
        random.seed(7)
        def chunk(kind, data):
            return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        def png(width, height, depth, color, interlace, raw):
            header = struct.pack(">IIBBBBB", width, height, depth, color, 0, 0, interlace)
            return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw))
                    + chunk(b"IEND", b""))
        cases = []
        def pillow(name, image, **options):
            out = io.BytesIO()
            image.save(out, "PNG", **options)
            data = out.getvalue()
            cases.append((name, data, Image.open(io.BytesIO(data)).convert("RGBA").tobytes()))
        size = (13, 7)
        noise = lambda n: bytes(random.randrange(256) for _ in range(n))
        pillow("rgba", Image.frombytes("RGBA", size, noise(13 * 7 * 4)))
        pillow("rgb", Image.frombytes("RGB", size, noise(13 * 7 * 3)))
        pillow("grey", Image.frombytes("L", size, noise(13 * 7)))
        pillow("grey-alpha", Image.frombytes("LA", size, noise(13 * 7 * 2)))
        palette = Image.frombytes("P", size, bytes(random.randrange(4) for _ in range(13 * 7)))
        palette.putpalette([255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 9, 9])
        pillow("palette-transparent", palette, transparency=bytes([0, 128, 255, 7]))
        keyed = Image.frombytes("RGB", size, bytes(random.choice([0, 255]) for _ in range(13 * 7 * 3)))
        pillow("rgb-colour-key", keyed, transparency=(255, 255, 255))
        # 16-bit RGB, filter 0: the decoder keeps the high byte of each sample.
        samples = [random.randrange(65536) for _ in range(5 * 3 * 3)]
        rows = b"".join(b"\0" + struct.pack(">15H", *samples[y * 15:(y + 1) * 15]) for y in range(3))
        expected = b"".join(bytes([s >> 8 for s in samples[i:i + 3]]) + b"\xff" for i in range(0, 45, 3))
        cases.append(("rgb16", png(5, 3, 16, 2, 0, rows), expected))
        # Adam7: each pass's pixels of a 9 x 6 RGBA image, rows filtered with 0.
        width, height = 9, 6
        pixels = [noise(4) for _ in range(width * height)]
        passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        raw = b""
        for x0, y0, dx, dy in passes:
            xs = range(x0, width, dx)
            for y in range(y0, height, dy):
                if len(xs):
                    raw += b"\0" + b"".join(pixels[y * width + x] for x in xs)
        data = png(width, height, 8, 6, 1, raw)
        cases.append(("interlaced", data, Image.open(io.BytesIO(data)).convert("RGBA").tobytes()))
        assert cases[-1][2] == b"".join(pixels)
        print(json.dumps([[n, base64.b64encode(p).decode(), base64.b64encode(r).decode()] for n, p, r in cases]))
        """#

    static func cases() throws -> [(name: String, png: [UInt8], pixels: [UInt8])] {
        let data = try ChildProcess.output(of: "/usr/bin/python3", ["-c", script])
        let rows = try JSONDecoder().decode([[String]].self, from: data)
        return try rows.map { row in
            (row[0], Array(try #require(Data(base64Encoded: row[1]))), Array(try #require(Data(base64Encoded: row[2]))))
        }
    }

    @Test func everyKindOfPNGMatchesAnIndependentDecoder() throws {
        let cases = try Self.cases()
        #expect(cases.count == 8)
        for (name, png, pixels) in cases {
            let image = try RGBAImage(png: png)
            #expect(image.pixels == pixels, "\(name)")
        }
    }

    /// What our encoder writes decodes to the same pixels (the snapshot library's round trip).
    @Test func ourPNGsRoundTrip() throws {
        var indicator = ProgressIndicator(geometry: .shape(.ring), width: 96, height: 64, scale: 1.5)
        indicator.progress = 0.4
        let image = try indicator.scene().renderImage()
        #expect(try RGBAImage(png: image.pngData()) == image)
    }

    @Test func refusalsAreValuesWithMessages() throws {
        var indicator = ProgressIndicator(geometry: .shape(.ring), width: 32, height: 32)
        indicator.progress = 0.5
        let png = try indicator.scene().render(as: .png)
        var badCRC = png
        badCRC[29] ^= 0xFF  // the IHDR chunk's CRC
        #expect(throws: PNGDecodingError("a chunk is corrupt (bad CRC)")) { try RGBAImage(png: badCRC) }
        #expect(throws: PNGDecodingError("the file is truncated")) { try RGBAImage(png: Array(png.prefix(60))) }
        #expect(throws: PNGDecodingError("not a PNG: the signature is missing")) { try RGBAImage(png: []) }
        let error = try #require(throws: PNGDecodingError.self) { try RGBAImage(png: Array(png.prefix(33))) }
        #expect(error.message.hasPrefix("the file is truncated") || error.message.hasPrefix("not a valid PNG"))
    }
}
