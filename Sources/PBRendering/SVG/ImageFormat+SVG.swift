import PBScene

extension ImageFormat {
    /// An SVG document by pbrender's own writer: accessible, in both appearances (the dark one
    /// in a `prefers-color-scheme` rule), live when a page's CSS is to drive it; an animation is
    /// CSS keyframes.
    public static let svg = ImageFormat(
        name: "svg", displayName: "SVG", phrase: "an SVG", mediaType: "image/svg+xml", signature: Array("<svg".utf8),
        kind: .vector, isText: true,
        carriesBothAppearances: true, canBeLive: true, writesDocumentMarkup: true,
        contentSecurityPolicy: "default-src 'none'; style-src 'unsafe-inline'",
        posterSupport: "a viewer that does not play CSS animations, or prefers reduced motion, shows the end state",
        stillEncoder: { scene, _, settings, _ throws(RenderError) in try scene.svgData(isLive: settings.isLive) },
        animationEncoder: { timeline, _ throws(RenderError) in try timeline.animatedSVG() })
}
