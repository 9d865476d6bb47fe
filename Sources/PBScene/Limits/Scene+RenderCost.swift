import PBGeometry

extension Scene {
    /// The most a scene may cost to render (``estimatedRenderCost(for:)``): 5 seconds. Above it
    /// ``validate(for:)`` refuses the scene, so that a fine dash pattern on a wide stroke, or
    /// thousands of overlapping round caps, cannot keep a core busy for minutes. A server of
    /// your own can check a smaller budget with ``checkRenderCost(for:limit:)`` (`pbrender
    /// serve` limits the pixels a request renders instead).
    public static let maximumRenderCost = RenderCost(seconds: 5)

    /// Refuses the scene when its estimated cost for `target` is above `limit`.
    ///
    /// - Parameters:
    ///   - target: what it is to be rendered as.
    ///   - limit: the budget (default ``maximumRenderCost``).
    /// - Throws: ``RenderError`` `.renderTooCostly` with the estimate and the limit (an input
    ///   error).
    /// - Complexity: O(l) in the number of layers.
    public func checkRenderCost(for target: RenderTarget, limit: RenderCost = Scene.maximumRenderCost)
        throws(RenderError)
    {
        try estimatedRenderCost(for: target).check(against: limit)
    }

    /// An estimate of the time rendering the scene for `target` takes (``RenderCost``), from the
    /// canvas and each layer's size, without drawing anything.
    ///
    /// For a raster target the model adds, per pixel of the canvas, the cost of clearing, compositing and
    /// encoding it; per filled layer, the pixels of the fill's bounds; per translucent layer, its
    /// group's pixels (the canvas); per stroked layer, the stroke's area in pixels; per stroked piece (each dash
    /// of a dash pattern, each subpath of a solid stroke), a cost in proportion to the stroke's
    /// width in pixels (its caps: round caps most) and to how many times the pieces cover the
    /// canvas over (overlapping pieces make Cairo's rasterizer sort ever longer lists of edges);
    /// and per path element, trimming and flattening it, and sorting its edges among those that
    /// overlap them. SVG and PDF pay for elements and dashes
    /// only (nothing is rasterized). Fitted on this machine, where it is within a factor of 3 of
    /// the real time for a ring at 2048 px with a 600-point stroke and dashes of 0.5 to 4 points
    /// (estimated 1.5 s to 10 s, rendered in 1.1 s to 9.5 s), for 100,000 overlapping round-capped
    /// subpaths, and for 100,000 lines crossing one another (see the numbers in the tests).
    ///
    /// A target's ``RenderTarget/encodingNanosecondsPerPixel`` (a PNG compressed hardest)
    /// adds its time a pixel.
    ///
    /// - Parameter target: what the scene is to be rendered as.
    /// - Returns: the estimate; infinite for a scene whose sizes are not finite.
    /// - Complexity: O(l) in the number of layers (each path's subpaths are counted once, when
    ///   it was measured).
    public func estimatedRenderCost(for target: RenderTarget) -> RenderCost {
        let isRaster = target.isRaster
        let scale = isRaster ? self.scale : 1
        let canvasArea = max(1, width * scale * height * scale)
        var nanoseconds = isRaster ? Cost.perCanvasPixel * canvasArea : 0
        if isRaster { nanoseconds += target.encodingNanosecondsPerPixel * canvasArea }
        for layer in layers {
            switch layer {
            case .fill:
                if isRaster { nanoseconds += Cost.perFilledPixel * canvasArea }
            case .shape(let shape):
                nanoseconds += Self.cost(of: shape, scale: scale, canvasArea: canvasArea, isRaster: isRaster)
            case .text(let text):
                nanoseconds += Cost.perCharacter * Double(text.layout.text.count)
            case .document(let document):
                // librsvg strokes and fills each element's outline at most once over the canvas.
                nanoseconds += Cost.perElement * Double(document.pathElementCount)
                if isRaster { nanoseconds += Cost.perFilledPixel * canvasArea }
            }
        }
        return RenderCost(seconds: nanoseconds / 1e9)
    }

    /// The estimated nanoseconds of one shape layer.
    private static func cost(of layer: ShapeLayer, scale: Double, canvasArea: Double, isRaster: Bool) -> Double {
        let elements = Double(layer.path.path.elements.count)
        var nanoseconds = Cost.perElement * elements
        let (start, end) = (min(max(layer.strokeStart, 0), 1), min(max(layer.strokeEnd, 0), 1))
        let fraction = layer.trimOffset == 0 ? max(0, end - start) : 1
        let length = layer.path.length * fraction * scale
        let subpaths = Double(layer.path.subpaths.count)
        if isRaster {
            if layer.fillPaint != nil, let box = layer.path.path.bounds {
                // Cairo fills the rows and columns the path spans, not the canvas.
                nanoseconds += Cost.perFilledPixel * min(canvasArea, box.width * box.height * scale * scale)
            }
            // A translucent layer is drawn into a group as large as the canvas, then composited.
            if layer.opacity < 1 { nanoseconds += Cost.perGroupedPixel * canvasArea }
        }
        guard let stroke = layer.stroke, stroke.lineWidth > 0, fraction > 0 || layer.showsZeroLengthDot else {
            return nanoseconds
        }
        let width = max(1, stroke.lineWidth * scale)
        let pattern = stroke.dash.count % 2 == 1 ? stroke.dash + stroke.dash : stroke.dash
        let period = pattern.reduce(0, +) * scale
        let pieces: Double
        if pattern.isEmpty || !(period > 0) {
            pieces = max(1, (subpaths * fraction).rounded(.up))
            if isRaster { nanoseconds += Cost.perStrokedPixel * length * width }
        } else {
            pieces = length / period * Double(pattern.count / 2) + subpaths
            nanoseconds += (isRaster ? Cost.perDashedPixel * length * width : 0) + Cost.perVectorDash * pieces
        }
        guard isRaster else { return nanoseconds }
        let (capArea, perCap): (Double, Double)
        switch stroke.lineCap {
        case .butt: (capArea, perCap) = (0, Cost.perPieceButtWidth)
        case .square: (capArea, perCap) = (width * width, Cost.perPieceSquareWidth)
        case .round: (capArea, perCap) = (Double.pi / 4 * width * width, Cost.perPieceRoundWidth)
        }
        let coverage = length * width + pieces * capArea
        let depth = max(1, coverage / canvasArea)
        if case .pathGradient = layer.strokePaint {
            // The gradient's slices: a wider stroke again, in pieces.
            nanoseconds += Cost.perStrokedPixel * length * width * 2
        }
        // Each element's edges are sorted among the others that overlap them.
        nanoseconds += Cost.perElementDepth * elements * fraction * depth
        return nanoseconds + pieces * (Cost.perPieceDepth * depth + perCap * width)
    }

    /// The model's constants, in nanoseconds, fitted on the reference machine (release build).
    private enum Cost {
        /// Clearing, compositing and encoding a pixel of a PNG (8192 x 8192: 2.2 s).
        static let perCanvasPixel = 35.0
        /// A fill, per pixel of the canvas or of the filled path's bounds.
        static let perFilledPixel = 10.0
        /// A translucent layer's group, per pixel of the canvas (1,600 small shapes at opacity
        /// 0.5 on a 512 px canvas, fill and stroke each grouped: 0.57 s more than opaque).
        static let perGroupedPixel = 1.0
        /// A solid stroke, per pixel of its area.
        static let perStrokedPixel = 25.0
        /// A dashed stroke, per pixel of its area (Cairo's dash stroker, about 1 s for a
        /// 2048 px ring 600 px wide whatever the dashes).
        static let perDashedPixel = 250.0
        /// Each piece (dash or subpath), per overlap of the canvas.
        static let perPieceDepth = 500.0
        /// Each stroked path element, per overlap of the canvas (100,000 lines crossing one
        /// another on a 256 px canvas: 4.4 to 7.6 s).
        static let perElementDepth = 80.0
        /// Each piece, per pixel of the stroke's width, by cap.
        static let perPieceRoundWidth = 2000.0
        static let perPieceSquareWidth = 900.0
        static let perPieceButtWidth = 600.0
        /// Each dash written to a vector format.
        static let perVectorDash = 1000.0
        /// Each path element of a layer (trimming, flattening).
        static let perElement = 5000.0
        /// Each character of a label (Pango's layout and drawing).
        static let perCharacter = 20_000.0
    }
}
