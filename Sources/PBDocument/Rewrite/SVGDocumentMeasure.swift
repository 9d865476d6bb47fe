import PBGeometry

/// A document with each element's path measured once, on the canvas and, where the element's
/// transform does not keep shapes (a skew, a non-uniform scale), in its own user space: what
/// ``rewritten(_:)`` maps the progress's cuts with, frame after frame.
public struct SVGDocumentMeasure: Sendable {
    /// The document.
    public let document: SVGDocument
    /// Each element's path on the canvas, measured.
    public let measures: [PathMeasure]
    /// Each element's path in its own user space, measured where the transform is not a
    /// similarity (`nil` where a length on the canvas is the length in user space times the
    /// transform's scale).
    let localMeasures: [PathMeasure?]

    /// Measures every element of `document`.
    ///
    /// - Complexity: O(n) in the total number of path segments (twice for elements under a skew
    ///   or a non-uniform scale).
    public init(_ document: SVGDocument) {
        self.document = document
        measures = document.elements.map { PathMeasure($0.path) }
        localMeasures = document.elements.map { element in
            element.transform.isConformal() ? nil : PathMeasure(element.localPath)
        }
    }

    /// The document rewritten for `appearance`: the same document, its root sized to the
    /// canvas, with each element's visible part written as its own `stroke-dasharray` and
    /// `stroke-dashoffset` (its own dash pattern kept where it was, cut to the part), fills,
    /// markers and content shown or hidden, the progress's outlines and tracks added, each `<use>`
    /// drawn from a copy of its own, and everything unsafe left out (`DocumentSafety`). librsvg
    /// draws it, and a browser draws the same.
    ///
    /// - Complexity: O(n) in the size of the document and of the copies its `<use>`s need.
    public func rewritten(_ appearance: SVGDocumentAppearance) -> String {
        var rewriter = DocumentRewriter(measure: self, appearance: appearance)
        return rewriter.write()
    }

    /// Why the document cannot follow a page's value for `appearance` (a live or animated SVG),
    /// or `nil` when it can: each element moves by a dash measured in its own user space, so an
    /// element needs a map (one value, no offset), a transform that scales lengths evenly, and no
    /// dash pattern of its own. Written to follow "a live SVG" or "an animated SVG".
    public func liveProblem(_ appearance: SVGDocumentAppearance) -> String? {
        for (index, element) in document.elements.enumerated() {
            let tag = "<\(element.tag)>\(element.line > 0 ? " (line \(element.line))" : "")"
            guard appearance.elements[index].live != nil else {
                return "moves every element by one value from its start, and this progress has an offset"
            }
            if localMeasures[index] != nil {
                return "reveals each element with a dash measured in its own space, and \(tag) is skewed or scaled "
                    + "unevenly, so its lengths there do not follow the canvas's"
            }
            let dashed =
                appearance.overrides.contains(.dash)
                ? !appearance.progress.dash.isEmpty : element.style.hasStroke && !element.style.dashArray.isEmpty
            if dashed {
                return "moves the progress with a dash, so \(tag) cannot keep a dash pattern"
            }
        }
        return nil
    }

    /// The visible stretches of element `index`'s stroke for `parts`, by subpath: lengths from each
    /// subpath's start in the element's own user space, merged and sorted; a subpath shown whole
    /// is marked so (a closed one keeps the join at its seam).
    ///
    /// - Complexity: O(k log k) in the pieces, plus an inverse arc length and an arc length at
    ///   each cut.
    func stretches(_ index: Int, parts: [SVGDocumentAppearance.Part], scope: TrimScope) -> [Int: [DashWindow.Interval]]
    {
        let measure = measures[index]
        let element = document.elements[index]
        let scale = abs(element.transform.determinant).squareRoot()
        var bySubpath: [Int: [DashWindow.Interval]] = [:]
        for part in parts {
            guard
                let pieces = try? measure.trimmedPieces(
                    from: part.start, to: part.end, offset: part.offset, scope: scope)
            else { continue }
            for piece in pieces {
                let subpath = piece.sourceIndex
                let canvasLength = measure.subpathLengths[subpath]
                let start = piece.sourceDistance
                // A piece through a closed subpath's seam ends before it starts.
                var length = piece.distances.end - piece.distances.start
                if length < 0 { length += measure.length }
                let end = start + length
                let ranges: [(Double, Double)] =
                    end > canvasLength ? [(start, canvasLength), (0, end - canvasLength)] : [(start, end)]
                for (from, to) in ranges {
                    bySubpath[subpath, default: []].append(
                        (
                            local(from, subpath: subpath, index, scale: scale),
                            local(to, subpath: subpath, index, scale: scale)
                        ))
                }
            }
        }
        return bySubpath.mapValues(DashWindow.merged)
    }

    /// A length along subpath `subpath` of element `index` on the canvas, in its user space.
    func local(_ distance: Double, subpath: Int, _ index: Int, scale: Double) -> Double {
        let canvasLength = measures[index].subpathLengths[subpath]
        guard let localMeasure = localMeasures[index] else {
            // A similarity: lengths scale by √|det|; the ends map exactly.
            if distance >= canvasLength { return localLength(subpath, index, scale: scale) }
            return scale > 0 ? distance / scale : 0
        }
        if distance >= canvasLength { return localMeasure.subpathLengths[subpath] }
        if distance <= 0 { return 0 }
        guard let place = measures[index].place(alongSubpath: subpath, atDistance: distance) else { return 0 }
        return localMeasure.distance(alongSubpath: subpath, to: place)
    }

    /// The length of subpath `subpath` of element `index` in its user space.
    func localLength(_ subpath: Int, _ index: Int, scale: Double) -> Double {
        if let localMeasure = localMeasures[index] { return localMeasure.subpathLengths[subpath] }
        return scale > 0 ? measures[index].subpathLengths[subpath] / scale : 0
    }
}
