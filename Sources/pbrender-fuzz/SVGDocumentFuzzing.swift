#if FUZZING
    import PBDocument
    import PBGeometry
    import PBRendering

    /// A whole SVG document read by PBDocument's `SVGDocument(data:fileName:)` under the default
    /// limits, then fitted to a small canvas.
    ///
    /// Checked: no crash and no hang (every bound of `SVGDocumentLimits` is checked while
    /// reading); an error is one non-empty line that starts with the file's name and its line
    /// (and, for XML that is not well-formed, its column: `icon.svg:3:14: …`); a warning is one
    /// line; a document read has a finite canvas, and every element's path (drawn and local)
    /// and the whole document's path have a finite length, before and after fitting, unless
    /// they reach beyond 1e300 (see ``checkLengths(_:_:)``); the document librsvg would draw at
    /// progress 0.5 (the rewrite) is well-formed XML that reads back, and keeps nothing unsafe
    /// (see ``checkRewrite(_:)``).
    enum SVGDocumentFuzzing {
        /// The name the document is read under, which every message must start with.
        static let fileName = "icon.svg"

        static func run(_ bytes: [UInt8]) -> Bool {
            let document: SVGDocument
            do {
                document = try SVGDocument(data: bytes, fileName: fileName)
            } catch {
                check(error)
                return true
            }
            for warning in document.warnings {
                let text = warning.description
                guard !text.isEmpty, !text.contains("\n") else {
                    fuzzFailure("a warning that is not one line: \(text.debugDescription)")
                }
            }
            let canvas = document.canvasSize
            guard canvas.width.isFinite, canvas.height.isFinite, canvas.width >= 0, canvas.height >= 0 else {
                fuzzFailure("a canvas of \(canvas)")
            }
            checkLengths(document, "read")
            checkLengths(document.fitted(to: Size(width: 64, height: 64)), "fitted to 64 x 64")
            checkRewrite(document.fitted(to: Size(width: 64, height: 64)))
            return true
        }

        /// The rewritten document at progress 0.5 reads back (a limit may refuse what its `<use>`
        /// copies add, never its XML), and holds no script, `<foreignObject>` or event handler.
        static func checkRewrite(_ document: SVGDocument) {
            var indicator = ProgressIndicator(document: document)
            indicator.progress = 0.5
            guard let scene = try? indicator.scene() else { return }
            for case .document(let layer) in scene.layers {
                let markup = layer.markup
                do {
                    _ = try SVGDocument(string: markup, fileName: fileName)
                } catch {
                    if case .notWellFormed = error.kind { fuzzFailure("the rewrite is not well-formed: \(error)") }
                }
                for unsafe in ["<script", "<foreignObject", " onload=", " onclick="] where markup.contains(unsafe) {
                    fuzzFailure("the rewrite keeps \(unsafe)")
                }
            }
        }

        /// One line, located: the file's name, then its line when the error has one, then its
        /// column when it has one; an XML error always has both.
        static func check(_ error: SVGDocumentError) {
            let text = error.description
            guard !text.isEmpty, !text.contains("\n"), !text.contains("\r") else {
                fuzzFailure("an error that is not one line: \(text.debugDescription)")
            }
            var location = fileName
            if error.line > 0 {
                location += ":\(error.line)"
                if let column = error.column { location += ":\(column)" }
            }
            guard text.hasPrefix(location + ": "), text.count > location.count + 2 else {
                fuzzFailure("an error not located as '\(location): …': \(text.debugDescription)")
            }
            if case .notWellFormed = error.kind, error.line < 1 || error.column == nil {
                fuzzFailure("an XML error without its line and column: \(text.debugDescription)")
            }
        }

        /// Every element's drawn and local path, and the document's whole path, measure finite, or
        /// infinite only when their points, control points or radii reach beyond 1e300 (PBGeometry's
        /// "too large to measure": a sum of lengths or a derivative overflows a double; the layout refuses such a path with
        /// `RenderError.pathTooLarge`, as out of Cairo's reach, or its canvas as too large, checked here). A NaN length, or an infinite one for a path
        /// of ordinary extent, fails.
        static func checkLengths(_ document: SVGDocument, _ what: String) {
            for element in document.elements {
                for (name, path) in [("path", element.path), ("local path", element.localPath)] {
                    checkLength(path, "\(what): the \(name) of <\(element.tag)> at line \(element.line)")
                }
            }
            guard checkLength(document.path, "\(what): the document's path") else { return }
            do {
                _ = try ProgressIndicator(document: document).scene()
                fuzzFailure("\(what): a path too large to measure was laid out")
            } catch {
                switch error.kind {
                // A path reaching this far needs a canvas as large, which may be refused first (found
                // by this target: 'width' gives a canvas 1.7e51 points wide); either refusal is right.
                case .pathTooLarge, .pathOutOfReach, .canvasTooLarge, .tooManyPixels: break
                default: fuzzFailure("\(what): a path too large to measure was refused with: \(error)")
                }
            }
        }

        /// Checks one path's length; returns whether it is too large to measure.
        @discardableResult
        static func checkLength(_ path: Path, _ what: String) -> Bool {
            let length = PathMeasure(path, accuracy: 1e-3).length
            if length.isFinite, length >= 0 { return false }
            let extent = extent(of: path)
            guard length == .infinity, extent > 1e300 else {
                fuzzFailure("\(what) measures \(length), its points and radii within \(extent)")
            }
            return true
        }

        /// The largest magnitude of a path's points, control points and radii (not its bounds:
        /// a curve's bounds are computed from its extrema, which extreme control points can
        /// overflow).
        static func extent(of path: Path) -> Double {
            var extent = 0.0
            func add(_ points: Point...) {
                for point in points { extent = max(extent, abs(point.x), abs(point.y)) }
            }
            for element in path.elements {
                switch element {
                case .move(let point), .line(let point): add(point)
                case .quadCurve(let point, let control): add(point, control)
                case .curve(let point, let control1, let control2): add(point, control1, control2)
                case .svgArc(let arc):
                    add(arc.end)
                    extent = max(extent, abs(arc.radiusX), abs(arc.radiusY))
                case .arc(let arc):
                    add(arc.start, arc.end, arc.center)
                    extent = max(extent, abs(arc.radiusX), abs(arc.radiusY))
                case .closeSubpath: break
                }
            }
            return extent
        }
    }
#endif
