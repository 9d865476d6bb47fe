import PBDocument
import PBRendering
import Testing

/// A document layer that keeps only its rewritten markup (what a PNG or PDF job holds, so that a
/// large document's model is not held while librsvg draws) draws exactly what the measured layer
/// draws, and refuses the SVG forms that need the measured document.
@Suite("DocumentLayer: rewritten for raster and PDF output")
struct RewrittenDocumentLayerTests {
    /// A stroked circle, a filled square without a stroke, and a dashed line, at progress 0.6.
    static func scene() throws -> Scene {
        let document = try SVGDocument(
            string: """
                <svg xmlns="http://www.w3.org/2000/svg" width="120" height="80">
                  <circle cx="30" cy="40" r="20" fill="none" stroke="#c33" stroke-width="6"/>
                  <rect x="60" y="20" width="40" height="40" fill="#39c"/>
                  <line x1="10" y1="75" x2="110" y2="75" stroke="#393" stroke-width="3" stroke-dasharray="6 3"/>
                </svg>
                """)
        var indicator = ProgressIndicator(document: document)
        indicator.progress = 0.6
        return try indicator.scene()
    }

    /// The document layers of `layers`.
    static func documents(_ layers: [Layer]?) -> [DocumentLayer] {
        (layers ?? []).compactMap { if case .document(let document) = $0 { document } else { nil } }
    }

    @Test("The rewritten layers hold the measured layers' markup, size and element count, and no document")
    func holdsTheMarkupAlone() throws {
        let scene = try Self.scene()
        let rewritten = scene.rewritingDocuments()
        let measured = Self.documents(scene.layers) + Self.documents(scene.darkLayers)
        let kept = Self.documents(rewritten.layers) + Self.documents(rewritten.darkLayers)
        #expect(measured.count == 2 && kept.count == 2)
        for (before, after) in zip(measured, kept) {
            #expect(before.measure != nil && after.measure == nil && after.appearance == nil)
            #expect(after.markup == before.markup)
            #expect(after.size == before.size)
            // A circle (a move, four arcs, a close), a square (SVG's M H V H z), a line (M L).
            #expect(after.pathElementCount == 6 + 5 + 2 && before.pathElementCount == after.pathElementCount)
            #expect(after.rewritten() == after && after != before)
        }
        #expect(rewritten.layers.count == scene.layers.count)
    }

    @Test("A rewritten scene draws the same PNG and PDF bytes, light and dark, at the same cost")
    func drawsTheSame() throws {
        let scene = try Self.scene()
        let rewritten = scene.rewritingDocuments()
        for appearance in [Appearance.light, .dark] {
            #expect(
                try rewritten.appearance(appearance).render(as: .png)
                    == scene.appearance(appearance).render(as: .png))
        }
        #expect(try rewritten.render(as: .pdf) == scene.render(as: .pdf))
        #expect(rewritten.estimatedRenderCost(for: .png) == scene.estimatedRenderCost(for: .png))
    }

    @Test("An SVG of both appearances needs the measured document: refused, naming the layer's kind")
    func svgIsRefused() throws {
        let rewritten = try Self.scene().rewritingDocuments()
        #expect(rewritten.darkLayers != nil)
        #expect {
            _ = try rewritten.svgData()
        } throws: { error in
            guard let error = error as? RenderError, case .notApplicable(let name, let reason) = error.kind else {
                return false
            }
            return name == "svg" && reason.contains("holds only its markup")
        }
    }
}
