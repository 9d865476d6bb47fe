import PBStyle

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
    /// The widest the text may be drawn, set by a layout whose room the label does not fit even
    /// shrunk (``ProgressLayout/minimumLabelScale``): a longer text is cut and ends in `…`.
    var maximumWidth: Double?
    /// Where it goes; `nil` for the shape's default (``LabelPosition/center`` of a ring, gauge,
    /// semicircle or closed path, ``LabelPosition/above`` a bar or open path:
    /// ``ProgressIndicator/defaultLabelPosition``).
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

    /// The text laid out at `fraction`.
    ///
    /// - Throws: ``RenderError`` for a token without its fact or text Pango cannot lay out.
    func layout(atFraction fraction: Double?) throws(RenderError) -> TextLayout {
        let direction = formatter.neutralDirection
        let text: String
        do {
            text = try self.text(atFraction: fraction)
        } catch {
            throw RenderError(.invalidLabel("\(error)"))
        }
        do {
            let layout = try TextLayout(text: text, font: font, neutralDirection: direction)
            guard let maximumWidth, layout.width > maximumWidth else { return layout }
            return try ellipsized(text, within: maximumWidth, direction: direction)
        } catch {
            throw RenderError(.invalidLabel("\(error)"))
        }
    }

    /// The longest start of `text` that fits `width` with `…` after it (at least the ellipsis
    /// alone), found by bisection over its characters.
    ///
    /// - Complexity: O(log *n*) layouts of the text.
    private func ellipsized(_ text: String, within width: Double, direction: TextDirection) throws(TextLayoutError)
        -> TextLayout
    {
        let characters = Array(text)
        func layout(_ count: Int) throws(TextLayoutError) -> TextLayout {
            let kept = String(
                characters[..<count].drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
            return try TextLayout(text: kept + "…", font: font, neutralDirection: direction)
        }
        var (low, high) = (0, characters.count)
        while low < high {
            let middle = (low + high + 1) / 2
            if try layout(middle).width <= width { low = middle } else { high = middle - 1 }
        }
        return try layout(low)
    }
}
