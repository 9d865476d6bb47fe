import Foundation
import PBRendering
import PBTestSupport
import Testing

/// Real artwork no other test reads, from two Debian icon themes: Papirus' app icons (filled
/// shapes, translucent shadows in `style` attributes, no strokes: outlined while they draw) and
/// GNOME's Adwaita symbolic icons (one path of many subpaths, arcs and `s` curves). At 0.25, 0.5
/// and 0.75 in each order, pbrender's own SVG of each icon, shown by Chromium, looks like its PNG
/// within the browser bound; live, one `--progress` set by the page does too.
@Suite struct ArtworkOracleTests {
    @Test func iconsInEveryOrderMatchTheirPNGsInChromiumStillAndLive() throws {
        let icons = try artworkIconSample().map(\.path)
        #expect(icons.count >= 15)
        var names: [String] = []
        var items: [BrowserItem] = []
        var pngs: [RGBAImage] = []
        for icon in icons {
            let name = icon.split(separator: "/").suffix(2).joined(separator: "/")
            for order in ["sequence", "together", "delayed"] {
                let arguments = ["--path", icon, "--order", order, "--fills", "at-end", "--size", "96"]
                let live = try Oracle.svg(arguments + ["--progress", "0.5", "--live"])
                for progress in ["0.25", "0.5", "0.75"] {
                    let png = try Oracle.png(arguments + ["--progress", progress])
                    names.append("\(name) \(order) at \(progress)")
                    items.append(
                        .image(
                            svg: try Oracle.svg(arguments + ["--progress", progress]), width: png.width,
                            height: png.height))
                    pngs.append(png)
                    names.append("\(name) \(order) live at \(progress)")
                    items.append(
                        .inline(svg: live, width: png.width, height: png.height, style: "--progress: \(progress)"))
                    pngs.append(png)
                }
            }
        }
        let pictures = try Browser.shared.render(items)
        var worst = Oracle.Worst()
        for index in names.indices {
            worst.note(Oracle.expectMatch(pictures[index], pngs[index], names[index]), names[index])
        }
        print("Chromium vs PNG, Papirus and Adwaita icons: \(worst)")
        // The comparison can fail: each icon's still SVG at 0.25 against its PNG at 0.75, in sequence.
        for index in stride(from: 0, to: names.count, by: 18) {
            Oracle.expectMismatch(pictures[index], pngs[index + 4], "\(names[index]) against 0.75")
        }
    }

    @Test func iconsInDarkAppearanceMatchTheirDarkPNGsInChromium() throws {
        // Outlines (the icons have no strokes) in the progress colour over a track, each of its own
        // colour in dark appearance: the SVG's dark rule sets them, as --appearance dark draws them.
        let colors = [
            "--progress-color", "#0000FF", "--dark-progress-color", "#FFCC00", "--track-color", "#DDDDDD",
            "--dark-track-color", "#333333",
        ]
        var items: [BrowserItem] = []
        var pngs: [(light: RGBAImage, dark: RGBAImage)] = []
        let icons = try artworkIconSample().map(\.path)
        for icon in icons {
            let arguments = ["--path", icon, "--fills", "at-end", "--size", "96", "--progress", "0.5"] + colors
            let light = try Oracle.png(arguments)
            pngs.append((light, try Oracle.png(arguments + ["--appearance", "dark"])))
            items.append(.image(svg: try Oracle.svg(arguments), width: light.width, height: light.height))
        }
        let dark = try Browser.shared.render(items, options: .dark)
        var worst = Oracle.Worst()
        for (index, icon) in icons.enumerated() {
            worst.note(Oracle.expectMatch(dark[index], pngs[index].dark, "\(icon), dark"), icon)
            // The comparison can fail: the dark picture against the light PNG.
            Oracle.expectMismatch(dark[index], pngs[index].light, "\(icon) dark against light")
        }
        print("Chromium vs PNG, Papirus and Adwaita icons in dark appearance: \(worst)")
    }
}
