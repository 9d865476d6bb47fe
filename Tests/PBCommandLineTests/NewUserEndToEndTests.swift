import Foundation
import PBRendering
import PBTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 7 ("what a new user hit in the first hour"), item by item, on the real `pbrender`
/// binary: each test runs the tool as a shell would (in a fresh folder, with a time limit, output
/// to files or a pseudo-terminal) and checks the fixed behaviour, by pixels where the fix is in
/// the picture. Items 3 and 8 (writing files) are `OutputEndToEndTests`'.
@Suite final class NewUserEndToEndTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "pbrender-new-user-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    struct Outcome {
        var status: Int32
        var output: [UInt8]
        var error: String
        var seconds: Double
        var text: String { String(decoding: output, as: UTF8.self) }
    }

    /// Runs `pbrender` in the test's folder with `input` on standard input, its output and errors
    /// going to files (so no pipe can fill up), killed after `timeout` seconds (a hang fails the
    /// test instead of stalling the run).
    func run(_ arguments: [String], input: [UInt8] = [], timeout: Double = 20) throws -> Outcome {
        let (outPath, errPath, inPath) = (folder + "/.stdout", folder + "/.stderr", folder + "/.stdin")
        try Data(input).write(to: URL(fileURLWithPath: inPath))
        for path in [outPath, errPath] { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        let (out, err, stdin) = (
            try FileHandle(forWritingTo: URL(fileURLWithPath: outPath)),
            try FileHandle(forWritingTo: URL(fileURLWithPath: errPath)),
            try FileHandle(forReadingFrom: URL(fileURLWithPath: inPath))
        )
        defer { [out, err, stdin].forEach { try? $0.close() } }
        let process = Process()
        process.executableURL = EndToEndTests.binary
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        (process.standardOutput, process.standardError, process.standardInput) = (out, err, stdin)
        let start = Date()
        try process.run()
        while process.isRunning && Date().timeIntervalSince(start) < timeout { usleep(2000) }
        let seconds = Date().timeIntervalSince(start)
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            Issue.record("pbrender \(arguments.joined(separator: " ")) still ran after \(timeout) s: killed")
        }
        process.waitUntilExit()
        let error = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        Sanitizer.expectNoReport(in: error, of: ["pbrender"] + arguments)
        return Outcome(
            status: process.terminationStatus, output: Array(try Data(contentsOf: URL(fileURLWithPath: outPath))),
            error: error, seconds: seconds)
    }

    /// The bytes of `name` in the test's folder.
    func file(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
    }

    func image(_ name: String) throws -> RGBAImage { try RGBAImage(png: file(name)) }

    static let blue = RGB(hex: 0x007AFF)
    static let curveFile = EndToEndTests.root.appendingPathComponent("Examples/curve.json").path
    static let barFile = EndToEndTests.root.appendingPathComponent("Examples/bar.json").path

    /// The pixel of the default ring (centre 128, 128; radius 122) at `degrees` clockwise from
    /// 3 o'clock.
    static func ringPixel(_ degrees: Double) -> (x: Double, y: Double) {
        let radians = degrees * Double.pi / 180
        return (128 + 122 * cos(radians), 128 + 122 * sin(radians))
    }

    // MARK: Bugs

    @Test(
        "Huge start angles finish at once and draw the ring at the angle reduced exactly modulo 360",
        arguments: [("1e18", 280.0), ("5e17", 320), ("1e308", 296), ("2e17", 200), ("1e19", 280), ("-1e18", 80)])
    func hugeStartAngles(angle: String, reduced: Double) throws {
        // 10^18 = 2^18 5^18 is a double; mod 8 and mod 5 it is 0, mod 9 it is 1: 280. The double
        // 1e308 is an integer too; Python's int(1e308) % 360 is 296.
        let outcome = try run(["--progress", "0.25", "--start-angle", angle, "-o", "r.png"], timeout: 10)
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.seconds < 5, "took \(outcome.seconds) s")
        let image = try image("r.png")
        // The progress runs a quarter turn clockwise from the reduced angle; the track elsewhere.
        for offset in [8.0, 45, 82] {
            expectPixel(image, at: Self.ringPixel(reduced + offset), is: Self.blue, "\(offset)° past the start")
        }
        for offset in [-8.0, 98, 180, 270] {
            expectPixel(image, at: Self.ringPixel(reduced + offset), is: .track, "\(offset)° from the start")
        }
        // The same picture as the reduced angle given directly.
        #expect(try run(["--progress", "0.25", "--start-angle", "\(Int(reduced))", "-o", "s.png"]).status == 0)
        #expect(try file("r.png") == file("s.png"))
    }

    @Test("measure: a circle's length does not depend on its rotation, even 1e308 degrees")
    func measureRotatedCircle() throws {
        let outcome = try run(["measure", "--path-data", "M0 0 A 10 10 1e308 0 1 20 0"])
        #expect(outcome.status == 0)
        // Half a circle of radius 10: 10π = 31.41592653589793.
        #expect(outcome.text.hasPrefix("length: 31.41592654\n"), "\(outcome.text)")
    }

    @Test("--frames 1 renders the --from progress")
    func oneFrameIsTheFirst() throws {
        #expect(try run(["--frames", "1", "--from", "0.2", "--to", "0.8", "-o", "f-%d.png"]).status == 0)
        #expect(try run(["--progress", "0.2", "-o", "p2.png"]).status == 0)
        #expect(try run(["--progress", "0.8", "-o", "p8.png"]).status == 0)
        #expect(try file("f-0.png") == file("p2.png"))
        #expect(try file("f-0.png") != file("p8.png"))
    }

    @Test("An option's value that looks like an option is an error that says so")
    func valueThatLooksLikeAnOption() throws {
        let outcome = try run(["--progress", "0.5", "--format", "-o", "o.png"])
        #expect(outcome.status == 2)
        #expect(outcome.error.hasPrefix("pbrender: error: option '--format' needs a value"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/o.png"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/-o"))
    }

    @Test(
        "--start-angle is refused on bars and curve files, with a reason",
        arguments: [["--shape", "bar"], ["--path", curveFile], ["--path", barFile], ["--path-data", "M 0 0 H 100"]])
    func startAngleRefused(geometry: [String]) throws {
        let outcome = try run(geometry + ["--progress", "0.5", "--start-angle", "30", "-o", "o.png"])
        #expect(outcome.status == 2)
        #expect(outcome.error.hasPrefix("pbrender: error: option '--start-angle' does not apply here: "))
        #expect(!FileManager.default.fileExists(atPath: folder + "/o.png"))
    }

    /// `image` turned 90° clockwise about its centre (square images).
    static func turnedClockwise(_ image: RGBAImage) -> RGBAImage {
        var pixels = image.pixels
        let n = image.width
        for y in 0..<n {
            for x in 0..<n {
                // The pixel (x, y) of the turned image is the original's (y, n - 1 - x).
                let (to, source) = (4 * (y * n + x), 4 * ((n - 1 - x) * n + y))
                for channel in 0..<4 { pixels[to + channel] = image.pixels[source + channel] }
            }
        }
        return RGBAImage(width: n, height: n, pixels: pixels)
    }

    @Test("--start-angle turns a gauge: 90° more is the default gauge turned a quarter clockwise")
    func startAngleTurnsAGauge() throws {
        #expect(try run(["--shape", "gauge", "--progress", "0.5", "-o", "g.png"]).status == 0)
        #expect(try run(["--shape", "gauge", "--progress", "0.5", "--start-angle", "225", "-o", "t.png"]).status == 0)
        let (plain, turned) = (try image("g.png"), try image("t.png"))
        let comparison = PixelComparison(Self.turnedClockwise(plain), turned, threshold: 48)
        #expect(comparison.differing <= 20, "\(comparison)")
        // By hand: the turned gauge's circle has radius 122 about (110.13, 128) (the default's
        // centre, 17.87 below the canvas's, turned), its gap on the left; the progress runs
        // from 225° to 360°.
        let center = (x: 128 - 17.87, y: 128.0)
        func pixel(_ degrees: Double) -> (x: Double, y: Double) {
            let radians = degrees * Double.pi / 180
            return (center.x + 122 * cos(radians), center.y + 122 * sin(radians))
        }
        for degrees in [240.0, 270, 300, 345] { expectPixel(turned, at: pixel(degrees), is: Self.blue) }
        for degrees in [15.0, 90, 120] { expectPixel(turned, at: pixel(degrees), is: .track) }
        // The default gauge has nothing there (its gap is at the bottom).
        expectPixel(plain, at: pixel(90), is: .white)
    }

    @Test("--start-angle turns a semicircle: from 12 o'clock it is the right half, 256 x 500")
    func startAngleTurnsASemicircle() throws {
        #expect(
            try run(["--shape", "semicircle", "--progress", "0.5", "--start-angle", "270", "-o", "s.png"]).status == 0)
        let image = try image("s.png")
        // Width 256 = r + 2 x 6 (the caps reach 6 left of the ends): r = 244; height 2r + 12.
        #expect((image.width, image.height) == (256, 500))
        let center = (x: 6.0, y: 250.0)
        func pixel(_ degrees: Double) -> (x: Double, y: Double) {
            let radians = degrees * Double.pi / 180
            return (center.x + 244 * cos(radians), center.y + 244 * sin(radians))
        }
        for degrees in [285.0, 315, 345] { expectPixel(image, at: pixel(degrees), is: Self.blue) }
        for degrees in [15.0, 45, 75] { expectPixel(image, at: pixel(degrees), is: .track) }
    }

    /// The point of the curve file's cubic (20,200) (60,20) (200,20) (236,200) at `t`, by hand.
    static func curvePoint(_ t: Double) -> (x: Double, y: Double) {
        let s = 1 - t
        let (a, b, c, d) = (s * s * s, 3 * s * s * t, 3 * s * t * t, t * t * t)
        return (a * 20 + b * 60 + c * 200 + d * 236, a * 200 + b * 20 + c * 20 + d * 200)
    }

    @Test("--counterclockwise reverses a curve file's path: the progress starts at its end")
    func counterclockwiseReversesACurve() throws {
        #expect(try run(["--path", Self.curveFile, "--progress", "0.25", "-o", "f.png"]).status == 0)
        #expect(
            try run(["--path", Self.curveFile, "--progress", "0.25", "--counterclockwise", "-o", "r.png"]).status == 0)
        let (forward, reversed) = (try image("f.png"), try image("r.png"))
        for t in [0.03, 0.1] {
            expectPixel(forward, at: Self.curvePoint(t), is: Self.blue, "forward near the start, t = \(t)")
            expectPixel(reversed, at: Self.curvePoint(t), is: .track, "reversed near the start, t = \(t)")
            expectPixel(forward, at: Self.curvePoint(1 - t), is: .track, "forward near the end, t = \(1 - t)")
            expectPixel(reversed, at: Self.curvePoint(1 - t), is: Self.blue, "reversed near the end, t = \(1 - t)")
        }
    }

    @Test("--padding is refused with a curve file that has a size")
    func paddingRefusedOnASizedCurveFile() throws {
        let outcome = try run(["--path", Self.curveFile, "--progress", "0.5", "--padding", "4", "-o", "o.png"])
        #expect(outcome.status == 2)
        #expect(outcome.error.hasPrefix("pbrender: error: option '--padding' does not apply here: the canvas is fixed"))
    }

    @Test("--scale is refused for SVG and PDF, and works for PNG", arguments: ["o.svg", "o.pdf"])
    func scaleOnlyForPNG(output: String) throws {
        let outcome = try run(["--progress", "0.5", "--scale", "2", "-o", output])
        #expect(outcome.status == 2)
        #expect(outcome.error.hasPrefix("pbrender: error: option '--scale' applies to PNG, WebP or GIF output only"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/" + output))
        #expect(try run(["--progress", "0.5", "--scale", "2", "-o", "o.png"]).status == 0)
        let image = try image("o.png")
        #expect((image.width, image.height) == (512, 512))
    }

    @Test(
        "Canvas messages name the value that broke the limit and the limit",
        arguments: [
            (
                ["--width", "1e308", "--height", "1e308", "-o", "o.svg"],
                "option '--width' gives a canvas 1e+308 points wide; the limit is 16384 a side"
            ),
            (
                ["--width", "1e308", "-o", "o.png"],
                "option '--width' gives a canvas 1e+308 points wide; the limit is 16384 a side"
            ),
            (
                ["--height", "20000", "-o", "o.pdf"],
                "option '--height' gives a canvas 20000 points tall; the limit is 16384 a side"
            ),
            (
                ["--width", "10000", "--scale", "2", "-o", "o.png"],
                "option '--width' gives a canvas 10000 points wide, 20000 pixels at this scale; the limit is 16384 pixels a side"
            ),
            (
                ["--width", "1e308", "--scale", "2", "-o", "o.png"],
                "option '--width' gives a canvas 1e+308 points wide, more pixels than a double can count at this scale; "
                    + "the limit is 16384 pixels a side"
            ),
            // A ring given only a height is as wide: the height is what the user gave.
            (
                ["--height", "20000", "-o", "o.png"],
                "option '--height' gives a canvas 20000 points tall; the limit is 16384 a side"
            ),
            (
                ["--size", "9000x9000", "-o", "o.png"],
                "option '--size' gives a canvas of 9000 x 9000 pixels; the limit is 67108864 pixels in all "
                    + "(a PNG's: an SVG or PDF has none)"
            ),
            (
                ["--width", "8000", "--height", "5000", "--scale", "2", "-o", "o.png"],
                "options '--width', '--height' and '--scale' give a canvas of 16000 x 10000 pixels "
                    + "(at 2 pixels a point); the limit is 67108864 pixels in all (a PNG's: an SVG or PDF has none)"
            ),
            // Within the limit at scale 1: the scale is named with the size.
            (
                ["--size", "8000", "--scale", "2", "-o", "o.png"],
                "options '--size' and '--scale' give a canvas of 16000 x 16000 pixels (at 2 pixels a point); "
                    + "the limit is 67108864 pixels in all (a PNG's: an SVG or PDF has none)"
            ),
        ])
    func canvasMessages(arguments: [String], message: String) throws {
        let outcome = try run(["--progress", "0.5"] + arguments)
        #expect(outcome.status == 2)
        #expect(outcome.error == "pbrender: error: \(message)\n")
    }

    /// The total-pixel limit is a PNG's: an SVG or PDF of the same canvas has no pixels to count.
    @Test func aVectorCanvasHasNoPixelLimit() throws {
        let outcome = try run(["--progress", "0.5", "--size", "9000x9000", "-o", "-", "--format", "svg", "--force"])
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"9000\" height=\"9000\""))
    }

    // MARK: What a new user expects

    @Test("pbrender --help shows the render options and the subcommands, and --path-data in the usage")
    func help() throws {
        let outcome = try run(["--help"])
        #expect(outcome.status == 0)
        let help = outcome.text
        #expect(help.contains("USAGE: pbrender [render] [--path FILE | --path-data DATA | --shape SHAPE] --progress P"))
        for option in ["--progress P", "--values V,V,...", "--start-angle DEG", "--progress-gradient", "--size W[xH]"] {
            #expect(help.contains("  \(option)"), "\(option)")
        }
        let subcommands = try #require(help.range(of: "SUBCOMMANDS:"))
        let rest = help[subcommands.upperBound...]
        for command in ["render", "measure", "trim"] {
            #expect(rest.contains("\n  \(command) "), "\(command)")
        }
    }

    @Test("--path - reads the curve file from standard input")
    func pathFromStandardInput() throws {
        let json = Array(try Data(contentsOf: URL(fileURLWithPath: Self.curveFile)))
        let piped = try run(["--path", "-", "--progress", "0.4", "-o", "a.png"], input: json)
        #expect(piped.status == 0, "\(piped.error)")
        #expect(try run(["--path", Self.curveFile, "--progress", "0.4", "-o", "b.png"]).status == 0)
        #expect(try file("a.png") == file("b.png"))
    }

    /// Runs `pbrender` with standard output on a pseudo-terminal in raw mode (no newline
    /// translation), returning what the terminal received.
    func runOnATerminal(_ arguments: [String]) throws -> (Outcome, terminal: [UInt8]) {
        // posix_openpt, unlockpt and ptsname are not in Swift's Glibc module: their Linux
        // equivalents, the ioctls TIOCSPTLCK (0x40045431) and TIOCGPTN (0x80045430), as
        // <asm-generic/ioctls.h> numbers them.
        let primary = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(primary >= 0, "no pseudo-terminal: \(String(cString: strerror(errno)))")
        defer { close(primary) }
        var unlock: CInt = 0
        var number: CUnsignedInt = 0
        try #require(ioctl(primary, 0x4004_5431, &unlock) == 0 && ioctl(primary, 0x8004_5430, &number) == 0)
        let secondary = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        try #require(secondary >= 0, "cannot open /dev/pts/\(number): \(String(cString: strerror(errno)))")
        var settings = termios()
        tcgetattr(secondary, &settings)
        cfmakeraw(&settings)
        tcsetattr(secondary, TCSANOW, &settings)
        // Read the terminal while the tool writes, so that its buffer never fills.
        let received = Mutex<[UInt8]>([])
        let done = Mutex(false)
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(primary, &buffer, buffer.count)
                if count > 0 {
                    received.withLock { $0 += buffer[0..<count] }
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    break  // EIO: the last writer closed the terminal.
                }
            }
            done.withLock { $0 = true }
        }
        let process = Process()
        process.executableURL = EndToEndTests.binary
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let terminal = FileHandle(fileDescriptor: secondary, closeOnDealloc: true)
        let errors = Pipe()
        (process.standardOutput, process.standardError) = (terminal, errors)
        reader.start()
        try process.run()
        try terminal.close()
        let error = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let deadline = Date().addingTimeInterval(10)
        while !done.withLock({ $0 }) && Date() < deadline { usleep(1000) }
        let outcome = Outcome(
            status: process.terminationStatus, output: [], error: String(decoding: error, as: UTF8.self), seconds: 0)
        return (outcome, received.withLock { $0 })
    }

    @Test("-o - refuses to write an image to a terminal, unless --force")
    func refusesATerminal() throws {
        let (refused, nothing) = try runOnATerminal(["--progress", "0.5", "-o", "-"])
        #expect(refused.status == 2)
        #expect(refused.error.hasPrefix("pbrender: error: standard output is a terminal"))
        #expect(refused.error.contains("'--force'"))
        #expect(nothing.isEmpty)
        let (forced, png) = try runOnATerminal(["--progress", "0.5", "-o", "-", "--force"])
        #expect(forced.status == 0)
        let reference = Array(
            try Data(contentsOf: EndToEndTests.root.appendingPathComponent("Snapshots/shapes/ring.0.5.png")))
        #expect(png == reference)
    }

    @Test("--size 64 is square, --size 64x32 is 64 by 32; a ring given only a width stays round")
    func sizes() throws {
        for (arguments, size) in [
            (["--size", "64"], (64, 64)), (["--size", "64x32"], (64, 32)),
            (["--shape", "ring", "--width", "64"], (64, 64)),
        ] {
            #expect(try run(["--progress", "1"] + arguments + ["-o", "s.png"]).status == 0)
            let image = try image("s.png")
            #expect((image.width, image.height) == size, "\(arguments)")
        }
        // The ring on 64 x 64: radius 32 - 6 = 26 about the centre, the same at all four sides.
        for (x, y) in [(58.0, 32.0), (6, 32), (32, 6), (32, 58)] {
            expectPixel(try image("s.png"), at: (x, y), is: Self.blue, "at \(x), \(y)")
        }
        expectPixel(try image("s.png"), at: (32, 32), is: .white)
    }

    @Test(
        "Colours: rgb(), rgba() and CSS names",
        arguments: [
            // Half blue over the track (#E5E5EA): (229 / 2, 229 / 2, (255 + 234) / 2).
            ("rgb(255, 0, 0)", RGB(255, 0, 0)), ("rgba(0, 0, 255, 0.5)", RGB(114, 114, 245)),
            ("rebeccapurple", RGB(hex: 0x663399)), ("tomato", RGB(hex: 0xFF6347)), ("blue", RGB(0, 0, 255)),
        ])
    func colours(colour: String, expected: RGB) throws {
        #expect(try run(["--progress", "0.5", "--progress-color", colour, "-o", "c.png"]).status == 0)
        expectPixel(try image("c.png"), at: Self.ringPixel(0), is: expected, tolerance: 1, "\(colour)")
    }

    @Test(
        "A mistyped colour name gets a suggestion",
        arguments: [("blu", "blue"), ("rebecapurple", "rebeccapurple"), ("systemBlu", "systemBlue")])
    func colourSuggestions(typed: String, suggestion: String) throws {
        let outcome = try run(["--progress", "0.5", "--track-color", typed, "-o", "c.png"])
        #expect(outcome.status == 2)
        #expect(
            outcome.error.contains("'\(typed)' is not a colour (did you mean '\(suggestion)'?)"), "\(outcome.error)")
    }

    @Test("--progress 75 is drawn as 1 and warns: did you mean '--progress 75%'?")
    func progressAboveOneWarns() throws {
        let outcome = try run(["--progress", "75", "-o", "a.png"])
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(
            outcome.error.contains(
                "pbrender: warning: a progress of 75 is above 1 and is drawn as 1 (did you mean '--progress 75%'?)\n"))
        #expect(try run(["--progress", "1", "-o", "b.png"]).status == 0)
        #expect(try file("a.png") == file("b.png"))
        // 75% means 0.75, without a warning.
        let percent = try run(["--progress", "75%", "-o", "c.png"])
        #expect(!percent.error.contains("warning"))
        // A badge warns as render does.
        let badge = try run(["badge", "--progress", "87", "-o", "d.svg"])
        #expect(badge.status == 0)
        #expect(
            badge.error.contains(
                "pbrender: warning: a progress of 87 is above 1 and is drawn as 1 (did you mean '--progress 87%'?)\n"),
            "\(badge.error)")
    }

    @Test("measure --at 50% is --at 0.5; measure takes --shape")
    func measureAtAPercentageOfAShape() throws {
        let percent = try run(["measure", "--shape", "ring", "--at", "50%"])
        let fraction = try run(["measure", "--shape", "ring", "--at", "0.5"])
        #expect(percent.status == 0 && fraction.status == 0)
        #expect(percent.text == fraction.text)
        // The default ring: radius 122, so 244π = 766.5486074...; halfway is 6 o'clock.
        #expect(percent.text.hasPrefix("length: 766.5486075\n"))
        #expect(percent.text.contains("at 0.5: point (128, 250)"))
    }

    @Test("trim takes --shape: the bar runs from x = 2 to 254 on y = 2")
    func trimAShape() throws {
        let outcome = try run(["trim", "--shape", "bar", "--from", "0", "--to", "0.3"])
        #expect(outcome.status == 0)
        // 2 + 0.3 x 252 = 77.6.
        #expect(outcome.text == "M 2,2 L 77.6,2\n")
    }

    @Test("trim prints numbers without float noise, and every digit with --precision 17")
    func trimPrecision() throws {
        let data = ["trim", "--path-data", "M 10 10 L 90 10", "--from", "0.11", "--to", "0.83"]
        // 10 + 0.83 x 80 = 76.4, which doubles compute as 76.39999999999999.
        #expect(try run(data + ["--precision", "17"]).text == "M 18.8,10 L 76.39999999999999,10\n")
        #expect(try run(data).text == "M 18.8,10 L 76.4,10\n")
        #expect(try run(data + ["--precision", "3"]).text == "M 18.8,10 L 76.4,10\n")
        #expect(try run(data + ["--precision", "0"]).text == "M 19,10 L 76,10\n")
    }

    @Test("--progress-fill on a ring fills the pie wedge from the centre to the progress")
    func progressFillIsAWedge() throws {
        #expect(try run(["--progress", "0.6", "--progress-fill", "#FF0000", "-o", "w.png"]).status == 0)
        let image = try image("w.png")
        let red = RGB(255, 0, 0)
        // The centre pixel (right of the 12-to-6 o'clock line, which the wedge passes).
        expectPixel(image, at: (128, 128), is: red)
        // Inside the wedge (0 to 0.6 of the turn from 12 o'clock, up to 216° from there)...
        for degrees in [-60.0, 0, 60, 120] {
            let radians = degrees * Double.pi / 180
            expectPixel(image, at: (128 + 80 * cos(radians), 128 + 80 * sin(radians)), is: red, "at \(degrees)°")
        }
        // ...and not beyond it.
        for degrees in [150.0, 200, 240] {
            let radians = degrees * Double.pi / 180
            expectPixel(image, at: (128 + 80 * cos(radians), 128 + 80 * sin(radians)), is: .white, "at \(degrees)°")
        }
    }
}
