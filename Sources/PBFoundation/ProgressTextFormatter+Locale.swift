public import Foundation
public import PBRendering

extension ProgressTextFormatter {
    /// A formatter for `locale`, by its identifier, not checked: an identifier ICU has no data
    /// for formats with root-locale rules (use ``init(localeIdentifier:)`` to reject it). For a
    /// Swift app that has a `Locale` at hand.
    ///
    /// - Parameter locale: the locale to format for.
    public init(locale: Locale) {
        self.init(canonicalIdentifier: locale.identifier)
    }
}

extension LabelTemplate {
    /// The label for `state` in `locale`: ``text(for:formatter:)`` with a formatter for it.
    ///
    /// - Parameters:
    ///   - state: the progress and its facts.
    ///   - locale: the locale to format numbers, byte counts and times for.
    /// - Throws: `LabelTemplateError` with kind `missingFact`, as ``text(for:formatter:)``.
    public func text(for state: ProgressState, locale: Locale) throws(LabelTemplateError) -> String {
        try text(for: state, formatter: ProgressTextFormatter(locale: locale))
    }
}
