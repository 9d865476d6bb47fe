import PBStyle

/// A shields-style badge: a title box and a value box holding a small progress bar and the value
/// as text ("87%", "217/250"), as README badges and status pages show.
///
/// ```swift
/// var badge = Badge(title: "coverage", progress: 0.87)
/// badge.style = .flat
/// let svg = try badge.scene().render(as: .svg)      // role="img", aria-label="coverage: 87%"
/// ```
///
/// ``scene()`` lays it out as a ``Scene`` (rounded boxes as filled ``ShapeLayer``s, the bar as
/// two stroked ones, the texts as ``TextLayer``s), so a badge renders to PNG at any scale, SVG and
/// PDF like any scene. Text widths are Pango's measurements (``TextLayout``), never estimated
/// from character counts, so a CJK or Arabic title fits as well as a Latin one.
public struct Badge: Hashable, Sendable {
    /// The colour stops the value box takes by default, by progress, as coverage badges go from red
    /// to green (shields.io's palette): red `#E05D44` below 50%, orange `#FE7D37` from 50%, yellow
    /// `#DFB317` from 70%, yellow-green `#A4A61D` from 80%, green `#97CA00` from 90%, bright green
    /// `#44CC11` from 95%; the colour of the last stop at or below the progress.
    public static let defaultColorStops: [(value: Double, color: Color)] = [
        (0, Color(hex: 0xE05D44)), (0.5, Color(hex: 0xFE7D37)), (0.7, Color(hex: 0xDFB317)),
        (0.8, Color(hex: 0xA4A61D)), (0.9, Color(hex: 0x97CA00)), (0.95, Color(hex: 0x44CC11)),
    ]

    /// The title box's colour by default, shields.io's `#555555`.
    public static let defaultTitleColor = Color(hex: 0x555555)
    /// The title box's colour in dark appearance by default, `#3A3A3C` (a dark elevated grey).
    public static let defaultDarkTitleColor = Color(hex: 0x3A3A3C)

    /// The text in the title box (`coverage`); an empty title leaves the box out.
    public var title: String
    /// The progress, pinned to `0...1` when drawn and written.
    public var progress: Double
    /// A total count: the value reads `completed/total` (`217/250`) instead of a percentage, the
    /// completed count being `progress × total` rounded as the percentage is (to nearest, but
    /// never 0 above 0 nor the total below 1). `nil` for a percentage.
    public var total: Int?
    /// Text appended to the value (`" tests"`, `" done"`), as it is: include a space if you want
    /// one.
    public var suffix: String
    /// Free text for the value box instead of the value (shields.io's `message`: `passing`,
    /// `v1.2`), measured and drawn as the title is; the bar still shows the progress. `nil` for the value.
    public var message: String?
    /// The look: ``Style/flat`` by default.
    public var style: Style
    /// The value box's colour by progress; `nil` for ``defaultColorStops``.
    public var colors: ValueColors?
    /// A fixed value box colour instead of ``colors``.
    public var color: Color?
    /// The value box's colour in dark appearance; `nil` for the light colour's dark variant
    /// (`Color.darkVariant`: system colours have one, others stay).
    public var darkColor: Color?
    /// The title box's colour.
    public var titleColor: Color
    /// The title box's colour in dark appearance.
    public var darkTitleColor: Color
    /// The texts' colour; `nil` (the default) for the style's (``Style/textColor``). The bar is
    /// drawn in it too, but for its progress in the social style.
    public var textColor: Color?
    /// The font; `nil` for the style's (``Style/font``).
    public var font: Font?
    /// How the numbers are written (the locale: `87 %` in French).
    public var formatter: ProgressTextFormatter
    /// Whether the value box shows the small progress bar before the text. Default `true`.
    public var showsBar: Bool
    /// Pixels per point in raster output (2 for @2x). Default 1.
    public var scale: Double
    /// A longer description for assistive technology (the SVG's `<desc>`), if any.
    public var description: String?

    /// A badge with the default look: flat, red-to-green by progress, white text on a grey title.
    ///
    /// - Parameters:
    ///   - title: The title box's text; empty for none.
    ///   - progress: The progress, `0...1`.
    public init(title: String, progress: Double) {
        self.title = title
        self.progress = progress
        self.total = nil
        self.suffix = ""
        self.message = nil
        self.style = .flat
        self.colors = nil
        self.color = nil
        self.darkColor = nil
        self.titleColor = Self.defaultTitleColor
        self.darkTitleColor = Self.defaultDarkTitleColor
        self.textColor = nil
        self.font = nil
        self.formatter = ProgressTextFormatter()
        self.showsBar = true
        self.scale = 1
        self.description = nil
    }

    /// The value as written in the value box: the percentage (`87%`, in the formatter's locale) or
    /// `completed/total` (`217/250`), then the ``suffix``; or the ``message`` instead; upper-cased for
    /// ``Style/forTheBadge``.
    ///
    /// The percentage and the completed count are rounded by one rule, as shields-style coverage
    /// badges round: to the nearest (halves up), except that a progress above 0 never shows 0
    /// (`0%`, `0/250`) and a progress below 1 never shows done (`100%`, `250/250`), so 0.4286 is
    /// `43%`, 0.999 is `99%` and 249.6 of 250 is `249/250`. The count forgives a relative
    /// floating-point error of 10⁻⁹ before rounding (so `0.145 × 100` is 14.5 and rounds to 15,
    /// as the decimal does); with a total of 1, a progress below 1 shows `0/1`.
    public var valueText: String {
        if let message { return style == .forTheBadge ? message.uppercased() : message }
        let fraction = pinnedProgress
        let value: String
        if let total {
            let exact = fraction * Double(total)
            var completed = (exact + abs(exact) * 1e-9).rounded(.toNearestOrAwayFromZero)
            if fraction > 0, completed < 1 { completed = 1 }
            if fraction < 1, completed >= Double(total) { completed = Double(max(total - 1, 0)) }
            value = "\(formatter.count(Int64(completed)))/\(formatter.count(Int64(total)))"
        } else {
            value = formatter.percent(fraction)
        }
        return style == .forTheBadge ? (value + suffix).uppercased() : value + suffix
    }

    /// What assistive technology reads: `coverage: 87%` (the value alone without a title).
    public var accessibleLabel: String {
        let value = valueText
        return title.isEmpty ? value : "\(title): \(value)"
    }

    /// The value box's colour at the badge's progress: ``color``, or the colour ``colors`` (or
    /// ``defaultColorStops``) give it.
    public var valueColor: Color {
        if let color { return color }
        let value = pinnedProgress
        if let colors { return colors.color(forValue: value) }
        return Self.defaultColorStops.last { $0.value <= value }?.color ?? Self.defaultColorStops[0].color
    }

    /// The progress pinned to `0...1` (NaN stays NaN, for ``scene()`` to refuse).
    var pinnedProgress: Double {
        progress.isNaN ? progress : min(max(progress, 0), 1)
    }
}
