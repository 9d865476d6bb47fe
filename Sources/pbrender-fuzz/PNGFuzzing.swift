#if FUZZING
    import PBRendering

    /// The PNG decoder of the snapshot library (`RGBAImage(png:)`), on PNG and APNG files (an
    /// APNG decodes as its default image; its animation chunks are skipped). The first byte picks how the rest becomes a PNG: as it is, with every
    /// chunk's CRC made right (so mutations get past the checksums), or built around the rest
    /// as header fields, a palette and raw scanlines in a valid zlib stream (so they reach the
    /// row filters and pixel conversion). A PNG that decodes must encode and decode back to the
    /// same image.
    enum PNGFuzzing {
        static func run(_ bytes: [UInt8]) -> Bool {
            guard let options = bytes.first else { return true }
            let rest = Array(bytes.dropFirst())
            let png: [UInt8]
            switch options % 3 {
            case 0: png = rest
            case 1: png = withFixedCRCs(rest)
            default: png = synthesized(rest)
            }
            guard let image = try? RGBAImage(png: png) else { return true }
            do {
                let back = try RGBAImage(png: image.pngData())
                guard back == image else { fuzzFailure("\(image) does not survive encoding and decoding") }
            } catch {
                fuzzFailure("\(image) encodes to a PNG that does not decode: \(error)")
            }
            return true
        }

        static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

        /// `bytes` with the CRC of every whole chunk after the signature recomputed.
        static func withFixedCRCs(_ bytes: [UInt8]) -> [UInt8] {
            var out = bytes
            var offset = signature.count
            while offset + 12 <= out.count {
                let length = Int(bigEndian(out, offset))
                guard length <= out.count - offset - 12 else { break }
                let crc = crc32(out[(offset + 4)..<(offset + 8 + length)])
                out.replaceSubrange((offset + 8 + length)..<(offset + 12 + length), with: bigEndianBytes(crc))
                offset += 12 + length
            }
            return out
        }

        /// A PNG from `bytes`: 13 bytes of IHDR data (width and height taken modulo 64, plus
        /// one), a byte giving the palette's length in entries, the palette, then the raw
        /// scanlines (filter bytes included), stored uncompressed in a zlib stream.
        static func synthesized(_ bytes: [UInt8]) -> [UInt8] {
            guard bytes.count >= 14 else { return [] }
            var header = Array(bytes[0..<13])
            header.replaceSubrange(0..<4, with: bigEndianBytes(bigEndian(header, 0) % 64 + 1))
            header.replaceSubrange(4..<8, with: bigEndianBytes(bigEndian(header, 4) % 64 + 1))
            let paletteEnd = min(bytes.count, 14 + 3 * Int(bytes[13]))
            let palette = Array(bytes[14..<paletteEnd])
            let raw = Array(bytes[paletteEnd...])
            var png = signature + chunk("IHDR", header)
            if !palette.isEmpty { png += chunk("PLTE", palette) }
            png += chunk("IDAT", zlibStored(raw))
            png += chunk("IEND", [])
            return png
        }

        static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return bigEndianBytes(UInt32(data.count)) + body + bigEndianBytes(crc32(body[...]))
        }

        /// A zlib stream of stored (uncompressed) deflate blocks.
        static func zlibStored(_ data: [UInt8]) -> [UInt8] {
            var out: [UInt8] = [0x78, 0x01]
            var start = 0
            repeat {
                let count = min(data.count - start, 0xFFFF)
                let isLast = start + count == data.count
                out.append(isLast ? 1 : 0)
                out += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
                out += data[start..<(start + count)]
                start += count
            } while start < data.count
            var (a, b): (UInt32, UInt32) = (1, 0)
            for byte in data {
                a = (a + UInt32(byte)) % 65521
                b = (b + a) % 65521
            }
            return out + bigEndianBytes(b << 16 | a)
        }

        static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return ~crc
        }

        static func bigEndian(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
            bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
        }

        static func bigEndianBytes(_ value: UInt32) -> [UInt8] {
            [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
        }
    }
#endif
