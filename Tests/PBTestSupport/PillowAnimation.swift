import Foundation
import PBRendering

/// An animated PNG or a WebP (still or animated) as Pillow (Debian's `python3-pil`, run as
/// `/usr/bin/python3`) decodes it: an independent APNG and WebP decoder for tests (Pillow reads
/// WebP through libwebp's own decoder and animation decoder, `WebPAnimDecoder`). Pillow composites every frame onto the canvas (applying
/// each frame's dispose and blend operations) and reports what its chunks say; the raw `acTL`
/// and `fcTL` fields are read by the same script with `struct`, beside Pillow, so a delay can be
/// checked as the exact fraction that was written; for a WebP, the `RIFF` chunks, `ANIM` and each
/// `ANMF` header likewise (``webp``).
///
/// ```swift
/// let animation = try PillowAnimation.decode(try timeline.animatedPNG())
/// #expect(animation.frames.count == 31)
/// #expect(animation.frames[3] == try timeline.scene(ofFrame: 3).renderImage())
/// ```
public struct PillowAnimation: Sendable {
    /// One frame's control chunk (`fcTL`), as written.
    public struct FrameControl: Decodable, Hashable, Sendable {
        /// The sequence number.
        public var sequence: Int
        /// The region's width in pixels.
        public var width: Int
        /// The region's height in pixels.
        public var height: Int
        /// The region's left edge.
        public var x: Int
        /// The region's top edge.
        public var y: Int
        /// The delay's numerator (`delay_num`).
        public var delayNumerator: Int
        /// The delay's denominator (`delay_den`; 0 means 100).
        public var delayDenominator: Int
        /// `dispose_op`: 0 none, 1 background, 2 previous.
        public var dispose: Int
        /// `blend_op`: 0 source, 1 over.
        public var blend: Int
    }

    /// A WebP's container, read raw: its chunks, its `ANIM` fields and each `ANMF` frame's header.
    public struct WebPContainer: Decodable, Hashable, Sendable {
        /// One `ANMF` chunk's header and the kinds of the chunks inside it.
        public struct Frame: Decodable, Hashable, Sendable {
            /// The frame's left edge on the canvas.
            public var x: Int
            /// The frame's top edge on the canvas.
            public var y: Int
            /// The frame's width in pixels.
            public var width: Int
            /// The frame's height in pixels.
            public var height: Int
            /// How long the frame stays, in milliseconds.
            public var duration: Int
            /// 1 when the frame's rectangle is cleared to transparent after it is shown.
            public var dispose: Int
            /// 1 when the frame is alpha-blended onto the canvas, 0 when it replaces its pixels.
            public var blend: Int
            /// The chunks inside (`VP8L` for a lossless frame; `ALPH` and `VP8 ` for a lossy one).
            public var chunks: [String]
        }

        /// The top-level chunks after `RIFF…WEBP`, in order (`VP8L` for a lossless still;
        /// `VP8X`, `ANIM`, `ANMF`… for an animation).
        public var chunks: [String]
        /// `ANIM`'s loop count, or `nil` without an `ANIM` chunk.
        public var loop: Int?
        /// `ANIM`'s background colour as stored (bytes B, G, R, A, little endian), or `nil`.
        public var background: Int?
        /// Every `ANMF`, in file order.
        public var frames: [Frame]
    }

    /// The image format Pillow recognised ("PNG", "WEBP").
    public var format: String
    /// How many frames the animation has: Pillow's `n_frames`, less the default image when it
    /// is no frame of the animation (``poster``).
    public var frameCount: Int
    /// `info["loop"]`: how many times the animation plays (0 = forever), or `nil` without one.
    public var loop: Int?
    /// `info["default_image"]`: whether the `IDAT` image is a default image outside the animation.
    public var defaultImage: Bool
    /// Each frame's `info["duration"]` in milliseconds, as Pillow computes it:
    /// `float(delay_num) / float(delay_den) * 1000` for an APNG, the difference of libwebp's
    /// timestamps for a WebP.
    public var durations: [Double]
    /// `acTL`'s `num_frames` and `num_plays`, read raw.
    public var animationControl: [Int]
    /// Every `fcTL`, read raw, in file order.
    public var frameControls: [FrameControl]
    /// Every frame of the animation, composited as a viewer shows it, as straight RGBA.
    public var frames: [RGBAImage]
    /// The default image when it is no frame of the animation (an APNG's poster, which Pillow
    /// reads as its frame 0), or `nil`.
    public var poster: RGBAImage?
    /// The WebP container read raw, or `nil` for a file that is no WebP.
    public var webp: WebPContainer?

    /// What the script prints, before the frames are read.
    private struct Report: Decodable {
        var format: String
        var frameCount: Int
        var loop: Int?
        var defaultImage: Bool
        var durations: [Double]
        var sizes: [[Int]]
        var animationControl: [Int]
        var frameControls: [FrameControl]
        var webp: WebPContainer?
    }

    /// Why decoding failed.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, in words.
        public var description: String
    }

    private static let script = """
        import json, struct, sys
        from PIL import Image
        path, out = sys.argv[1], sys.argv[2]
        data = open(path, "rb").read()
        actl, fctls, offset = [], [], 8
        while data[1:4] == b"PNG" and offset + 12 <= len(data):
            length, kind = struct.unpack(">I4s", data[offset:offset + 8])
            body = data[offset + 8:offset + 8 + length]
            if kind == b"acTL":
                actl = list(struct.unpack(">II", body))
            elif kind == b"fcTL":
                seq, w, h, x, y, num, den, dispose, blend = struct.unpack(">IIIIIHHBB", body)
                fctls.append({"sequence": seq, "width": w, "height": h, "x": x, "y": y, "delayNumerator": num,
                              "delayDenominator": den, "dispose": dispose, "blend": blend})
            offset += 12 + length
        webp = None
        if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
            webp, offset = {"chunks": [], "loop": None, "background": None, "frames": []}, 12
            u24 = lambda b: int.from_bytes(b, "little")
            while offset + 8 <= len(data):
                kind, length = data[offset:offset + 4].decode("latin-1"), struct.unpack("<I", data[offset + 4:offset + 8])[0]
                body = data[offset + 8:offset + 8 + length]
                webp["chunks"].append(kind)
                if kind == "ANIM":
                    webp["background"], webp["loop"] = struct.unpack("<IH", body[:6])
                elif kind == "ANMF":
                    inner, at = [], 16
                    while at + 8 <= len(body):
                        inner.append(body[at:at + 4].decode("latin-1"))
                        size = struct.unpack("<I", body[at + 4:at + 8])[0]
                        at += 8 + size + (size & 1)
                    webp["frames"].append({"x": 2 * u24(body[0:3]), "y": 2 * u24(body[3:6]),
                                           "width": u24(body[6:9]) + 1, "height": u24(body[9:12]) + 1,
                                           "duration": u24(body[12:15]), "dispose": body[15] & 1,
                                           "blend": 1 - ((body[15] >> 1) & 1), "chunks": inner})
                offset += 8 + length + (length & 1)
        im = Image.open(path)
        report = {"format": im.format, "frameCount": getattr(im, "n_frames", 1), "loop": im.info.get("loop"),
                  "defaultImage": bool(im.info.get("default_image", False)), "durations": [], "sizes": [],
                  "animationControl": actl, "frameControls": fctls, "webp": webp}
        for i in range(report["frameCount"]):
            im.seek(i)
            frame = im.convert("RGBA")
            # After loading: Pillow's WebP reader sets a frame's duration when it decodes it.
            report["durations"].append(float(im.info.get("duration", -1)))
            report["sizes"].append([frame.width, frame.height])
            open("%s/frame-%d.rgba" % (out, i), "wb").write(frame.tobytes())
        print(json.dumps(report))
        """

    /// Decodes an animated PNG, or a WebP (still or animated), with Pillow.
    ///
    /// - Parameter apng: The file's bytes (an APNG, a PNG or a WebP).
    /// - Returns: What Pillow read, with every composited frame.
    /// - Throws: ``Failure`` when Pillow cannot read it (or is not installed), or a file
    ///   error from the temporary directory.
    /// - Complexity: O(frames x pixels), plus starting Python (about 0.1 s).
    public static func decode(_ apng: [UInt8]) throws -> PillowAnimation {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pbrender-pillow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(
            apng.starts(with: Array("RIFF".utf8)) ? "image.webp" : "animation.png")
        try Data(apng).write(to: file)
        let outcome = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script, file.path, directory.path])
        guard outcome.status == 0 else { throw Failure(description: "Pillow failed: \(outcome.errorText)") }
        let output = outcome.output
        let report = try JSONDecoder().decode(Report.self, from: output)
        var frames: [RGBAImage] = []
        for (index, size) in report.sizes.enumerated() {
            guard size.count == 2 else { throw Failure(description: "frame \(index) has no size") }
            let bytes = try Data(contentsOf: directory.appendingPathComponent("frame-\(index).rgba"))
            guard bytes.count == 4 * size[0] * size[1] else {
                throw Failure(description: "frame \(index) has \(bytes.count) bytes for \(size[0]) x \(size[1])")
            }
            frames.append(RGBAImage(width: size[0], height: size[1], pixels: Array(bytes)))
        }
        var durations = report.durations
        let poster = report.defaultImage && !frames.isEmpty ? frames.removeFirst() : nil
        if poster != nil { durations.removeFirst() }
        return PillowAnimation(
            format: report.format, frameCount: frames.count, loop: report.loop, defaultImage: report.defaultImage,
            durations: durations, animationControl: report.animationControl, frameControls: report.frameControls,
            frames: frames, poster: poster, webp: report.webp)
    }
}
