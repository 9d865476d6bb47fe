internal import CCairo

#if canImport(Glibc)
    import Glibc
#endif

/// The one owner of a `cairo_surface_t`: created and checked in `init`, destroyed in `deinit`.
///
/// PDF surfaces write into a ``ByteSink`` the surface keeps alive.
package final class CairoSurface {
    /// The Cairo surface.
    package let pointer: OpaquePointer
    /// Where a PDF surface's stream goes; `nil` for an image surface.
    package let sink: ByteSink?
    /// The pixels of an image surface made with room after them, owned here (freed after the
    /// surface); `nil` when Cairo owns them.
    private let ownedPixels: UnsafeMutableRawBufferPointer?

    /// A premultiplied 32-bit ARGB image surface of `width` × `height` pixels, transparent, with
    /// `trailingBytes` more bytes after the last row for whoever reads the pixels
    /// (``withMutablePixels(_:)``: a PNG's scanlines, one byte longer a row, are made in place).
    ///
    /// The corresponding C functions are `cairo_image_surface_create` and, with trailing bytes,
    /// `cairo_image_surface_create_for_data` on memory from `calloc` (whose pages the kernel gives
    /// zeroed, so only the rows drawn on are touched).
    package init(imageWidth width: Int, height: Int, trailingBytes: Int = 0) throws(RenderError) {
        sink = nil
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(clamping: width)))
        guard trailingBytes > 0, stride > 0, height > 0, height <= Int(Int32.max),
            case (let bytes, false) = stride.multipliedReportingOverflow(by: height),
            let memory = calloc(bytes + trailingBytes, 1)
        else {
            ownedPixels = nil
            pointer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
            try check()
            return
        }
        ownedPixels = UnsafeMutableRawBufferPointer(start: memory, count: bytes + trailingBytes)
        pointer = cairo_image_surface_create_for_data(
            memory.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height),
            Int32(stride))
        try check()
        // Cairo takes memory it did not allocate to hold an image, and draws onto a surface it knows
        // to be clear by other paths (rounding differently at antialiased edges): painting it clear
        // tells it, so the same scene gives the same pixels on either kind of surface.
        let context = cairo_create(pointer)
        cairo_set_operator(context, CAIRO_OPERATOR_CLEAR)
        cairo_paint(context)
        cairo_destroy(context)
        try check()
    }

    /// A PDF surface of `width` × `height` points streaming into a new sink, with fixed dates
    /// (the same input must give the same bytes).
    ///
    /// The corresponding C function is `cairo_pdf_surface_create_for_stream`.
    package init(pdfWidth width: Double, height: Double) throws(RenderError) {
        let sink = ByteSink()
        let closure = Unmanaged.passUnretained(sink).toOpaque()
        let write: cairo_write_func_t = { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue().append(data, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }
        pointer = cairo_pdf_surface_create_for_stream(write, closure, width, height)
        cairo_pdf_surface_set_metadata(pointer, CAIRO_PDF_METADATA_CREATE_DATE, "2000-01-01T00:00:00Z")
        cairo_pdf_surface_set_metadata(pointer, CAIRO_PDF_METADATA_MOD_DATE, "2000-01-01T00:00:00Z")
        cairo_pdf_surface_set_metadata(pointer, CAIRO_PDF_METADATA_CREATOR, "pbrender")
        self.sink = sink
        ownedPixels = nil
        try check()
    }

    deinit {
        cairo_surface_destroy(pointer)
        free(ownedPixels?.baseAddress)
    }

    /// Throws Cairo's status if the surface is in an error state (Cairo errors are sticky).
    package func check() throws(RenderError) {
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else { throw Self.error(status) }
    }

    /// Completes the surface: flushes pixels, or writes the end of a vector document.
    ///
    /// The corresponding C function is `cairo_surface_finish`.
    package func finish() throws(RenderError) {
        cairo_surface_finish(pointer)
        try check()
    }

    /// The error for a Cairo status: its code and Cairo's own description.
    static func error(_ status: cairo_status_t) -> RenderError {
        RenderError(
            .cairo(status: Int32(bitPattern: status.rawValue), message: String(cString: cairo_status_to_string(status)))
        )
    }

    /// Replaces the pixels of an image surface with `pixels`, rows `stride` bytes apart as the
    /// surface has them (a copy taken from a surface of the same size).
    ///
    /// The corresponding C functions are `cairo_surface_flush` and `cairo_surface_mark_dirty`.
    ///
    /// - Precondition: `pixels` has the surface's size in bytes.
    package func setPixels(_ pixels: [UInt8]) {
        cairo_surface_flush(pointer)
        let count = Int(cairo_image_surface_get_stride(pointer)) * Int(cairo_image_surface_get_height(pointer))
        precondition(pixels.count == count, "\(pixels.count) bytes for a surface of \(count)")
        guard let data = cairo_image_surface_get_data(pointer) else { return }
        pixels.withUnsafeBytes { source in
            guard let base = source.baseAddress else { return }
            data.update(from: base.assumingMemoryBound(to: UInt8.self), count: count)
        }
        cairo_surface_mark_dirty(pointer)
    }

    /// Calls `body` with the pixels of an image surface: rows of premultiplied native-endian
    /// ARGB words, `stride` bytes apart.
    package func withPixels<R>(
        _ body: (UnsafeRawBufferPointer, _ width: Int, _ height: Int, _ stride: Int) throws(RenderError) -> R
    )
        throws(RenderError) -> R
    {
        cairo_surface_flush(pointer)
        let width = Int(cairo_image_surface_get_width(pointer))
        let height = Int(cairo_image_surface_get_height(pointer))
        let stride = Int(cairo_image_surface_get_stride(pointer))
        guard let data = cairo_image_surface_get_data(pointer) else {
            throw Self.error(CAIRO_STATUS_NULL_POINTER)
        }
        return try body(UnsafeRawBufferPointer(start: data, count: stride * height), width, height, stride)
    }

    /// Calls `body` with the pixels of an image surface made with trailing bytes, to change in
    /// place: rows of premultiplied native-endian ARGB words, `stride` bytes apart, then the
    /// trailing bytes. The surface's pixels are not to be drawn on afterwards. `nil` for a surface
    /// whose pixels Cairo owns.
    package func withMutablePixels<R>(
        _ body: (UnsafeMutableRawBufferPointer, _ width: Int, _ height: Int, _ stride: Int) throws(RenderError) -> R
    ) throws(RenderError) -> R? {
        guard let ownedPixels else { return nil }
        cairo_surface_flush(pointer)
        let width = Int(cairo_image_surface_get_width(pointer))
        let height = Int(cairo_image_surface_get_height(pointer))
        let stride = Int(cairo_image_surface_get_stride(pointer))
        return try body(ownedPixels, width, height, stride)
    }
}

/// A growing byte buffer a Cairo stream writes into.
package final class ByteSink {
    package private(set) var bytes: [UInt8] = []

    package func append(_ data: UnsafePointer<UInt8>, count: Int) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: count))
    }
}
