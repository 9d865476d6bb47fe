import Foundation
import PBRendering
import PBTestSupport
import Testing

/// SVG documents drawn by pbrender as SVG, shown by Chromium: each example document
/// (`Examples/*.svg`) in each order at several progress values, with its fills (gradients among
/// them) at the end, looks like pbrender's own PNG of it within the browser bound of issue 9, and
/// a logo whose gradients are the whole picture matches too. Live, one `--progress` set by the
/// page moves every element as the order spreads it; animated, the CSS animation shows at each
/// moment what the PNG of that moment's progress shows.
@Suite struct DocumentWebSVGOracleTests {
    /// The example documents, `Examples/*.svg`, sorted.
    static let documents: [String] = {
        let folder = Oracle.root.appendingPathComponent("Examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".svg") }.sorted().map { folder.appendingPathComponent($0).path }
    }()

    /// A logo of gradients only: a bounding-box linear fill turned by `gradientTransform`, a
    /// user-space radial fill with a focus and `reflect`, and a gradient stroke under a skew.
    static let gradients = """
        <svg xmlns="http://www.w3.org/2000/svg" width="160" height="120">
          <defs>
            <linearGradient id="a" gradientTransform="rotate(30 .5 .5)"><stop offset="0" stop-color="#e63946"/><stop offset="1" stop-color="#457b9d"/></linearGradient>
            <radialGradient id="b" gradientUnits="userSpaceOnUse" cx="110" cy="60" r="18" fx="104" fy="52" spreadMethod="reflect"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#2a9d8f" stop-opacity="0.7"/></radialGradient>
          </defs>
          <rect x="10" y="20" width="60" height="80" rx="8" fill="url(#a)" stroke="#1d3557" stroke-width="3"/>
          <circle cx="110" cy="60" r="36" fill="url(#b)"/>
          <g transform="translate(20 0) skewX(-20)"><rect x="70" y="100" width="60" height="10" fill="none" stroke="url(#a)" stroke-width="4"/></g>
        </svg>
        """

    @Test func exampleDocumentsInEveryOrderMatchTheirPNGsInChromium() throws {
        #expect(Self.documents.count >= 2, "Examples/check.svg and Examples/landscape.svg")
        var cases: [(name: String, arguments: [String])] = []
        for document in Self.documents {
            for order in ["sequence", "together", "delayed"] {
                for progress in ["0.3", "0.7", "1"] {
                    cases.append(
                        (
                            "\(URL(fileURLWithPath: document).lastPathComponent) \(order) at \(progress)",
                            ["--path", document, "--order", order, "--fills", "at-end", "--progress", progress]
                        ))
                }
            }
        }
        let folder = try ScratchFolder()
        let file = folder("gradients.svg")
        try Self.gradients.write(toFile: file, atomically: true, encoding: .utf8)
        for progress in ["0.5", "1"] {
            cases.append(("gradients at \(progress)", ["--path", file, "--fills", "always", "--progress", progress]))
        }
        var items: [BrowserItem] = []
        var pngs: [RGBAImage] = []
        for (_, arguments) in cases {
            let png = try Oracle.png(arguments)
            items.append(.image(svg: try Oracle.svg(arguments), width: png.width, height: png.height))
            pngs.append(png)
        }
        let pictures = try Browser.shared.render(items)
        var worst = Oracle.Worst()
        for (index, (name, _)) in cases.enumerated() {
            worst.note(Oracle.expectMatch(pictures[index], pngs[index], name), name)
        }
        print("Chromium vs PNG, example documents: \(worst)")
        // The comparison can fail: each document's SVG at 0.3 against its PNG at 0.7 in each order.
        for index in stride(from: 0, to: Self.documents.count * 9, by: 3) {
            Oracle.expectMismatch(pictures[index], pngs[index + 1], "\(cases[index].name) against 0.7")
        }
    }

    @Test func liveAndAnimatedDocumentsMatchThePNGsOfTheirProgressInChromium() throws {
        // The examples, and filled icons with no strokes (outlined while they draw, their fills
        // alone at 1). Not bootstrap's alarm or bicycle: their rings are subpaths whose outlines'
        // edges meet, which the PNG strokes as one path and a live SVG as several (a dash each),
        // so their antialiased edges blend twice along the seams (1.5 % of painted pixels at 96
        // points).
        let icons = ["house-fill", "github"].map { "/usr/share/bootstrap-icons/svg/\($0).svg" }
        var names: [String] = []
        var items: [BrowserItem] = []
        var pngs: [RGBAImage] = []
        var animations: [Moment] = []
        for document in Self.documents + icons {
            let name = URL(fileURLWithPath: document).lastPathComponent
            for order in ["sequence", "together", "delayed"] {
                // Fills at the end: shown by CSS when the value reaches 1.
                let size = icons.contains(document) ? ["--size", "96"] : []
                let arguments = ["--path", document, "--order", order, "--fills", "at-end"] + size
                let live = try Oracle.svg(arguments + ["--progress", "0.5", "--live"])
                let (width, height) = try Oracle.size(ofSVG: live)
                // The page's value; nil: the file's own (0.5).
                for value in [0, 0.15, 0.4, 0.5, 0.85, 1, nil] as [Double?] {
                    names.append("\(name) \(order) live at \(value.map { "\($0)" } ?? "its own 0.5")")
                    let style = value.map { "--progress: \($0)" } ?? ""
                    items.append(.inline(svg: live, width: width, height: height, style: style))
                    pngs.append(try Oracle.png(arguments + ["--progress", "\(value ?? 0.5)"]))
                }
                animations += try Self.moments(
                    arguments, name: "\(name) \(order)", width: width, height: height, times: [0.3, 1.1, 1.7, 2.5])
            }
        }
        let pictures = try Self.expectLiveAndAnimatedMatch(
            names: names, items: items, pngs: pngs, animations: animations, what: "live and animated documents")
        // The comparison can fail: each live picture at 0.4 against the PNG at 0.5 (7 items an order).
        for index in stride(from: 2, to: names.count, by: 7) {
            Oracle.expectMismatch(pictures[index], pngs[index + 1], "\(names[index]) against 0.5")
        }
    }

    /// Translucent elements (a circle at half opacity, two subpaths of one element, a polyline
    /// with both stroke and element opacity) for the orders' live strokes.
    static let translucent = """
        <svg xmlns="http://www.w3.org/2000/svg" width="160" height="120">
          <circle cx="40" cy="40" r="25" fill="none" stroke="#e63946" stroke-width="6" opacity="0.5"/>
          <path d="M80 20 L140 20 M80 40 L140 60" fill="none" stroke="#457b9d" stroke-width="5" stroke-linecap="round"/>
          <polyline points="10,100 60,80 110,110 150,90" fill="none" stroke="#2a9d8f" stroke-width="4" stroke-opacity="0.8" opacity="0.6" stroke-linejoin="round"/>
        </svg>
        """

    @Test func translucentElementsAndADelayOfOneLiveAndAnimatedMatchThePNGsInChromium() throws {
        let folder = try ScratchFolder()
        let file = folder("translucent.svg")
        try Self.translucent.write(toFile: file, atomically: true, encoding: .utf8)
        var names: [String] = []
        var items: [BrowserItem] = []
        var pngs: [RGBAImage] = []
        var animations: [Moment] = []
        let orders = [["--order", "sequence"], ["--order", "together"], ["--delay", "0.5"], ["--delay", "1"]]
        for order in orders {
            let arguments = ["--path", file] + order
            let live = try Oracle.svg(arguments + ["--progress", "0.5", "--live"])
            let (width, height) = try Oracle.size(ofSVG: live)
            // With a delay of 1 the elements appear whole at above 0, at 0.5 and at 1.
            for value in [0, 0.2, 0.5, 0.75, 1] {
                names.append("\(order.joined(separator: " ")) live at \(value)")
                items.append(.inline(svg: live, width: width, height: height, style: "--progress: \(value)"))
                pngs.append(try Oracle.png(arguments + ["--progress", "\(value)"]))
            }
            animations += try Self.moments(
                arguments, name: order.joined(separator: " "), width: width, height: height, times: [0.5, 1.2, 2.5])
        }
        let pictures = try Self.expectLiveAndAnimatedMatch(
            names: names, items: items, pngs: pngs, animations: animations,
            what: "translucent and delay-1 documents")
        // The comparison can fail: each live picture at 0.5 against the PNG at 0.2, and with a
        // delay of 1, at 0.75 against 1 (the circle and path shown, the polyline not yet).
        for index in stride(from: 2, to: names.count, by: 5) {
            Oracle.expectMismatch(pictures[index], pngs[index - 1], "\(names[index]) against 0.2")
        }
        Oracle.expectMismatch(
            pictures[18], try Oracle.png(["--path", file, "--delay", "1", "--progress", "1"]),
            "delay 1 at 0.75 against 1")
    }
    /// One picture to compare: its name, what Chromium shows, and pbrender's PNG of it.
    typealias Moment = (name: String, item: BrowserItem, png: RGBAImage)

    /// The animated SVG of `arguments` over 2 s, linear (at t seconds the progress is t / 2,
    /// then 1), at each of `times`, with the PNG of that moment's progress.
    static func moments(
        _ arguments: [String], name: String, width: Int, height: Int, times: [Double]
    ) throws -> [Moment] {
        let animated = try Oracle.svg(arguments + ["--animate-to", "1", "--duration", "2", "--timing", "linear"])
        return try times.map { time in
            (
                "\(name) animated at \(time) s", .inline(svg: animated, width: width, height: height, time: time),
                try Oracle.png(arguments + ["--progress", "\(min(time / 2, 1))"])
            )
        }
    }

    /// Shows the live items and the animations' moments in Chromium (on two pages: an animated
    /// SVG registers `--progress`, initial value 0, for its whole page, where a live SVG's own
    /// value would no longer show), expects each like its PNG, prints the worst as `what`, and
    /// returns the live pictures.
    static func expectLiveAndAnimatedMatch(
        names: [String], items: [BrowserItem], pngs: [RGBAImage], animations: [Moment], what: String
    ) throws -> [RGBAImage] {
        let pictures = try Browser.shared.render(items)
        let moments = try Browser.shared.render(animations.map(\.item))
        var worst = Oracle.Worst()
        for index in names.indices {
            worst.note(Oracle.expectMatch(pictures[index], pngs[index], names[index]), names[index])
        }
        for (picture, animation) in zip(moments, animations) {
            worst.note(Oracle.expectMatch(picture, animation.png, animation.name), animation.name)
        }
        print("Chromium vs PNG, \(what): \(worst)")
        return pictures
    }
}
