import Foundation

/// The text poppler's `pdftotext` (Debian's `poppler-utils`) extracts from a PDF: an
/// independent check that a PDF's text is real, selectable text.
public enum PDFText {
    /// Extracts the text of a PDF as UTF-8, without the form feed and line ends poppler appends.
    ///
    /// - Parameter pdf: The document's bytes.
    /// - Returns: The text, in reading order as poppler sees it.
    /// - Throws: ``ChildProcess/Failure`` when `pdftotext` fails (or is not installed), or a file error from
    ///   the temporary file.
    public static func extract(_ pdf: [UInt8]) throws -> String {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pbrender-pdftext-\(UUID().uuidString).pdf")
        try Data(pdf).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let data = try ChildProcess.output(of: "pdftotext", ["-enc", "UTF-8", input.path, "-"])
        var text = String(decoding: data, as: UTF8.self)
        while let last = text.unicodeScalars.last, last == "\u{0C}" || last == "\n" {
            text.unicodeScalars.removeLast()
        }
        return text
    }
}
