import Foundation
import PBRendering

/// An animated PNG as Pillow (Debian's `python3-pil`, run as `/usr/bin/python3`) decodes it: an
/// independent APNG decoder for tests. Pillow composites every frame onto the canvas (applying
/// each frame's dispose and blend operations) and reports what its chunks say; the raw `acTL`
/// and `fcTL` fields are read by the same script with `struct`, beside Pillow, so a delay can be
/// checked as the exact fraction that was written.
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

    /// The image format Pillow recognised ("PNG").
    public var format: String
    /// `n_frames`: how many frames Pillow found.
    public var frameCount: Int
    /// `info["loop"]`: how many times the animation plays (0 = forever), or `nil` without one.
    public var loop: Int?
    /// `info["default_image"]`: whether the `IDAT` image is a default image outside the animation.
    public var defaultImage: Bool
    /// Each frame's `info["duration"]` in milliseconds, as Pillow computes it:
    /// `float(delay_num) / float(delay_den) * 1000`.
    public var durations: [Double]
    /// `acTL`'s `num_frames` and `num_plays`, read raw.
    public var animationControl: [Int]
    /// Every `fcTL`, read raw, in file order.
    public var frameControls: [FrameControl]
    /// Every frame, composited as a viewer shows it, as straight RGBA.
    public var frames: [RGBAImage]

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
        while offset + 12 <= len(data):
            length, kind = struct.unpack(">I4s", data[offset:offset + 8])
            body = data[offset + 8:offset + 8 + length]
            if kind == b"acTL":
                actl = list(struct.unpack(">II", body))
            elif kind == b"fcTL":
                seq, w, h, x, y, num, den, dispose, blend = struct.unpack(">IIIIIHHBB", body)
                fctls.append({"sequence": seq, "width": w, "height": h, "x": x, "y": y, "delayNumerator": num,
                              "delayDenominator": den, "dispose": dispose, "blend": blend})
            offset += 12 + length
        im = Image.open(path)
        report = {"format": im.format, "frameCount": getattr(im, "n_frames", 1), "loop": im.info.get("loop"),
                  "defaultImage": bool(im.info.get("default_image", False)), "durations": [], "sizes": [],
                  "animationControl": actl, "frameControls": fctls}
        for i in range(report["frameCount"]):
            im.seek(i)
            report["durations"].append(float(im.info.get("duration", -1)))
            frame = im.convert("RGBA")
            report["sizes"].append([frame.width, frame.height])
            open("%s/frame-%d.rgba" % (out, i), "wb").write(frame.tobytes())
        print(json.dumps(report))
        """

    /// Decodes an animated PNG with Pillow.
    ///
    /// - Parameter apng: The file's bytes.
    /// - Returns: What Pillow read, with every composited frame.
    /// - Throws: ``Failure`` when Pillow cannot read it (or is not installed), or a file
    ///   error from the temporary directory.
    /// - Complexity: O(frames x pixels), plus starting Python (about 0.1 s).
    public static func decode(_ apng: [UInt8]) throws -> PillowAnimation {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pbrender-pillow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("animation.png")
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
        return PillowAnimation(
            format: report.format, frameCount: report.frameCount, loop: report.loop,
            defaultImage: report.defaultImage, durations: report.durations,
            animationControl: report.animationControl, frameControls: report.frameControls, frames: frames)
    }
}
