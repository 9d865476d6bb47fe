import PBScene
import PBStyle

extension ImageFormat {
    /// A GIF (giflib), still or animated: the format every mail client shows, and the only one
    /// most of them animate. At most 256 colours an image: an image with no more keeps its
    /// colours exactly, one with more is quantized (``FormatOption/dither``). One bit of
    /// transparency: partly transparent pixels are composited onto ``FormatOption/matte``, fully
    /// transparent ones stay transparent. An animation has the APNG's frames, at their times
    /// rounded to the hundredth of a second, with its loop count.
    public static let gif = ImageFormat(
        name: "gif", displayName: "GIF", phrase: "a GIF", mediaType: "image/gif", signature: Array("GIF89a".utf8),
        kind: .raster,
        posterSupport:
            "a viewer that does not animate GIFs (Outlook on Windows) shows the first frame; a GIF has no separate picture for it",
        options: [.matte, .dither],
        stillEncoder: { scene, target, settings, renderer throws(RenderError) in
            let matte = try GIFPixels.matte(settings.color(of: .matte), in: settings.appearance)
            return try renderer.withRaster(scene.appearance(settings.appearance), for: target) {
                pixels, width, height, stride throws(RenderError) in
                try GIFEncoder.encode(
                    pixels, width: width, height: height, stride: stride, matte: matte,
                    dither: settings.isOn(.dither))
            }
        },
        animationEncoder: { timeline, settings throws(RenderError) in
            try timeline.animatedGIF(
                appearance: settings.appearance, matte: settings.color(of: .matte), dither: settings.isOn(.dither))
        })
}

extension FormatOption {
    /// `--matte COLOR`: the colour a GIF composites partly transparent pixels onto (white by
    /// default, the background of nearly every e-mail); fully transparent pixels stay
    /// transparent.
    public static let matte = FormatOption(
        name: "matte", placeholder: "COLOR",
        help:
            "GIF has one bit of transparency: partly transparent pixels (antialiased edges, shadows) are composited onto this colour, the background the image will be shown on (default white, as in most e-mail); fully transparent pixels stay transparent.",
        kind: .color, defaultValue: .color(.white))

    /// `--dither`: whether a GIF image of more than 256 colours (gradients, labels) is dithered
    /// (Floyd–Steinberg) after it is quantized; an image of fewer keeps its colours exactly.
    public static let dither = FormatOption(
        name: "dither", placeholder: nil,
        help:
            "Dither an image of more than 256 colours (gradients, labels) after choosing its 256, which trades banding for noise (default off); an image of at most 256 colours keeps them exactly.",
        kind: .flag, defaultValue: .flag(false))
}
