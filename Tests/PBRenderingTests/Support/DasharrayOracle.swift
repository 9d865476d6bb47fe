import PBGeometry
import PBRendering

/// The SVG an independent renderer draws for a scene: the track is the whole path; the
/// progress is each subpath again, with a `stroke-dasharray` of one dash as long as the part
/// of it the progress covers (measured lengths, since rsvg ignores `pathLength`). SVG restarts
/// dashes at each subpath and caps dash ends, as pbrender caps trimmed ends.
enum DasharrayOracle {
    static func svg(for scene: ProgressScene) -> String {
        let style = scene.style
        func attributes(_ color: Color, width: Double) -> String {
            "fill=\"none\" stroke=\"\(color.hexString.prefix(7))\" stroke-opacity=\"\(color.alpha)\" "
                + "stroke-width=\"\(width)\" stroke-linecap=\"\(style.lineCap.rawValue)\" "
                + "stroke-linejoin=\"\(style.lineJoin.rawValue)\" stroke-miterlimit=\"\(style.miterLimit)\""
        }
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(scene.width)" height="\(scene.height)" \
            viewBox="0 0 \(scene.width) \(scene.height)">
            <path d="\(scene.path.svgPathData)" \(attributes(style.trackTintColor, width: style.effectiveTrackWidth))/>

            """
        let measure = scene.measure
        let end = min(max(scene.progress, 0), 1) * measure.length
        var start = 0.0
        for (index, subpath) in scene.path.subpaths.enumerated() {
            let length = measure.subpathLengths[index]
            let visible = min(max(end - start, 0), length)
            start += length
            guard visible > 0 else { continue }
            let data = Path(subpaths: [subpath]).svgPathData
            let dash =
                visible >= length && subpath.isClosed ? "" : " stroke-dasharray=\"\(visible) \(length * 2 + 10)\""
            out += "<path d=\"\(data)\" \(attributes(style.progressTintColor, width: style.lineWidth))\(dash)/>\n"
        }
        return out + "</svg>\n"
    }
}
