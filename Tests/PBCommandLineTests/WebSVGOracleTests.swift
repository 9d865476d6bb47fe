import Foundation
import PBRendering
import PBTestSupport
import Testing

/// Issue 9 ("Web-native SVG"), verified in a real browser: pbrender's SVG shown by Chromium (and
/// by rsvg-convert) against pbrender's PNG of the same scene, for every example curve file and
/// every built-in shape, at several progress values, light and dark; live SVGs driven by CSS
/// custom properties; gradients and several values.
///
/// Bounds:
/// - Chromium: at most 0.5 % of the painted pixels may lie more than 48/255 outside the other
///   picture's 3x3 neighbourhood, both ways (``NeighbourhoodComparison``, the issue's bound).
/// - rsvg-convert (librsvg draws with Cairo, as the PNG does): the plain per-pixel count
///   (``PixelComparison``), at most 0.1 % of the painted pixels more than 48/255 apart. Measured
///   here: 0 pixels in every scene, so the bound leaves room only for an antialiasing change in
///   another Cairo or librsvg version; a stroke end a pixel off changes a stroke's width of
///   pixels (12 of the default ring's ~9,200 painted, 0.13 %), and the steps ring with gaps a point longer
///   fails by far.
@Suite struct WebSVGOracleTests {
    /// The progress values every subject is drawn at.
    static let progressValues = [0, 0.25, 0.5, 0.75, 1.0]

    /// What is drawn: an example curve file (through the command line, which applies its style)
    /// or a built-in shape (through the library's layout, as the command line lays it out).
    enum Subject: Sendable {
        case example(name: String, path: String)
        case shape(ProgressShape)

        static let all: [Subject] =
            Oracle.examples.map { Subject.example(name: $0.name, path: $0.path) }
            + ProgressShape.allCases.map(Subject.shape)

        /// An example's file name (`ring.json`), a shape's name (`ring`).
        var name: String {
            switch self {
            case .example(let name, _): "\(name).json"
            case .shape(let shape): shape.rawValue
            }
        }

        /// The command line's arguments that draw it.
        var arguments: [String] {
            switch self {
            case .example(_, let path): ["--path", path]
            case .shape(let shape): ["--shape", shape.rawValue]
            }
        }

        /// Whether `--live` refuses it: a live SVG moves only its progress, with one dash, so it has
        /// no dash pattern of its own (steps-ring), no gradient along the path (activity-ring), no
        /// colour that follows the value (battery) and no label whose text follows it (percent-ring).
        var refusesLive: Bool {
            ["steps-ring.json", "activity-ring.json", "battery.json", "percent-ring.json"].contains(name)
        }

        /// Whether it has a label, whose glyphs rsvg-convert rasterizes with its own hinting
        /// (labels are compared in LabelOracleTests, by text position and ink).
        var hasLabel: Bool { name == "percent-ring.json" }
    }

    /// One scene: pbrender's SVG, and its PNG in light and in dark appearance.
    struct Rendering: Sendable {
        var name: String
        var svg: String
        var light: RGBAImage
        var dark: RGBAImage
        /// Whether its subject has a label.
        var hasLabel = false
    }

    /// `subject` at `progress`: the SVG and both PNGs (a shape's dark PNG is
    /// `Scene.appearance(.dark)`; a curve file's is `--appearance dark`, which renders that).
    static func render(_ subject: Subject, progress: Double) throws -> Rendering {
        let name = "\(subject.name) at \(progress)"
        switch subject {
        case .shape(let shape):
            var indicator = ProgressIndicator(shape: shape)
            indicator.progress = progress
            let scene = try indicator.scene()
            return Rendering(
                name: name, svg: String(decoding: try scene.svgData(), as: UTF8.self),
                light: try scene.renderImage(), dark: try scene.appearance(.dark).renderImage())
        case .example:
            let arguments = subject.arguments + ["--progress", "\(progress)"]
            return Rendering(
                name: name, svg: try Oracle.svg(arguments), light: try Oracle.png(arguments),
                dark: try Oracle.png(arguments + ["--appearance", "dark"]), hasLabel: subject.hasLabel)
        }
    }

    /// Every subject at every progress value, made once for the suite.
    static let renderings: Result<[Rendering], any Error> = Result {
        try Subject.all.flatMap { subject in try progressValues.map { try render(subject, progress: $0) } }
    }

    static func item(_ rendering: Rendering) -> BrowserItem {
        .image(svg: rendering.svg, width: rendering.light.width, height: rendering.light.height)
    }

    @Test func everyExampleAndShapeMatchesItsPNGInChromiumLightAndDark() throws {
        let renderings = try Self.renderings.get()
        #expect(renderings.count == Subject.all.count * Self.progressValues.count)
        #expect(Subject.all.count >= 14, "10 example curve files and 4 shapes")
        let items = renderings.map(Self.item)
        let light = try Browser.shared.render(items, options: .light)
        let dark = try Browser.shared.render(items, options: .dark)
        var worst = (light: Oracle.Worst(), dark: Oracle.Worst())
        for (index, rendering) in renderings.enumerated() {
            worst.light.note(
                Oracle.expectMatch(light[index], rendering.light, "\(rendering.name), light"), rendering.name)
            worst.dark.note(Oracle.expectMatch(dark[index], rendering.dark, "\(rendering.name), dark"), rendering.name)
        }
        print("Chromium vs PNG, static SVGs: light \(worst.light); dark \(worst.dark)")
        // The comparison can fail: each subject's SVG at 0.5 against its PNG at 0.75, and, where
        // the dark colours differ from the light ones, the dark picture against the light PNG.
        var darkDiffers = 0
        for subject in 0..<Subject.all.count {
            let half = subject * Self.progressValues.count + 2
            let name = renderings[half].name
            Oracle.expectMismatch(light[half], renderings[half + 1].light, "\(name) against 0.75")
            if NeighbourhoodComparison(renderings[half].light, renderings[half].dark).share > 0.05 {
                darkDiffers += 1
                Oracle.expectMismatch(dark[half], renderings[half].light, "\(name) dark against light")
            }
        }
        #expect(darkDiffers >= 10, "most subjects have dark colours of their own")
    }

    @Test func rsvgConvertShowsEveryStaticSVGAsThePNG() throws {
        let renderings = try Self.renderings.get()
        var worst = (share: 0.0, name: "none", largest: 0)
        for rendering in renderings where !rendering.hasLabel {
            let cairo = try ExternalRenderer.rsvg(rendering.svg)
            try #require(cairo.width == rendering.light.width && cairo.height == rendering.light.height)
            let count = Oracle.perPixel(cairo, rendering.light, threshold: 48)
            let share = Double(count.differing) / Double(max(count.painted, 1))
            #expect(share <= 0.001, "\(rendering.name): \(count.differing) of \(count.painted) painted pixels differ")
            if share >= worst.share { worst = (share, rendering.name, max(worst.largest, count.largest)) }
        }
        print("rsvg-convert vs PNG, per pixel: worst \(worst.share * 100) % of painted pixels (\(worst.name))")
        // The fast count is PixelComparison's.
        let sample = renderings[renderings.count / 2]
        let plain = PixelComparison(try ExternalRenderer.rsvg(sample.svg), sample.light, threshold: 48)
        let fast = Oracle.perPixel(try ExternalRenderer.rsvg(sample.svg), sample.light, threshold: 48)
        #expect(plain.differing == fast.differing && plain.largest == fast.largest)
        // A dash pattern off by a little fails the plain count: the steps ring, re-dashed.
        let steps = try #require(renderings.firstIndex { $0.name == "steps-ring.json at 0.75" })
        let redashed = renderings[steps].svg.replacingOccurrences(
            of: "stroke-dasharray=\"29.605 6\"", with: "stroke-dasharray=\"29.605 7\"")
        #expect(redashed != renderings[steps].svg)
        let wrong = Oracle.perPixel(try ExternalRenderer.rsvg(redashed), renderings[steps].light, threshold: 48)
        #expect(Double(wrong.differing) / Double(wrong.painted) > 0.01, "\(wrong.differing) of \(wrong.painted)")
    }

    /// The values a live SVG is shown at through `--progress`.
    static let liveValues = [0, 0.1, 0.25, 0.4, 0.9, 1.0]
    /// The values of a live SVG of several values, shown through `--value-1` … `--value-3`.
    static let liveValueSets: [[Double]] = [[0.1, 0.3, 0.05], [0.5, 0.2, 0.3], [0, 0.4, 0], [0.33, 0.33, 0.34]]
    /// Subjects for several values, gradients and value colours.
    static let colourSubjects = ["ring", "bar", "gauge", "heart.json", "phases.json", "curved-bar.json"]

    static func subject(named name: String) throws -> Subject {
        try #require(Subject.all.first { $0.name == name })
    }

    /// One comparison to make in the browser: an item, and the PNGs it should look like.
    struct Check {
        var name: String
        var item: BrowserItem
        var light: RGBAImage
        /// The dark PNG, for the checks also shown in dark appearance.
        var dark: RGBAImage?
    }

    /// The light PNG, and the dark one when `dark`.
    static func pngs(_ arguments: [String], dark: Bool = true) throws -> (light: RGBAImage, dark: RGBAImage?) {
        (try Oracle.png(arguments), dark ? try Oracle.png(arguments + ["--appearance", "dark"]) : nil)
    }

    @Test func liveSVGsGradientsAndSeveralValuesMatchTheirPNGsInChromium() throws {
        // The PNGs at the static values come from the static suite's renderings.
        let renderings = try Self.renderings.get()
        func pngs(_ subject: Subject, _ value: Double, dark: Bool) throws -> (light: RGBAImage, dark: RGBAImage?) {
            if let known = renderings.first(where: { $0.name == "\(subject.name) at \(value)" }) {
                return (known.light, dark ? known.dark : nil)
            }
            return try Self.pngs(subject.arguments + ["--progress", "\(value)"], dark: dark)
        }
        var checks: [Check] = []
        for subject in Subject.all where !subject.refusesLive {
            let live = try Oracle.svg(subject.arguments + ["--progress", "0.5", "--live"])
            let (width, height) = try Oracle.size(ofSVG: live)
            // Dark at one of the values (the dark colours are one rule, whatever the value).
            for value in Self.liveValues {
                let (light, dark) = try pngs(subject, value, dark: value == 0.4)
                checks.append(
                    Check(
                        name: "\(subject.name) live, --progress: \(value)",
                        item: .inline(svg: live, width: width, height: height, style: "--progress: \(value)"),
                        light: light, dark: dark))
            }
            // Without the property the file's own value shows.
            let (light, dark) = try pngs(subject, 0.5, dark: true)
            checks.append(
                Check(
                    name: "\(subject.name) live, own value", item: .inline(svg: live, width: width, height: height),
                    light: light, dark: dark))
        }
        var liveValueChecks: [Check] = []
        for name in Self.colourSubjects {
            let arguments = try Self.subject(named: name).arguments
            // Several values, live.
            let live = try Oracle.svg(arguments + ["--values", "0.2,0.15,0.1", "--live"])
            let (width, height) = try Oracle.size(ofSVG: live)
            for values in Self.liveValueSets {
                let style = values.enumerated().map { "--value-\($0 + 1): \($1)" }.joined(separator: "; ")
                let list = values.map { "\($0)" }.joined(separator: ",")
                let (light, dark) = try Self.pngs(
                    arguments + ["--values", list], dark: values == Self.liveValueSets[0])
                liveValueChecks.append(
                    Check(
                        name: "\(name) live values \(list)",
                        item: .inline(svg: live, width: width, height: height, style: style), light: light, dark: dark))
            }
            // Static: several values, gradients along the progress and the track.
            var variants: [[String]] = [
                ["--values", "0.2,0.15,0.1"], ["--values", "0.5,0.3,0.2", "--value-colors", "#34C759,#FF9500,#FF3B30"],
                ["--progress", "1", "--track-gradient", "#E5E5EA,#8E8E93,#1C1C1E"],
            ]
            for progress in ["0.3", "0.7", "1"] {
                variants.append(["--progress", progress, "--progress-gradient", "#FF3B30,#FFCC00,#34C759"])
            }
            for (index, variant) in variants.enumerated() {
                let svg = try Oracle.svg(arguments + variant)
                let (width, height) = try Oracle.size(ofSVG: svg)
                // Dark for several values, the track gradient and a progress gradient.
                let (light, dark) = try Self.pngs(arguments + variant, dark: [0, 2, 4].contains(index))
                checks.append(
                    Check(
                        name: "\(name) \(variant.joined(separator: " "))",
                        item: .image(svg: svg, width: width, height: height), light: light, dark: dark))
            }
        }
        let all = checks + liveValueChecks
        let light = try Browser.shared.render(all.map(\.item), options: .light)
        // The dark batch: the checks with a dark PNG, by their index in `all`.
        let darkIndices = all.indices.filter { all[$0].dark != nil }
        let shownDark = try Browser.shared.render(darkIndices.map { all[$0].item }, options: .dark)
        var dark: [Int: RGBAImage] = [:]
        for (position, index) in darkIndices.enumerated() { dark[index] = shownDark[position] }
        var worst = (light: Oracle.Worst(), dark: Oracle.Worst())
        for (index, check) in checks.enumerated() {
            worst.light.note(Oracle.expectMatch(light[index], check.light, "\(check.name), light"), check.name)
            if let png = check.dark, let shown = dark[index] {
                worst.dark.note(Oracle.expectMatch(shown, png, "\(check.name), dark"), check.name)
            }
        }
        print("Chromium vs PNG, live and static values and gradients: light \(worst.light); dark \(worst.dark)")
        // Several values live: each value its own dash, the caps dots in the colours of the values
        // that end the run (SVGWriter+LiveValues.swift), so no colour shows through another's edge.
        // Known: where a boundary between two values falls on a corner (the heart's bottom tip at
        // 0.5, and its seam, the top dip, when the values fill it), the two butt ends leave the join's outer wedge bare, which the PNG's one stroke
        // fills (a page wanting that exact picture uses the static SVG).
        let cornerBoundary = "heart.json live values 0.5,0.2,0.3"
        var valuesWorst = Oracle.Worst()
        for (offset, check) in liveValueChecks.enumerated() {
            let index = checks.count + offset
            withKnownIssue("a value boundary on a corner has no join") {
                valuesWorst.note(Oracle.expectMatch(light[index], check.light, "\(check.name), light"), check.name)
                if let png = check.dark, let shown = dark[index] {
                    valuesWorst.note(Oracle.expectMatch(shown, png, "\(check.name), dark"), check.name)
                }
            } when: {
                check.name == cornerBoundary
            }
        }
        print("Chromium vs PNG, live several values: \(valuesWorst)")

        // The checks can fail: a live ring at 0.4 against the PNG at 0.43 (3 % of the 256-point
        // ring is 23 px of arc), live values against other values, a gradient reversed.
        let ring = try Self.subject(named: "ring").arguments
        let liveRing = try #require(checks.firstIndex { $0.name == "ring live, --progress: 0.4" })
        Oracle.expectMismatch(light[liveRing], try Oracle.png(ring + ["--progress", "0.43"]), "ring live 0.4 vs 0.43")
        let liveValues = try #require(liveValueChecks.firstIndex { $0.name == "ring live values 0.1,0.3,0.05" })
        Oracle.expectMismatch(
            light[checks.count + liveValues], try Oracle.png(ring + ["--values", "0.1,0.4,0.05"]),
            "ring live values vs others")
        let gradient = try #require(checks.firstIndex { $0.name.hasPrefix("ring --progress 0.7 --progress-gradient") })
        Oracle.expectMismatch(
            light[gradient],
            try Oracle.png(ring + ["--progress", "0.7", "--progress-gradient", "#34C759,#FFCC00,#FF3B30"]),
            "ring gradient reversed")
    }

    @Test(arguments: [
        ("steps-ring.json", "cannot have a dash pattern"), ("activity-ring.json", "not a path gradient"),
        ("battery.json", "this one's colour follows its value"),
        ("percent-ring.json", "this label's text or place follows the value"),
    ])
    func aLiveSVGRefusesWhatItCannotMove(example: String, reason: String) throws {
        let arguments = try Self.subject(named: example).arguments
        let result = Oracle.result(arguments + ["--progress", "0.5", "--live", "-o", "-", "--format", "svg"])
        #expect(result.exitCode == 2)
        #expect(result.error.contains("option '--live' does not apply here: a live SVG"), "\(result.error)")
        #expect(result.error.contains(reason), "\(result.error)")
        #expect(result.output.isEmpty)
    }

    /// A label of fixed text is no reason to refuse: it stays where it is while the progress moves.
    @Test func aLiveSVGKeepsALabelOfFixedText() throws {
        let live = try Oracle.svg(["--shape", "ring", "--progress", "0.5", "--label", "Syncing", "--live"])
        #expect(live.contains(">Syncing</text>"), "\(live)")
        #expect(live.contains("var(--progress, 0.5)"), "\(live)")
    }
}
