#if FUZZING
    internal import CWebPDecode
    @testable import PBRendering
    @testable import PBScene

    /// The lossless WebP encoder against libwebp's own decoder (`WebPDecodeRGBA`), on two kinds
    /// of input, by the first byte's bit 0:
    ///
    /// - 0, a pixel buffer: bytes 1 and 2 give the width and height (1 to 48 each), bit 1 a
    ///   padded stride, and the rest is premultiplied ARGB words (cycled to fill the image, each
    ///   colour pinned to its alpha so that the words are valid premultiplied pixels), encoded by
    ///   `WebPEncoder` and by `PNGEncoder`. The WebP must decode to exactly the pixels of the PNG,
    ///   as libspng decodes it.
    /// - 1, a small scene: a shape, a progress, a scale and a canvas of 8 to 71 pixels a side,
    ///   rendered to WebP; it must decode to exactly the pixels `Scene.renderImage()` draws. A
    ///   layout that cannot be made (a line too wide for the canvas) is rejected.
    ///
    /// Also checked: the file is a `RIFF` `WEBP` holding one `VP8L` bitstream whose RIFF size is
    /// the file's; it is at most twice the raw pixels plus 1 KiB; encoding again (with the same
    /// encoder, whose buffers are kept between calls) gives the same bytes.
    enum WebPFuzzing {
        static func run(_ bytes: [UInt8]) -> Bool {
            guard let options = bytes.first else { return true }
            if options & 1 == 0 { return runPixels(options, Array(bytes.dropFirst())) }
            return runScene(options, Array(bytes.dropFirst()), seed: fuzzSeed(bytes))
        }

        /// A fuzzed pixel buffer through both encoders.
        static func runPixels(_ options: UInt8, _ data: [UInt8]) -> Bool {
            guard data.count >= 2 else { return false }
            let width = Int(data[0]) % 48 + 1
            let height = Int(data[1]) % 48 + 1
            let stride = 4 * width + (options & 2 == 0 ? 0 : 4 * (Int(options >> 2) % 5 + 1))
            let source = data.dropFirst(2)
            var words = [UInt32](repeating: 0, count: stride / 4 * height)
            if !source.isEmpty {
                let source = Array(source)
                for index in words.indices {
                    let at = index * 4
                    let alpha = UInt32(source[at % source.count])
                    func channel(_ k: Int) -> UInt32 { UInt32(source[(at + k) % source.count]) % (alpha + 1) }
                    words[index] = alpha << 24 | channel(1) << 16 | channel(2) << 8 | channel(3)
                }
            }
            let what = "\(width) x \(height) pixels, stride \(stride)"
            do {
                let webpEncoder = try WebPEncoder()
                let pngEncoder = try PNGEncoder()
                // Untyped throws: a typed-throwing closure returning a tuple crashes Swift 6.3.1's SILGen.
                func encoded(_ encode: (UnsafeRawBufferPointer) throws -> [UInt8]) throws -> [UInt8] {
                    try words.withUnsafeBytes { raw throws -> [UInt8] in try encode(raw) }
                }
                let webp = try encoded { try webpEncoder.encode($0, width: width, height: height, stride: stride) }
                let again = try encoded { try webpEncoder.encode($0, width: width, height: height, stride: stride) }
                let png = try encoded { try pngEncoder.encode($0, width: width, height: height, stride: stride) }
                guard webp == again else { fuzzFailure("\(what): a second encoding differs") }
                let expected = try RGBAImage(png: png)
                check(webp, decodesTo: expected, what)
            } catch {
                fuzzFailure("\(what): \(error)")
            }
            return true
        }

        /// A small scene rendered to WebP against its own pixels.
        static func runScene(_ options: UInt8, _ data: [UInt8], seed: UInt64) -> Bool {
            var seed = seed
            let shapes = ProgressShape.allCases
            var indicator = ProgressIndicator(shape: shapes[Int(options >> 1) % shapes.count])
            indicator.progress = min(max(fuzzFraction(&seed), 0), 1)
            indicator.scale = options & 0x80 == 0 ? 1 : 2
            indicator.width = Double((data.first ?? 32) % 64 + 8)
            indicator.height = Double((data.dropFirst().first ?? 32) % 64 + 8)
            let what =
                "\(indicator.geometry) at \(indicator.progress), \(indicator.width ?? 0) x "
                + "\(indicator.height ?? 0), scale \(indicator.scale)"
            // A layout the renderer refuses (a line too wide for the canvas) is not this target's.
            guard let scene = try? indicator.scene() else { return false }
            do {
                let webp = try scene.render(as: .webp)
                guard try scene.render(as: .webp) == webp else { fuzzFailure("\(what): a second encoding differs") }
                check(webp, decodesTo: try scene.renderImage(), what)
            } catch {
                fuzzFailure("\(what): \(error)")
            }
            return true
        }

        /// The file's container, size bound, and its pixels as libwebp decodes them.
        static func check(_ webp: [UInt8], decodesTo expected: RGBAImage, _ what: String) {
            guard webp.count >= 20, webp.starts(with: Array("RIFF".utf8)),
                webp[8..<16].elementsEqual(Array("WEBPVP8L".utf8))
            else { fuzzFailure("\(what): not a RIFF WEBP VP8L file: \(webp.prefix(20))") }
            let riffSize = webp[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) }
            guard riffSize == webp.count - 8 else {
                fuzzFailure("\(what): a RIFF size of \(riffSize) in a file of \(webp.count) bytes")
            }
            let raw = 4 * expected.width * expected.height
            guard webp.count <= 2 * raw + 1024 else { fuzzFailure("\(what): \(webp.count) bytes for \(raw) raw") }
            var width: Int32 = 0
            var height: Int32 = 0
            guard let decoded = WebPDecodeRGBA(webp, webp.count, &width, &height) else {
                fuzzFailure("\(what): libwebp does not decode the \(webp.count) bytes")
            }
            defer { WebPFree(decoded) }
            guard Int(width) == expected.width, Int(height) == expected.height else {
                fuzzFailure("\(what): decodes to \(width) x \(height), not \(expected.width) x \(expected.height)")
            }
            let pixels = Array(UnsafeBufferPointer(start: decoded, count: raw))
            guard pixels == expected.pixels else {
                let first = pixels.indices.first { pixels[$0] != expected.pixels[$0] } ?? 0
                fuzzFailure(
                    "\(what): pixel \(first / 4) decodes to \(pixels[first / 4 * 4..<first / 4 * 4 + 4]), "
                        + "expected \(expected.pixels[first / 4 * 4..<first / 4 * 4 + 4])")
            }
        }
    }
#endif
