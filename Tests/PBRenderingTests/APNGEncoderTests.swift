import Foundation
import PBTestSupport
import Testing

@testable import PBRendering

/// The APNG encoder against Pillow (an independent decoder that composites the frames), and
/// against the APNG specification read chunk by chunk.
@Suite struct APNGEncoderTests {
    /// One chunk of a PNG file.
    struct Chunk {
        var type: String
        var data: [UInt8]

        func uint32(at offset: Int) -> Int {
            Int(data[offset]) << 24 | Int(data[offset + 1]) << 16 | Int(data[offset + 2]) << 8 | Int(data[offset + 3])
        }

        func uint16(at offset: Int) -> Int { Int(data[offset]) << 8 | Int(data[offset + 1]) }
    }

    /// The chunks of a PNG, checking lengths and CRCs (a CRC-32 written here, bit by bit).
    static func chunks(_ png: [UInt8]) throws -> [Chunk] {
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var chunks: [Chunk] = []
        var offset = 8
        while offset < png.count {
            try #require(offset + 12 <= png.count)
            let length =
                Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8
                | Int(png[offset + 3])
            try #require(offset + 12 + length <= png.count)
            let typeAndData = Array(png[(offset + 4)..<(offset + 8 + length)])
            let stored = png[(offset + 8 + length)..<(offset + 12 + length)].reduce(0) { $0 << 8 | UInt32($1) }
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in typeAndData {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            let type = String(decoding: typeAndData.prefix(4), as: UTF8.self)
            #expect(crc ^ 0xFFFF_FFFF == stored, "CRC of \(type) at \(offset)")
            chunks.append(Chunk(type: type, data: Array(typeAndData.dropFirst(4))))
            offset += 12 + length
        }
        return chunks
    }

    /// Encodes `frames` as an APNG, collecting the bytes each call returns.
    static func encode(_ frames: [SyntheticFrame], schedule: FrameSchedule) throws -> (
        apng: [UInt8], regions: [APNGEncoder.Region]
    ) {
        let encoder = try APNGEncoder(width: frames[0].width, height: frames[0].height, schedule: schedule)
        var bytes: [UInt8] = []
        var regions: [APNGEncoder.Region] = []
        for frame in frames {
            bytes += try frame.bytes.withUnsafeBytes { try encoder.encodeFrame($0, stride: frame.stride) }
            regions.append(try #require(encoder.lastRegion))
        }
        bytes += try encoder.finish()
        return (bytes, regions)
    }

    /// Each frame alone, as `PNGEncoder` writes it.
    static func singles(_ frames: [SyntheticFrame]) throws -> [[UInt8]] {
        let encoder = try PNGEncoder()
        return try frames.map { frame in
            try frame.bytes.withUnsafeBytes {
                try encoder.encode($0, width: frame.width, height: frame.height, stride: frame.stride)
            }
        }
    }

    /// 30 frames of a ring filling from 0 to 1 (an animation of 1 s at 29 fps).
    static func ringFrames(size: Int = 128, count: Int = 30, padding: Int = 0) -> [SyntheticFrame] {
        (0..<count).map { SyntheticFrame.ring(size: size, progress: Double($0) / Double(count - 1), padding: padding) }
    }

    @Test func aRingAnimationDecodesFrameByFrameInPillow() throws {
        let schedule = try FrameSchedule(duration: 1, framesPerSecond: 29, hold: 0.5, loopCount: 3)
        let frames = Self.ringFrames()
        #expect(schedule.frameCount == frames.count)
        let (apng, _) = try Self.encode(frames, schedule: schedule)
        let singles = try Self.singles(frames)
        let pillow = try PillowAnimation.decode(apng)
        #expect(pillow.format == "PNG")
        #expect(pillow.frameCount == 30)
        #expect(pillow.loop == 3)
        #expect(!pillow.defaultImage)
        #expect(try pillow.mismatches(singles) == Array(repeating: 0, count: 30))
        #expect(pillow.sizes.allSatisfy { $0 == [128, 128] })
        let expected = Array(repeating: 1000.0 / 29, count: 29) + [(1.0 / 29 + 0.5) * 1000]
        #expect(zip(pillow.durations, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(pillow.durations)")
    }

    /// The promise: storing only what changed makes a ring's animation far smaller than
    /// the same frames as separate PNGs. Measured: 30 frames of 128 px, 10,052 bytes against
    /// 75,050 (0.13); at 256 px, 19,512 against 183,427 (0.11).
    @Test(arguments: [128, 256])
    func aRingAnimationIsFarSmallerThanItsFramesAsPNGs(size: Int) throws {
        let frames = Self.ringFrames(size: size)
        let (apng, regions) = try Self.encode(frames, schedule: FrameSchedule(duration: 1, framesPerSecond: 29))
        let separate = try Self.singles(frames).reduce(0) { $0 + $1.count }
        let ratio = Double(apng.count) / Double(separate)
        print("APNG of 30 ring frames at \(size) px: \(apng.count) bytes; 30 PNGs: \(separate) bytes; ratio \(ratio)")
        #expect(ratio < 0.3)
        // Every later frame stores a part of the canvas only.
        #expect(regions.dropFirst().allSatisfy { $0.width * $0.height < size * size })
    }

    @Test func regionsAreTheBoundingBoxesOfTheChangedPixels() throws {
        var random = SeededGenerator(seed: 11)
        let base = SyntheticFrame.ring(size: 64, progress: 0.3, padding: 8)
        var frames = [base]
        var second = base
        second.set(x: 40, y: 9, word: 0xFF12_3456)
        frames.append(second)
        var third = second
        third.set(x: 0, y: 63, word: 0x8040_2010)
        third.set(x: 63, y: 0, word: 0xFF00_0000)
        frames.append(third)
        frames.append(third)  // identical: a 1 x 1 region
        frames.append(SyntheticFrame.noisy(third, x: 17, y: 30, width: 5, height: 21, using: &random))
        let (apng, regions) = try Self.encode(frames, schedule: FrameSchedule(duration: 1, framesPerSecond: 4))
        #expect(
            regions == [
                APNGEncoder.Region(x: 0, y: 0, width: 64, height: 64),
                APNGEncoder.Region(x: 40, y: 9, width: 1, height: 1),
                APNGEncoder.Region(x: 0, y: 0, width: 64, height: 64),
                APNGEncoder.Region(x: 0, y: 0, width: 1, height: 1),
                APNGEncoder.Region(x: 17, y: 30, width: 5, height: 21),
            ])
        let (pillow, singles) = (try PillowAnimation.decode(apng), try Self.singles(frames))
        #expect(pillow.frameCount == 5)
        #expect(try pillow.mismatches(singles) == [0, 0, 0, 0, 0])
        #expect(pillow.durations == [250, 250, 250, 250, 250])
    }

    /// Random frames: noise in random rectangles over the previous frame, some frames repeated,
    /// some fully replaced, at odd sizes and strides. Pillow's composited frames must equal the
    /// frames.
    @Test(arguments: [(1, 1, 21 as UInt64), (37, 5, 22), (5, 40, 23), (33, 33, 24)])
    func randomChangesComposite(width: Int, height: Int, seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var frames = [SyntheticFrame(width: width, height: height, padding: 4)]
        for _ in 0..<11 {
            let previous = frames[frames.count - 1]
            switch Int.random(in: 0..<5, using: &random) {
            case 0:
                frames.append(previous)
            case 1:
                frames.append(
                    SyntheticFrame.noisy(previous, x: 0, y: 0, width: width, height: height, using: &random))
            default:
                let x = Int.random(in: 0..<width, using: &random)
                let y = Int.random(in: 0..<height, using: &random)
                let w = Int.random(in: 1...(width - x), using: &random)
                let h = Int.random(in: 1...(height - y), using: &random)
                frames.append(SyntheticFrame.noisy(previous, x: x, y: y, width: w, height: h, using: &random))
            }
        }
        let schedule = try FrameSchedule(period: 1, framesPerSecond: 12)
        let (apng, regions) = try Self.encode(frames, schedule: schedule)
        for (index, region) in regions.enumerated() {
            #expect(region.x + region.width <= width && region.y + region.height <= height, "frame \(index)")
        }
        let (pillow, singles) = (try PillowAnimation.decode(apng), try Self.singles(frames))
        #expect(pillow.frameCount == 12)
        #expect(pillow.loop == 0)
        #expect(try pillow.mismatches(singles) == Array(repeating: 0, count: 12), "seed \(seed)")
        #expect(pillow.durations.allSatisfy { abs($0 - 1000.0 / 12) < 1e-9 })
    }

    /// The chunks, field by field, as the APNG specification lays them out.
    @Test func chunksFollowTheSpecification() throws {
        let frames = Self.ringFrames(size: 48, count: 6)
        let schedule = try FrameSchedule(duration: 0.5, framesPerSecond: 10, hold: 0.25, loopCount: 0)
        let (apng, regions) = try Self.encode(frames, schedule: schedule)
        let chunks = try Self.chunks(apng)
        #expect(
            chunks.map(\.type) == ["IHDR", "acTL", "fcTL", "IDAT"]
                + Array(repeating: ["fcTL", "fdAT"], count: 5).flatMap { $0 } + ["IEND"])
        #expect(chunks[0].data == [0, 0, 0, 48, 0, 0, 0, 48, 8, 6, 0, 0, 0])
        #expect(chunks[1].data == [0, 0, 0, 6, 0, 0, 0, 0])  // 6 frames, forever
        // Sequence numbers run 0, 1, 2, … over fcTL and fdAT together.
        let sequenced = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }
        #expect(sequenced.map { $0.uint32(at: 0) } == Array(0..<11))
        let controls = chunks.filter { $0.type == "fcTL" }
        for (index, control) in controls.enumerated() {
            #expect(control.data.count == 26)
            let region = regions[index]
            #expect(control.uint32(at: 4) == region.width && control.uint32(at: 8) == region.height)
            #expect(control.uint32(at: 12) == region.x && control.uint32(at: 16) == region.y)
            let delay = (control.uint16(at: 20), control.uint16(at: 22))
            // 1/10 s, and the last 1/10 + 1/4 = 7/20 s.
            #expect(index < 5 ? delay == (1, 10) : delay == (7, 20), "frame \(index)")
            #expect(control.data[24] == 0 && control.data[25] == 0)  // dispose NONE, blend SOURCE
        }
        #expect(controls[0].uint32(at: 4) == 48 && controls[0].uint32(at: 12) == 0)
        // The default image is frame 0, compressed exactly as the PNG encoder does alone.
        let alone = try Self.chunks(Self.singles([frames[0]])[0])
        #expect(chunks[3].data == alone[1].data)
        #expect(alone.map(\.type) == ["IHDR", "IDAT", "IEND"])
        // Each later frame's fdAT is its region alone, as a PNG encoder with the regions' compressor
        // compresses it.
        let regionEncoder = try PNGEncoder(method: PNGCompression.default.regionMethod)
        for (index, data) in chunks.filter({ $0.type == "fdAT" }).map(\.data).enumerated() {
            let (frame, region) = (frames[index + 1], regions[index + 1])
            let cropped = try frame.bytes.withUnsafeBytes { bytes in
                try regionEncoder.encode(
                    UnsafeRawBufferPointer(rebasing: bytes[(region.y * frame.stride + 4 * region.x)...]),
                    width: region.width, height: region.height, stride: frame.stride)
            }
            #expect(Array(data.dropFirst(4)) == (try Self.chunks(cropped))[1].data, "frame \(index + 1)")
        }
    }

    @Test func theSameFramesGiveTheSameBytesWhateverTheStride() throws {
        let schedule = try FrameSchedule(duration: 1, framesPerSecond: 9, hold: 1.5)
        let tight = try Self.encode(Self.ringFrames(size: 40, count: 10), schedule: schedule).apng
        let padded = try Self.encode(Self.ringFrames(size: 40, count: 10, padding: 12), schedule: schedule).apng
        #expect(tight == padded)
        #expect(try Self.encode(Self.ringFrames(size: 40, count: 10), schedule: schedule).apng == tight)
    }

    @Test func refusesFramesBeyondTheScheduleAndAnEarlyFinish() throws {
        let schedule = try FrameSchedule(period: 0.2, framesPerSecond: 10)
        let frame = SyntheticFrame.ring(size: 8, progress: 0.5)
        let encoder = try APNGEncoder(width: 8, height: 8, schedule: schedule)
        _ = try frame.bytes.withUnsafeBytes { try encoder.encodeFrame($0, stride: 32) }
        #expect(throws: RenderError(.encoding("APNG: 1 of the schedule's 2 frames were encoded"))) {
            try encoder.finish()
        }
        #expect(throws: RenderError(.encoding("the pixel buffer does not hold 8 x 8 pixels"))) {
            try frame.bytes.dropLast().withUnsafeBytes { try encoder.encodeFrame($0, stride: 32) }
        }
        _ = try frame.bytes.withUnsafeBytes { try encoder.encodeFrame($0, stride: 32) }
        #expect(throws: RenderError(.encoding("APNG: the schedule has 2 frames; this would be one more"))) {
            try frame.bytes.withUnsafeBytes { try encoder.encodeFrame($0, stride: 32) }
        }
        #expect(try encoder.finish().count == 12)
        #expect(throws: RenderError(.encoding("APNG: the file is already finished"))) { try encoder.finish() }
        #expect(throws: RenderError.self) { try APNGEncoder(width: 0, height: 8, schedule: schedule) }
    }

    /// An in-process benchmark, not a test: run with `PBRENDER_APNG_BENCH=1` (in release, with
    /// `-Xswiftc -enable-testing`) to print frames per second for 200 frames of 256 x 256: a ring
    /// filling up (each frame changes a little), and the worst case for regions, frames that
    /// alternate between a quarter and a full ring (each changes three quarters of the ring);
    /// beside each, the same frames encoded as separate PNGs.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["PBRENDER_APNG_BENCH"] != nil))
    func benchmark() throws {
        let count = 200
        let filling = Self.ringFrames(size: 256, count: count)
        let (quarter, full) = (
            SyntheticFrame.ring(size: 256, progress: 0.25), SyntheticFrame.ring(size: 256, progress: 1)
        )
        let alternating = (0..<count).map { $0 % 2 == 0 ? quarter : full }
        let schedule = try FrameSchedule(duration: Double(count - 1) / 30, framesPerSecond: 30)
        func seconds(_ d: Duration) -> Double {
            Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
        }
        for (name, frames) in [("filling ring", filling), ("alternating quarter/full ring", alternating)] {
            var best = (apng: Double.infinity, png: Double.infinity)
            var sizes = (apng: 0, png: 0)
            for _ in 0..<5 {
                var start = ContinuousClock.now
                let apng = try Self.encode(frames, schedule: schedule).apng
                let apngTime = ContinuousClock.now - start
                start = ContinuousClock.now
                let pngs = try Self.singles(frames)
                let pngTime = ContinuousClock.now - start
                best = (min(best.apng, seconds(apngTime)), min(best.png, seconds(pngTime)))
                sizes = (apng.count, pngs.reduce(0) { $0 + $1.count })
            }
            print(
                "\(name): APNG \(Int(Double(count) / best.apng)) frames/s, \(sizes.apng) bytes; "
                    + "separate PNGs \(Int(Double(count) / best.png)) frames/s, \(sizes.png) bytes")
        }
    }
}

extension PillowAnimation {
    /// For each frame, how many pixels differ from `singles[k]`, a PNG of frame k encoded alone
    /// (decoded by libspng: Pillow reads the animation, another decoder the single frames).
    fileprivate func mismatches(_ singles: [[UInt8]]) throws -> [Int] {
        try zip(frames, singles).map { frame, png in
            let alone = try RGBAImage(png: png)
            guard alone.width == frame.width, alone.height == frame.height else { return frame.width * frame.height }
            return stride(from: 0, to: frame.pixels.count, by: 4).filter {
                frame.pixels[$0..<$0 + 4] != alone.pixels[$0..<$0 + 4]
            }.count
        }
    }

    /// Each composited frame's size, as `[width, height]`.
    fileprivate var sizes: [[Int]] { frames.map { [$0.width, $0.height] } }
}
