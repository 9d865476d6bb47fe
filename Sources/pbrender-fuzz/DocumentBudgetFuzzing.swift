#if FUZZING
    @testable import PBDocument
    import PBGeometry
    import PBRendering

    /// The budget estimator of SVG documents (`DocumentCost`) against the real cost: a document is
    /// read under small limits (so that inputs of a few kilobytes reach them); when the estimate
    /// admits it, it is read and drawn, and what that really took (elements visited, path segments
    /// and dash entries drawn) must be within the estimate, hence within the limits. libFuzzer's
    /// memory limit (`-rss_limit_mb`) catches a document the estimate admits that needs more memory
    /// than its counts suggest.
    enum DocumentBudgetFuzzing {
        /// Limits a few kilobytes can reach.
        static let limits = SVGDocumentLimits(
            maximumDrawnElementCount: 300, maximumAttributeCount: 50, maximumDrawnSegmentCount: 3_000,
            maximumDrawnDashCount: 3_000, maximumStyleRuleCount: 100, maximumStyleDeclarationCount: 500,
            maximumStyleMatchCount: 5_000)

        static func run(_ bytes: [UInt8]) -> Bool {
            guard let tree = try? XMLTree.read(bytes, fileName: nil, limits: limits) else { return true }
            var reader = DocumentReader(tree: tree, fileName: nil, limits: limits)
            guard let estimate = try? reader.checkCost() else { return true }
            // SVGDocument reads the root's preserveAspectRatio after the elements, and refuses a bad one.
            guard (try? reader.read()) != nil, (try? reader.rootAspectRatio()) != nil else { return true }
            let segments = reader.elements.reduce(0) { $0 + $1.localPath.elements.count }
            let dashes = reader.elements.reduce(0) { $0 + $1.style.dashArray.count }
            let actual: [(String, Double, Double, Int)] = [
                ("elements", Double(reader.visits), estimate.elements, limits.maximumDrawnElementCount),
                ("segments", Double(segments), estimate.segments, limits.maximumDrawnSegmentCount),
                ("dash entries", Double(dashes), estimate.dashEntries, limits.maximumDrawnDashCount),
            ]
            for (name, count, estimated, limit) in actual where count > estimated || count > Double(limit) {
                fuzzFailure("\(Int(count)) \(name) drawn, estimated \(estimated), limit \(limit)")
            }
            // Drawn, on a small canvas.
            guard let document = try? SVGDocument(data: bytes, limits: limits) else {
                fuzzFailure("a document read by its reader but not by SVGDocument")
            }
            var indicator = ProgressIndicator(document: document.fitted(to: Size(width: 32, height: 32)))
            indicator.progress = 0.5
            _ = try? indicator.scene().render(as: .png)
            return true
        }
    }
#endif
