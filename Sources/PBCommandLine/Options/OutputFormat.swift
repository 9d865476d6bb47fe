import PBRendering

/// What `pbrender` writes: a still image (PNG, SVG, PDF), or an animated PNG.
enum OutputFormat: String, CaseIterable, Hashable, Sendable, ChoiceOptionValue {
    /// A PNG (one frame).
    case png
    /// An SVG (animated, for an animation).
    case svg
    /// A PDF.
    case pdf
    /// An animated PNG (APNG): one file that browsers play.
    case apng

    /// The still-image format, `nil` for APNG.
    var imageFormat: ImageFormat? { ImageFormat(rawValue: rawValue) }

    /// The format a file name's extension names (`.apng` for APNG), case-insensitively.
    init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else { return nil }
        self.init(rawValue: fileName[fileName.index(after: dot)...].lowercased())
    }
}

extension TimingFunction: OptionValue {
    static var expectation: String {
        "a timing function: linear, ease-in, ease-out, ease-in-out, default or cubic-bezier(x1,y1,x2,y2)"
    }

    init(optionText text: String) throws(OptionValueError) {
        do {
            self = try TimingFunction(parsing: text)
        } catch {
            throw .explained("\(error)")
        }
    }
}

extension IndeterminateStyle: ChoiceOptionValue {}
