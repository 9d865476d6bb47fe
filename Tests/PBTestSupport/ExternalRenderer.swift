import Foundation
import PBRendering

/// Independent renderers used as oracles: `rsvg-convert` (librsvg) for SVG and `pdftoppm`
/// (poppler) for PDF. Installed by `.ci/install-deps`; a tool that fails throws
/// ``ChildProcess/Failure``.
public enum ExternalRenderer {
    /// Rasterises SVG text with rsvg-convert at its own size (1 px per unit).
    public static func rsvg(_ svg: String) throws -> RGBAImage {
        try rsvg(Data(svg.utf8))
    }

    /// Rasterises SVG bytes with rsvg-convert.
    public static func rsvg(_ svg: Data) throws -> RGBAImage {
        try RGBAImage(png: Array(ChildProcess.output(of: "rsvg-convert", ["--format=png"], input: svg)))
    }

    /// Rasterises the first page of a PDF with pdftoppm at 72 dpi (1 px per point), over white.
    public static func pdftoppm(_ pdf: [UInt8]) throws -> RGBAImage {
        try RGBAImage(
            png: Array(ChildProcess.output(of: "pdftoppm", ["-png", "-r", "72", "-singlefile", "-"], input: Data(pdf))))
    }
}
