internal import CDeflate
internal import CISAL
import PBScene

/// One zlib compressor, libdeflate at a level or ISA-L's igzip level 1, with its state allocated
/// once and kept: what ``PNGEncoder`` compresses scanlines with.
///
/// The stream depends on the input and the method alone, never on earlier calls. A deflater is not
/// safe to share between threads.
final class Deflater {
    /// Which compressor, and how hard it works.
    enum Method: Hashable, Sendable {
        /// libdeflate 1.14 at `level` (1-12).
        case libdeflate(level: Int32)
        /// ISA-L 2.30's igzip at level 1, stateless, with a level buffer of `ISAL_DEF_LVL1_DEFAULT`
        /// bytes.
        case isal
    }

    /// The method this deflater compresses with.
    let method: Method
    /// libdeflate's compressor, for ``Method/libdeflate(level:)``.
    private let compressor: OpaquePointer?
    /// igzip's level buffer (hash tables and tokens), for ``Method/isal``.
    private var levelBuffer: [UInt8]

    /// Creates a deflater; allocates libdeflate's compressor or igzip's level buffer.
    ///
    /// The corresponding C function is `libdeflate_alloc_compressor`.
    ///
    /// - Throws: `RenderError` (`.encoding`) when the compressor cannot be allocated (or the
    ///   level is outside 1-12), or ISA-L, loaded on first use, cannot be loaded.
    init(_ method: Method) throws(RenderError) {
        self.method = method
        switch method {
        case .libdeflate(let level):
            guard let compressor = libdeflate_alloc_compressor(level) else {
                throw RenderError(.encoding("cannot allocate a compressor"))
            }
            self.compressor = compressor
            levelBuffer = []
        case .isal:
            guard pb_isal_load() == 1 else {
                throw RenderError(
                    .encoding(
                        "cannot load ISA-L for --compression fast (install Debian's libisal2): "
                            + String(cString: pb_isal_load_error())))
            }
            compressor = nil
            levelBuffer = [UInt8](repeating: 0, count: pbrender_isal_level1_buffer_size())
        }
    }

    deinit {
        if let compressor { libdeflate_free_compressor(compressor) }
    }

    /// The most bytes the zlib stream of `count` input bytes can take.
    ///
    /// igzip's stateless output is at most the input plus stored-block headers (5 bytes per 65,535
    /// input bytes), its largest block header (`ISAL_DEF_MAX_HDR_SIZE`, 328 bytes) and the zlib
    /// header and trailer; the bound leaves more room than that.
    func bound(_ count: Int) -> Int {
        switch method {
        case .libdeflate: libdeflate_zlib_compress_bound(compressor, count)
        case .isal: count + count / 1024 + 1024
        }
    }

    /// Compresses `input` into one zlib stream at the start of `output`, which grows to
    /// ``bound(_:)`` bytes when it is smaller (and is otherwise kept, so that many calls allocate
    /// once). A new buffer is not zeroed: only the stream's bytes are written and read, so the
    /// pages past them (most of a bound for a progress image) are never touched.
    ///
    /// The corresponding C functions are `libdeflate_zlib_compress` and `isal_deflate_stateless`.
    ///
    /// - Returns: the length of the stream.
    /// - Throws: `RenderError` (`.encoding`) when compression fails or the stream is too long
    ///   for a PNG chunk.
    /// - Complexity: O(`input.count`).
    func compress(_ input: UnsafeRawBufferPointer, into output: inout [UInt8]) throws(RenderError) -> Int {
        let bound = bound(input.count)
        if output.count < bound {
            output = []
            output = [UInt8](unsafeUninitializedCapacity: bound) { _, initialized in initialized = bound }
        }
        let count = output.withUnsafeMutableBytes { output in
            switch method {
            case .libdeflate:
                return libdeflate_zlib_compress(
                    compressor, input.baseAddress, input.count, output.baseAddress, output.count)
            case .isal:
                return levelBuffer.withUnsafeMutableBytes { level in
                    pbrender_isal_zlib_compress(
                        input.baseAddress, input.count, output.baseAddress, output.count, level.baseAddress,
                        level.count)
                }
            }
        }
        guard count > 0, count <= Int(UInt32.max >> 1) else {
            throw RenderError(.encoding("compression failed"))
        }
        return count
    }
}
