import PBScene

extension ImageFormat {
    /// A lossless WebP (libwebp): the PNG's pixels exactly, in fewer bytes, at most 16,383
    /// pixels a side; an animation is an animated WebP with the APNG's frames and times.
    public static let webp = ImageFormat(
        name: "webp", displayName: "WebP", phrase: "a WebP", mediaType: "image/webp",
        signature: Array("RIFF".utf8) + [nil, nil, nil, nil] + Array("WEBP".utf8), kind: .raster,
        maximumPixelDimension: WebPEncoder.maximumPixelDimension,
        posterSupport:
            "a viewer without animated WebP support shows the first frame; WebP has no separate default image, so --poster does not apply",
        stillEncoder: { scene, target, settings, renderer throws(RenderError) in
            let encoder = try renderer.kept("webp") { () throws(RenderError) in try WebPEncoder() }
            return try renderer.withRaster(scene.appearance(settings.appearance), for: target) {
                pixels, width, height, stride throws(RenderError) in
                try encoder.encode(pixels, width: width, height: height, stride: stride)
            }
        },
        animationEncoder: { timeline, settings throws(RenderError) in
            try timeline.animatedWebP(appearance: settings.appearance)
        })
}
