import Foundation

/// A progress indicator's label: a template filled in from the progress and its facts (bytes,
/// steps, phases, time left), in a font, a colour and a place.
///
/// ```swift
/// var indicator = ProgressIndicator(shape: .ring)
/// indicator.progress = 0.42
/// indicator.label = ProgressLabel(template: try LabelTemplate(parsing: "{percent}"))
/// ```
public struct ProgressLabel: Hashable, Sendable {
    /// What the label says.
    public var template: LabelTemplate
    /// The facts its tokens name; its fraction is replaced by the scene's progress, so a label
    /// counts up with an animation.
    public var state: ProgressState
    /// How numbers, bytes and times are written (the locale).
    public var formatter: ProgressTextFormatter
    /// The font (default ``Font/default``).
    public var font: Font
    /// The colour; `nil` for the system label colour (black, white in dark appearance).
    public var color: Color?
    /// The colour in dark appearance; `nil` for ``color``'s dark variant.
    public var darkColor: Color?
    /// Where it goes; `nil` for the shape's default (``LabelPosition/center`` of a ring, gauge or
    /// semicircle, ``LabelPosition/above`` a bar or path).
    public var position: LabelPosition?

    /// A label.
    public init(
        template: LabelTemplate, state: ProgressState = .indeterminate,
        formatter: ProgressTextFormatter = ProgressTextFormatter(),
        font: Font = .default, color: Color? = nil, darkColor: Color? = nil, position: LabelPosition? = nil
    ) {
        self.template = template
        self.state = state
        self.formatter = formatter
        self.font = font
        self.color = color
        self.darkColor = darkColor
        self.position = position
    }

    /// The text at `fraction` (`nil` when indeterminate).
    ///
    /// - Throws: ``LabelTemplateError`` when a token names a fact the state does not have.
    public func text(atFraction fraction: Double?) throws(LabelTemplateError) -> String {
        try template.text(for: state.with(fraction: fraction), formatter: formatter)
    }

    /// The direction of text without letters ("42%") in the formatter's locale.
    var neutralDirection: TextDirection {
        Locale.Language(identifier: formatter.locale.identifier).characterDirection == .rightToLeft
            ? .rightToLeft : .leftToRight
    }

    /// The text laid out at `fraction`.
    ///
    /// - Throws: ``RenderError`` for a token without its fact or text Pango cannot lay out.
    func layout(atFraction fraction: Double?) throws(RenderError) -> TextLayout {
        let direction = neutralDirection
        let text: String
        do {
            text = try self.text(atFraction: fraction)
        } catch {
            throw RenderError(.invalidLabel("\(error)"))
        }
        do {
            return try TextLayout(text: text, font: font, neutralDirection: direction)
        } catch {
            throw RenderError(.invalidLabel("\(error)"))
        }
    }
}
