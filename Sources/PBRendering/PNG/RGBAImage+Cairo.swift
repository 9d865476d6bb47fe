import PBScene

extension RGBAImage {
    /// The image held by rows of premultiplied native-endian ARGB words (Cairo's
    /// `CAIRO_FORMAT_ARGB32`), `stride` bytes apart, unpremultiplied as the PNG encoder does, so
    /// that it equals the PNG of the same pixels decoded.
    init(premultipliedARGB pixels: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int) {
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        rgba.withUnsafeMutableBytes { out in
            guard let source = pixels.baseAddress, let target = out.baseAddress else { return }
            PNGEncoder.unpremultiplyRows(from: source, stride: stride, width: width, height: height, into: target)
        }
        self.init(width: width, height: height, pixels: rgba)
    }
}
