import PBGeometry
import PBRendering

/// The SVG an independent renderer draws for a scene of stroked shape layers: a layer drawn
/// whole is its path; a trimmed one (from its start to `strokeEnd`) is each subpath again, with
/// a `stroke-dasharray` of one dash as long as the part of it the layer covers (measured
/// lengths, since rsvg ignores `pathLength`). SVG restarts dashes at each subpath and caps dash
/// ends, as pbrender caps trimmed ends.
enum DasharrayOracle {
    static func svg(for scene: Scene) -> String {
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(scene.width)" height="\(scene.height)" \
            viewBox="0 0 \(scene.width) \(scene.height)">

            """
        for case .shape(let layer) in scene.layers {
            guard let stroke = layer.stroke, case .color(let color) = layer.strokePaint else {
                preconditionFailure("the oracle draws solid strokes only")
            }
            precondition(layer.strokeStart == 0 && layer.fillPaint == nil && layer.opacity == 1, "not drawn here")
            let attributes =
                "fill=\"none\" stroke=\"\(color.hexString.prefix(7))\" stroke-opacity=\"\(color.alpha)\" "
                + "stroke-width=\"\(stroke.lineWidth)\" stroke-linecap=\"\(stroke.lineCap.rawValue)\" "
                + "stroke-linejoin=\"\(stroke.lineJoin.rawValue)\" stroke-miterlimit=\"\(stroke.miterLimit)\""
            let measure = layer.path
            guard layer.strokeEnd < 1 else {
                out += "<path d=\"\(measure.path.svgPathData)\" \(attributes)/>\n"
                continue
            }
            let end = max(layer.strokeEnd, 0) * measure.length
            var start = 0.0
            for (index, subpath) in measure.subpaths.enumerated() {
                let length = measure.subpathLengths[index]
                let visible = min(max(end - start, 0), length)
                start += length
                guard visible > 0 else { continue }
                let data = Path(elements: subpath.pathElements).svgPathData
                // A closed subpath kept whole stays closed: joined at its seam, with no dash.
                let dash =
                    visible >= length && subpath.isClosed ? "" : " stroke-dasharray=\"\(visible) \(length * 2 + 10)\""
                out += "<path d=\"\(data)\" \(attributes)\(dash)/>\n"
            }
        }
        return out + "</svg>\n"
    }
}
