import PBRendering

/// Something a job was asked that it draws, but not quite as asked, or that looks like a mistake:
/// a progress of 87 drawn as 1, a label drawn smaller to fit, a paint of an SVG document that is
/// not drawn. The command line prints each as a warning once the image is written; a server
/// refuses the request or reports the warning in a header, by ``kind`` (PBServer's
/// `RenderService` lists which).
public struct JobWarning: Hashable, Sendable, CustomStringConvertible {
    /// What happened, the fact a front end decides by.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        /// A progress written as a plain number above 1 (`87`): a percentage without its `%`,
        /// likely; drawn as 1.
        case percentageWithoutSign = "percentage-without-sign"
        /// A progress or a stroke start outside `0...1`, drawn pinned to it.
        case pinnedValue = "pinned-value"
        /// Several values that add up past the end of the path, drawn cut at 1.
        case valuesPastTheEnd = "values-past-the-end"
        /// More bytes received than expected, drawn as complete.
        case bytesAboveExpected = "bytes-above-expected"
        /// A label drawn smaller so that it fits.
        case labelShrunk = "label-shrunk"
        /// A label that does not fit even at its smallest size, shortened with an ellipsis.
        case labelEllipsized = "label-ellipsized"
        /// A path's stroke that reaches past the canvas, cut at its edge.
        case strokePastCanvas = "stroke-past-canvas"
        /// Something in an SVG document that is not drawn, or drawn otherwise (a paint that cannot
        /// be drawn, a style value ignored, text).
        case document = "document"
    }

    /// The words of a warning, kept as facts until a front end names its options.
    private enum Words: Hashable, Sendable {
        case render(RenderWarning)
        case sentence(Sentence)
    }

    /// What happened.
    public let kind: Kind
    private let words: Words

    /// A warning of the library's (a pinned value, a label made to fit, a stroke cut).
    package init(_ warning: RenderWarning) {
        switch warning.kind {
        case .pinned: kind = .pinnedValue
        case .valuesPastTheEnd: kind = .valuesPastTheEnd
        case .bytesAboveExpected: kind = .bytesAboveExpected
        case .labelShrunk: kind = .labelShrunk
        case .labelEllipsized: kind = .labelEllipsized
        case .strokePastCanvas: kind = .strokePastCanvas
        case .gradientAsOneColor: kind = .document
        }
        words = .render(warning)
    }

    /// A warning of `kind` in words of its own.
    package init(_ kind: Kind, _ sentence: Sentence) {
        self.kind = kind
        words = .sentence(sentence)
    }

    /// The warning for a progress written as a plain number above 1, with the hint of the
    /// percentage it likely means: "a progress of 87 is above 1 and is drawn as 1 (did you mean
    /// '--progress 87%'?)", `'progress=87%'` over HTTP.
    package static func percentageWithoutSign(_ value: Double) -> JobWarning {
        let text = NumberText.readable(value)
        return JobWarning(
            .percentageWithoutSign,
            "a progress of \(text) is above 1 and is drawn as 1 (did you mean \(option: "progress", text + "%")?)")
    }

    /// The warning in one sentence, naming options as `naming` says (`option '--progress'`,
    /// `parameter 'progress'`).
    public func message(naming: OptionNaming) -> String {
        switch words {
        case .render(let warning): warning.message(naming: { naming.named(kebabCase($0)) })
        case .sentence(let sentence): sentence.written(naming: naming)
        }
    }

    /// The warning as the command line words it.
    public var description: String { message(naming: .commandLine) }
}
