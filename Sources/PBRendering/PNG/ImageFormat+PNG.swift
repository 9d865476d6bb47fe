import PBScene

extension ImageFormat {
    /// A PNG: one raster frame, straight-alpha RGBA at the scene's scale, compressed by
    /// pbrender's own encoder as a ``PNGCompression`` says.
    public static let png = ImageFormat(
        name: "png", displayName: "PNG", phrase: "a PNG", mediaType: "image/png", signature: pngSignature,
        kind: .raster,
        readsCompression: true,
        stillEncoder: { scene, target, settings, renderer throws(RenderError) in
            try renderer.renderPNG(
                scene.appearance(settings.appearance), for: target, compression: settings.compression)
        },
        animationEncoder: nil)

    /// An animated PNG (APNG): raster frames that browsers play; a viewer without APNG support
    /// shows its default image, the poster (the last frame unless ``EncodingSettings/poster``
    /// says otherwise).
    public static let apng = ImageFormat(
        name: "apng", displayName: "APNG", phrase: "an animated PNG", mediaType: "image/apng", signature: pngSignature,
        kind: .raster,
        readsCompression: true,
        posterSupport:
            "a viewer without APNG support (many mail clients, ImageMagick) shows its default image, the poster: the last frame unless --poster says first or a progress",
        readsPoster: true,
        stillEncoder: nil,
        animationEncoder: { timeline, settings throws(RenderError) in
            try timeline.animatedPNG(
                appearance: settings.appearance, compression: settings.compression, poster: settings.poster)
        })

    /// A PNG file's first eight bytes, an APNG's too.
    private static let pngSignature: [UInt8?] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
}
