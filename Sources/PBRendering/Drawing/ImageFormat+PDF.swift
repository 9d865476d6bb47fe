import PBScene

extension ImageFormat {
    /// A one-page PDF document drawn by Cairo, vector, with fixed dates.
    public static let pdf = ImageFormat(
        name: "pdf", displayName: "PDF", phrase: "a PDF", mediaType: "application/pdf", signature: Array("%PDF-".utf8),
        kind: .vector,
        stillEncoder: { scene, target, settings, _ throws(RenderError) in
            try scene.appearance(settings.appearance).renderPDF(checkedFor: target)
        },
        animationEncoder: nil)
}
