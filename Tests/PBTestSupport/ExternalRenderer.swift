import Foundation
import PBRendering

/// Independent renderers used as oracles: `rsvg-convert` (librsvg) for SVG and `pdftoppm`
/// (poppler) for PDF. Installed by `.ci/install-deps`.
public enum ExternalRenderer {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Rasterises SVG text with rsvg-convert at its own size (1 px per unit).
    public static func rsvg(_ svg: String) throws -> RGBAImage {
        try rsvg(Data(svg.utf8))
    }

    /// Rasterises SVG bytes with rsvg-convert.
    public static func rsvg(_ svg: Data) throws -> RGBAImage {
        try RGBAImage(png: Array(run("rsvg-convert", ["--format=png"], input: svg)))
    }

    /// Rasterises the first page of a PDF with pdftoppm at 72 dpi (1 px per point), over white.
    public static func pdftoppm(_ pdf: [UInt8]) throws -> RGBAImage {
        try RGBAImage(png: Array(run("pdftoppm", ["-png", "-r", "72", "-singlefile", "-"], input: Data(pdf))))
    }

    private static func run(_ tool: String, _ arguments: [String], input: Data) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let writer = Thread {
            stdin.fileHandleForWriting.write(input)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(tool) failed: \(String(decoding: errors, as: UTF8.self))")
        }
        return output
    }
}
