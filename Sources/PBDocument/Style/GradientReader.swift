import PBGeometry
import PBStyle

/// Reads the gradients a document's paints refer to, following `href` templates (at most
/// ``maximumChain`` deep; a cycle ends the chain where it closes).
extension DocumentReader {
    /// How many templates a gradient's `href` chain may follow.
    static let maximumChain = 16

    /// The gradient with `id`, or `nil` when there is no such gradient element.
    mutating func gradient(id: String, viewport: Size) -> SVGGradient? {
        guard let start = ids[id], isGradient(start) else { return nil }
        // The chain, from the gradient itself through its templates.
        var chain = [start]
        while chain.count < Self.maximumChain, let next = template(of: chain[chain.count - 1]),
            !chain.contains(next)
        {
            chain.append(next)
        }
        func attribute(_ name: String) -> String? {
            for index in chain { if let value = tree.elements[index].attributes[name] { return value } }
            return nil
        }
        let units =
            attribute("gradientUnits").flatMap { SVGGradient.Units(rawValue: $0.trimmingCharacters) }
            ?? .objectBoundingBox
        let spread = attribute("spreadMethod").flatMap { SVGGradient.Spread(rawValue: $0.trimmingCharacters) } ?? .pad
        let transform = attribute("gradientTransform").flatMap(TransformList.parse) ?? .identity
        func coordinate(_ name: String, _ fallback: String, _ direction: SVGLength.Direction) -> Double {
            let text = attribute(name) ?? fallback
            guard let length = try? SVGLength(parsing: text) else {
                warn("\(name)=\"\(SVGDocumentError.shortened(text))\" ignored: not a length", at: start)
                return (try? SVGLength(parsing: fallback))?.resolved(in: Size(width: 1, height: 1), direction) ?? 0
            }
            if units == .objectBoundingBox { return length.unit == "%" ? length.value / 100 : length.value }
            return length.resolved(in: viewport, direction)
        }
        let kind: SVGGradient.Kind
        if tree.elements[start].name == "linearGradient" {
            kind = .linear(
                start: Point(coordinate("x1", "0%", .horizontal), coordinate("y1", "0%", .vertical)),
                end: Point(coordinate("x2", "100%", .horizontal), coordinate("y2", "0%", .vertical)))
        } else {
            let center = Point(coordinate("cx", "50%", .horizontal), coordinate("cy", "50%", .vertical))
            let focus = Point(
                attribute("fx") == nil ? center.x : coordinate("fx", "50%", .horizontal),
                attribute("fy") == nil ? center.y : coordinate("fy", "50%", .vertical))
            kind = .radial(
                center: center, radius: coordinate("r", "50%", .other), focus: focus,
                focusRadius: coordinate("fr", "0%", .other))
        }
        // The stops: the first gradient in the chain that has any.
        var stops: [SVGGradient.Stop] = []
        for index in chain {
            stops = self.stops(of: index)
            if !stops.isEmpty { break }
        }
        return SVGGradient(kind: kind, units: units, transform: transform, spread: spread, stops: stops)
    }

    func isGradient(_ index: Int) -> Bool {
        let element = tree.elements[index]
        return element.isSVG && (element.name == "linearGradient" || element.name == "radialGradient")
    }

    /// The gradient an `href` names as a template, if it is one.
    func template(of index: Int) -> Int? {
        let attributes = tree.elements[index].attributes
        guard let reference = attributes["href"] ?? attributes["xlink:href"], reference.hasPrefix("#"),
            let target = ids[String(reference.dropFirst())], isGradient(target)
        else { return nil }
        return target
    }

    /// The `<stop>` children of a gradient: offsets clamped to `0...1` and never decreasing;
    /// `stop-color` and `stop-opacity` from attributes, the sheet and `style` (`currentColor` is
    /// the stop's `color`).
    mutating func stops(of index: Int) -> [SVGGradient.Stop] {
        var result: [SVGGradient.Stop] = []
        for case .element(let child) in tree.elements[index].children {
            let element = tree.elements[child]
            guard element.isSVG, element.name == "stop" else { continue }
            var offset = element.attributes["offset"].flatMap(StyleResolver.opacity) ?? 0
            offset = max(offset, result.last?.offset ?? 0)
            let declarations = cascade(child)
            // `color` first: `currentColor` refers to the stop's own.
            var current = Color.black
            for declaration in declarations where declaration.property == "color" {
                current = StyleResolver.color(declaration.value) ?? current
            }
            var (color, opacity) = (Color.black, 1.0)
            for declaration in declarations {
                switch declaration.property {
                case "stop-color":
                    color =
                        declaration.value.lowercased() == "currentcolor"
                        ? current : StyleResolver.color(declaration.value) ?? color
                case "stop-opacity": opacity = StyleResolver.opacity(declaration.value) ?? opacity
                default: break
                }
            }
            color.alpha *= opacity
            result.append(SVGGradient.Stop(offset: offset, color: color))
        }
        return result
    }
}
