import PBGeometry
import PBRendering

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `pbrender-bench ring-frames MODE COUNT OUTDIR`: the render benchmark's ring (256 × 256,
/// padding 22, width 12, round caps, track #E6E6E6, progress #007AFF) at the COUNT progress
/// values 0, 1/(COUNT − 1), …, 1, each a PNG by one `SceneRenderer(compression: MODE)` on this
/// thread, written to OUTDIR/frame-NNNN.png (`-` keeps them in memory). Prints JSON: the mode,
/// the frame count and every PNG's size. For the compression modes' rows of
/// `Tests/Benchmarks/render.py`, until the command line takes `--compression`.
func ringFrames(_ arguments: ArraySlice<String>) throws {
    let arguments = Array(arguments)
    guard arguments.count == 3, let mode = PNGCompression(rawValue: arguments[0]), let count = Int(arguments[1]),
        count >= 2
    else {
        throw BenchError(description: "usage: pbrender-bench ring-frames (fast|default|small) COUNT OUTDIR")
    }
    var indicator = ProgressIndicator(shape: .ring)
    (indicator.width, indicator.height, indicator.padding) = (256, 256, 22)
    indicator.style.lineWidth = 12
    indicator.style.lineCap = .round
    indicator.style.trackTintColor = try Color(parsing: "#E6E6E6")
    indicator.style.progressTintColor = try Color(parsing: "#007AFF")
    let layout = try indicator.layout()
    let renderer = SceneRenderer(compression: mode)
    var sizes: [Int] = []
    for index in 0..<count {
        let png = try renderer.render(layout.scene(progress: Double(index) / Double(count - 1)), as: .png)
        sizes.append(png.count)
        guard arguments[2] != "-" else { continue }
        let number = String(index)
        let name = arguments[2] + "/frame-" + String(repeating: "0", count: max(0, 4 - number.count)) + number + ".png"
        guard let file = fopen(name, "wb") else { throw BenchError(description: "cannot write \(name)") }
        let written = png.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
        guard written == png.count else { throw BenchError(description: "cannot write \(name)") }
    }
    print("{\"mode\": \"\(mode.rawValue)\", \"frames\": \(count), \"sizes\": \(sizes)}")
}
