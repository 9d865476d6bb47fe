import PBGeometry
import PBRendering
import Testing

/// The rules of issue 20 that live in the library: one rounding for every number shown, counts
/// that match, pins that are told, dynamic colours, line widths for small canvases, `hsl()`.
@Suite struct ValueRulesTests {
    // MARK: Rounding in labels and accessibility

    static func svg(_ indicator: ProgressIndicator) throws -> String {
        String(decoding: try indicator.scene().render(as: .svg), as: UTF8.self)
    }

    static func labelled(_ progress: Double, locale: String = "en_US_POSIX", template: String = "percent") throws
        -> ProgressIndicator
    {
        var indicator = ProgressIndicator(shape: .ring)
        indicator.progress = progress
        indicator.label = ProgressLabel(
            template: try LabelTemplate(parsing: template), state: try ProgressState(fraction: progress),
            formatter: try ProgressTextFormatter(localeIdentifier: locale))
        return indicator
    }

    @Test(arguments: [
        (0.4286, "43%", "42.86", "Progress: 42.86%"),
        (2.0 / 3, "67%", "66.67", "Progress: 66.67%"),
        (0.9999, "99%", "99.99", "Progress: 99.99%"),
        (0.99999, "99%", "99.99", "Progress: 99.99%"),
        (0.001, "1%", "0.1", "Progress: 0.1%"),
        (1e-7, "1%", "0.01", "Progress: 0.01%"),
        (0.1 + 0.5 * 0.6, "40%", "40", "Progress: 40%"),
        (1.0, "100%", "100", "Progress: 100%"),
        (0.0, "0%", "0", "Progress: 0%"),
    ])
    func labelAriaAndTitleRoundByOneRule(progress: Double, label: String, valueNow: String, title: String) throws {
        let svg = try Self.svg(try Self.labelled(progress))
        #expect(svg.contains("aria-valuenow=\"\(valueNow)\""))
        #expect(svg.contains("aria-valuetext=\"\(label)\""))
        #expect(svg.contains("<title>\(title)</title>"))
    }

    /// Every four-decimal progress: aria-valuenow and the title say the same number.
    @Test func ariaAndTitleAgreeOnEveryFourDecimalValue() throws {
        for k in 0...10_000 {
            var indicator = ProgressIndicator(shape: .ring)
            indicator.progress = Double(k) / 10_000
            let scene = try indicator.layout().scene(progress: indicator.progress)
            let percent = try #require(scene.accessibility.percent)
            let valueNow = ProgressTextFormatter.accessibilityPercent(percent / 100)
            #expect(scene.accessibility.title == "Progress: \(valueNow)%", "k = \(k)")
        }
    }

    @Test func theTitleFollowsTheLocale() throws {
        let french = try Self.svg(try Self.labelled(0.4236, locale: "fr_FR"))
        #expect(french.contains("<title>42,36\u{00A0}%</title>"))
        #expect(french.contains("aria-valuenow=\"42.36\""))
        #expect(french.contains("aria-valuetext=\"42\u{00A0}%\""))
        let american = try Self.svg(try Self.labelled(0.4236, locale: "en_US"))
        #expect(american.contains("<title>Progress: 42.36%</title>"))
    }

    @Test func theFractionTokenRoundsAlike() throws {
        let svg = try Self.svg(try Self.labelled(0.999, template: "{fraction} | {percent}"))
        #expect(svg.contains("aria-valuetext=\"0.99 | 99%\""))
    }

    // MARK: Counts and negative values

    @Test func valueColoursMustMatchTheValues() throws {
        var indicator = ProgressIndicator(shape: .bar)
        indicator.values = [0.2, 0.3]
        indicator.style.valueColors = [.white, .black, .clear]
        #expect(
            throws: RenderError(
                .countMismatch(
                    name: "valueColors", count: 3, items: "colours", otherName: "values", otherCount: 2,
                    otherItems: "values"))
        ) {
            try indicator.layout()
        }
        let error = try #require(throws: RenderError.self) { try indicator.layout() }
        #expect(
            error.description
                == "'valueColors' gives 3 colours and 'values' 2 values: they go one to one, so give as many")
        indicator.style.valueColors = [.white]
        let one = try #require(throws: RenderError.self) { try indicator.layout() }
        #expect(
            one.description == "'valueColors' gives 1 colour and 'values' 2 values: they go one to one, so give as many"
        )
        indicator.style.valueColors = [.white, .black]
        _ = try indicator.layout()
        // One value is the plain progress, in the tint: value colours do not count.
        indicator.values = [0.4]
        _ = try indicator.layout()
    }

    @Test func negativeValuesAmongSeveralAreRefused() throws {
        var indicator = ProgressIndicator(shape: .bar)
        indicator.values = [0.2, -0.3]
        let error = try #require(throws: RenderError.self) { try indicator.layout() }
        #expect(
            error.description == "'values' must be a list of numbers >= 0 (each value is a share of the path), not -0.3"
        )
    }

    @Test func colourStopsOutsideTheProgressRangeAreRefused() {
        for value in [-0.1, 1.5] {
            #expect(
                throws: RenderError(
                    .invalidValue(
                        name: "colorStops", value: "\(value)", requirement: "a stop value in 0...1 (a progress)"))
            ) {
                try ValueColors(stops: [(0, .white), (value, .black)].sorted { $0.0 < $1.0 })
            }
        }
    }

    @Test func bytesOfAZeroTotal() throws {
        #expect(throws: ProgressStateError(.bytesReceivedOfZeroExpected(5))) {
            try ProgressState(bytesReceived: 5, bytesExpected: 0)
        }
        let empty = try ProgressState(bytesReceived: 0, bytesExpected: 0)
        #expect(empty.fraction == 1)
        #expect(empty.warnings.isEmpty)
        let over = try ProgressState(bytesReceived: 12, bytesExpected: 10)
        #expect(over.fraction == 1)
        #expect(
            over.warnings.map(\.description) == ["12 bytes received is more than the 10 expected: drawn as complete"])
    }

    // MARK: Pins are told

    @Test(arguments: [
        ([1.5], "'progress' is 1.5 (150%), above 1: drawn as 1"),
        ([-0.2], "'progress' is -0.2 (-20%), below 0: drawn as 0"),
        ([0.6, 0.7], "'values' end at 1.3, past the end of the path (1): drawn up to 1, the last values cut"),
    ])
    func pinsAreWarned(values: [Double], expected: String) throws {
        var indicator = ProgressIndicator(shape: .ring)
        indicator.values = values
        #expect(try indicator.layout().warnings.map(\.description) == [expected])
    }

    @Test func valuesInRangeAreNotWarned() throws {
        var indicator = ProgressIndicator(shape: .ring)
        for values in [[0.0], [1.0], [0.5], [0.6, 0.4]] {
            indicator.values = values
            #expect(try indicator.layout().warnings.isEmpty, "\(values)")
        }
    }

    @Test func aSpinnerNeedsAMiddle() throws {
        var indicator = ProgressIndicator(shape: .bar)
        indicator.isIndeterminate = true
        let layout = try indicator.layout()
        let error = try #require(throws: RenderError.self) {
            try IndeterminateStyle.spinner.scene(of: layout, phase: 0)
        }
        guard case .notApplicable(name: "indeterminate", _) = error.kind else {
            Issue.record("\(error)")
            return
        }
        _ = try IndeterminateStyle.bar.scene(of: layout, phase: 0)
        indicator.geometry = .shape(.ring)
        _ = try IndeterminateStyle.spinner.scene(of: try indicator.layout(), phase: 0)
    }

    // MARK: Dark appearance

    /// Explicit white stays white in dark appearance; the system colours switch.
    @Test func colourValuesStayInDarkAppearance() throws {
        var indicator = ProgressIndicator(shape: .ring, style: ProgressStyle())
        indicator.width = 64
        indicator.height = 64
        indicator.progress = 0.5
        indicator.style.backgroundColor = try Color(parsing: "white")
        indicator.style.trackTintColor = try Color(parsing: "#FFFFFF")
        indicator.style.progressTintColor = try Color(parsing: "#007AFF")
        let dark = try indicator.scene().appearance(.dark).renderImage()
        // The corner is background, (4, 32) track (9 o'clock, 75 %), (34, 4) progress (just past 12).
        #expect(dark[1, 1] == (255, 255, 255, 255))
        #expect(dark[4, 32] == (255, 255, 255, 255))
        #expect(dark[34, 4] == (0, 0x7A, 0xFF, 255))
        indicator.style.backgroundColor = try Color(parsing: "systemBackground")
        indicator.style.trackTintColor = try Color(parsing: "systemGray5")
        indicator.style.progressTintColor = try Color(parsing: "systemBlue")
        let system = try indicator.scene().appearance(.dark).renderImage()
        #expect(system[1, 1] == (0, 0, 0, 255))
        #expect(system[4, 32] == (0x2C, 0x2C, 0x2E, 255))
        #expect(system[34, 4] == (0x0A, 0x84, 0xFF, 255))
        let light = try indicator.scene().renderImage()
        #expect(light[1, 1] == (255, 255, 255, 255))
        #expect(light[34, 4] == (0, 0x7A, 0xFF, 255))
    }

    @Test func onlySystemColoursAreDynamic() throws {
        #expect(try Color(parsing: "systemBlue").isDynamic)
        #expect(try Color(parsing: "systemBlue").darkVariant == Color(red8: 0x0A, green8: 0x84, blue8: 0xFF))
        #expect(!(try Color(parsing: "#007AFF").isDynamic))
        #expect(try Color(parsing: "#007AFF").darkVariant == Color(red8: 0, green8: 0x7A, blue8: 0xFF))
        #expect(try Color(parsing: "white").darkVariant == .white)
        #expect(Color.label.darkVariant == .white)
        #expect(Color.label.resolved(for: .light) == .black)
    }

    /// The SVG's dark rule has no entry for a colour written as a value.
    @Test func theSVGsDarkRuleKeepsWrittenColours() throws {
        var indicator = ProgressIndicator(shape: .ring)
        indicator.progress = 0.5
        indicator.style.trackTintColor = .white
        indicator.style.progressTintColor = try Color(parsing: "#FFFFFF")
        #expect(!(try Self.svg(indicator)).contains("prefers-color-scheme"))
        indicator.style.trackTintColor = .systemGray5
        let svg = try Self.svg(indicator)
        #expect(svg.contains("{stroke:#2C2C2E}"))
        #expect(!svg.contains("{stroke:#000000}"))
    }

    // MARK: Line width of small shapes

    @Test(arguments: [
        (ProgressShape.ring, 16.0, 16.0, 2.0), (.ring, 96, 96, 12), (.ring, 256, 256, 12), (.ring, 48, 200, 6),
        (.gauge, 40, 40, 5), (.semicircle, 64, 16, 4), (.bar, 16, 4, 2), (.bar, 120, 4, 4),
    ])
    func defaultLineWidthScalesBelowTheDefaultSize(
        shape: ProgressShape, width: Double, height: Double, expected: Double
    ) {
        #expect(shape.defaultLineWidth(width: width, height: height) == expected)
    }

    @Test func defaultSizesKeepTheirWidth() {
        #expect(ProgressShape.ring.defaultLineWidth(width: nil, height: nil) == 12)
        #expect(ProgressShape.bar.defaultLineWidth(width: nil, height: nil) == 4)
        #expect(ProgressShape.ring.defaultLineWidth(width: 40, height: 40, padding: 10) == 2.5)
    }

    /// A 16-point ring at 70 % shows its hole, its track and its progress: the 2-point stroke on
    /// a circle of radius 7 (the centre line), at 4 pixels a point.
    @Test func aSixteenPointRingShowsTrackAndProgress() throws {
        var indicator = ProgressIndicator(shape: .ring)
        indicator.width = 16
        indicator.height = 16
        indicator.scale = 4
        indicator.progress = 0.7
        let image = try indicator.scene().renderImage()
        #expect(image[32, 32].alpha == 0)  // the hole
        #expect(image[60, 32] == (0, 0x7A, 0xFF, 255))  // 3 o'clock: progress
        #expect(image[4, 32] == (0xE5, 0xE5, 0xEA, 255))  // 9 o'clock (75 %): track
    }

    // MARK: hsl()

    @Test(arguments: [
        ("hsl(120, 100%, 25%)", Color(red8: 0, green8: 0x80, blue8: 0)),
        ("hsl(0 100% 50%)", Color(red8: 0xFF, green8: 0, blue8: 0)),
        ("hsla(240, 100%, 50%, 0.5)", Color(red: 0, green: 0, blue: 1, alpha: 0.5)),
        ("hsl(0.5turn 100% 50% / 25%)", Color(red: 0, green: 1, blue: 1, alpha: 0.25)),
        ("hsl(-120deg, 100%, 50%)", Color(red8: 0, green8: 0, blue8: 0xFF)),
        ("HSL(60, 100%, 50%)", Color(red8: 0xFF, green8: 0xFF, blue8: 0)),
        ("hsl(0, 0%, 100%)", Color.white),
    ])
    func parsesHSL(text: String, expected: Color) throws {
        let color = try Color(parsing: text)
        #expect(color.hexString == expected.hexString)
        #expect(!color.isDynamic)
    }
}

/// Labels that do not fit their room: shrunk to at most half their size, then ellipsized, each
/// with a warning.
@Suite struct LabelFittingTests {
    static func indicator(_ shape: ProgressShape, _ template: String, position: LabelPosition? = nil) throws
        -> ProgressIndicator
    {
        var indicator = ProgressIndicator(shape: shape)
        indicator.progress = 0.42
        indicator.label = ProgressLabel(
            template: try LabelTemplate(parsing: template), state: try ProgressState(fraction: 0.42),
            position: position)
        return indicator
    }

    @Test func aLabelThatFitsIsLeftAlone() throws {
        let layout = try Self.indicator(.ring, "percent").layout()
        #expect(layout.warnings.isEmpty)
        #expect(layout.label?.font == .default)
    }

    /// The issue's ring: the label is shrunk until it fits inside the ring's hole (256 less two
    /// 12-point strokes and two 6-point gaps: 220 points).
    @Test func aLongLabelInARingIsShrunkToItsHole() throws {
        let layout = try Self.indicator(.ring, "Uploading holiday-photos-2026-final.zip {percent}").layout()
        let warnings = layout.warnings.map(\.description)
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("the label does not fit at 12 points and is drawn at ") == true)
        let scene = try layout.scene(progress: 0.42)
        guard case .text(let text)? = scene.layers.last else {
            Issue.record("no label layer")
            return
        }
        #expect(text.layout.text == "Uploading holiday-photos-2026-final.zip 42%")
        #expect(text.layout.width <= 220)
        #expect(text.layout.font.size < 12 && text.layout.font.size >= 6)
        // Inside the hole: clear of the stroke on both sides.
        #expect(text.origin.x >= 18 && text.origin.x + text.layout.width <= 256 - 18)
    }

    /// The issue's bar: beside a 120-point bar the label has half the canvas; at 8 points it
    /// still does not fit, so it is cut with an ellipsis, and the bar keeps its half.
    @Test func aLabelBesideAFixedBarIsShrunkThenEllipsized() throws {
        var indicator = try Self.indicator(.bar, "A very long label that does not fit {percent}", position: .trailing)
        indicator.width = 120
        let layout = try indicator.layout()
        #expect(layout.warnings.count == 2)
        #expect(layout.warnings.first?.description == "the label does not fit at 12 points and is drawn at 8")
        guard case .labelEllipsized(let text, let shown)? = layout.warnings.last?.kind else {
            Issue.record("\(layout.warnings)")
            return
        }
        #expect(text == "A very long label that does not fit 42%")
        #expect(shown.hasPrefix("A very") && shown.hasSuffix("…") && shown.count < text.count)
        let scene = try layout.scene(progress: 0.42)
        guard case .text(let label)? = scene.layers.last else {
            Issue.record("no label layer")
            return
        }
        #expect(label.layout.text == shown)
        #expect(label.layout.width <= 56)  // 120 / 2 less the 4-point gap
        #expect(layout.content.width >= 56)  // the bar keeps the rest
    }
}
