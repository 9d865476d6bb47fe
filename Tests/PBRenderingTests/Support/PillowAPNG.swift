import Foundation

/// Pillow (Debian's `python3-pil`, run as `/usr/bin/python3`) as an independent APNG decoder:
/// it reads an animated PNG, composites every frame (dispose and blend ops applied), and
/// compares each frame's RGBA pixels with a PNG of that frame encoded alone, which it decodes
/// too.
struct PillowAPNG: Decodable {
    /// Pillow's name for the format: "PNG".
    var format: String
    /// `n_frames`.
    var frameCount: Int
    /// `info["loop"]`: acTL's `num_plays` (0 = forever).
    var loop: Int?
    /// `info["default_image"]`: whether IDAT is a default image outside the animation.
    var defaultImage: Bool
    /// Each frame's `info["duration"]`, in milliseconds.
    var durations: [Double]
    /// Each composited frame's size.
    var sizes: [[Int]]
    /// For each frame, how many pixels differ from the frame encoded alone.
    var mismatches: [Int]

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static let script = """
        import json, sys
        from PIL import Image
        apng, singles = sys.argv[1], sys.argv[2:]
        im = Image.open(apng)
        out = {"format": im.format, "frameCount": getattr(im, "n_frames", 1), "loop": im.info.get("loop"),
               "defaultImage": bool(im.info.get("default_image", False)), "durations": [], "sizes": [],
               "mismatches": []}
        for i in range(out["frameCount"]):
            im.seek(i)
            out["durations"].append(float(im.info.get("duration", -1)))
            frame = im.convert("RGBA")
            out["sizes"].append([frame.width, frame.height])
            alone = Image.open(singles[i]).convert("RGBA") if i < len(singles) else None
            a, b = frame.tobytes(), alone.tobytes() if alone else b""
            out["mismatches"].append(0 if a == b else sum(a[j:j + 4] != b[j:j + 4] for j in range(0, len(a), 4)))
        print(json.dumps(out))
        """

    /// Decodes `apng` with Pillow, comparing frame k with `singles[k]` (a PNG of frame k alone).
    static func read(_ apng: [UInt8], singles: [[UInt8]]) throws -> PillowAPNG {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pbrender-apng-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let apngURL = directory.appendingPathComponent("anim.png")
        try Data(apng).write(to: apngURL)
        var arguments = ["-c", script, apngURL.path]
        for (index, png) in singles.enumerated() {
            let url = directory.appendingPathComponent("frame-\(index).png")
            try Data(png).write(to: url)
            arguments.append(url.path)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = arguments
        let (stdout, stderr) = (Pipe(), Pipe())
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "Pillow failed: \(String(decoding: errors, as: UTF8.self))")
        }
        return try JSONDecoder().decode(PillowAPNG.self, from: output)
    }
}
