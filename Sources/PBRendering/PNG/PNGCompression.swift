import PBScene

/// How hard pbrender's PNG encoder compresses: the speed or the size of PNG and APNG files.
///
/// Every mode writes the same pixels (8-bit straight-alpha RGBA, no row filter, one `IDAT`), so
/// decoding gives the same image whatever the mode; only the zlib stream differs. The bytes of a
/// mode depend on the pixels alone: the same image always gives the same file in a given mode.
///
/// Measured on the render benchmark's 200 frames of a 256 × 256 ring on an Intel Xeon. The
/// compressor alone, on the exact scanlines the encoder compresses (a C harness like
/// `bench/deflate_levels.c`: CPU time per frame, the best of 5 passes; instructions counted by
/// callgrind inside the compressor; bytes of the 200 zlib streams):
///
/// | mode | compressor | ms per frame | instructions per frame | bytes, 200 frames |
/// |---|---|---:|---:|---:|
/// | ``fast`` | ISA-L igzip level 1 | 0.11 | 0.65 M | 1,568,105 (+4.7 %) |
/// | (before modes) | libdeflate level 2 | 0.65 | 7.37 M | 1,497,814 |
/// | ``default`` | libdeflate level 6 | 0.78 | 8.48 M | 1,379,300 (−7.9 %) |
/// | ``small`` | libdeflate level 11 | 40 | ~298 M | 1,294,810 (−13.6 %) |
///
/// Whole frames (`Tests/Benchmarks/render.py`, results in `Tests/Benchmarks/results/render.md`:
/// drawing, unpremultiplying and compressing one more frame): 2.26 M instructions with ``fast``
/// (0.05 times a C program on Cairo with Cairo's PNG writer), 10.0 M with ``default``, 300 M with
/// ``small``; the 30-frame ring takes 236,125, 208,105 and 195,132 bytes against 225,890 before
/// modes.
///
/// PNG row filters were measured too and left out: these images are mostly transparent runs and
/// flat colours, which deflate finds as long matches against the row above, and every filter made
/// the files larger (at libdeflate level 6, 1,511,535 to 2,495,278 bytes for the 200 frames with
/// Sub, Up, Average, Paeth, libpng's per-row minimum-sum heuristic, or Paeth on every row that is
/// not blank, against 1,379,300 with none).
public enum PNGCompression: String, CaseIterable, Hashable, Sendable {
    /// The fastest: ISA-L's igzip (Intel's Storage Acceleration Library) at level 1.
    ///
    /// About 6 times less CPU and 11 times fewer instructions than libdeflate's fastest levels
    /// for files about 5 % larger than before modes existed (14 % larger than ``default``'s): for
    /// frame sequences and servers where CPU matters more than bytes. igzip picks its SIMD code
    /// (SSE, AVX2, AVX-512) for the CPU it runs on; its output depends on the input alone.
    case fast
    /// The balance: libdeflate at level 6.
    ///
    /// About 8 % smaller than libdeflate level 2 (the encoder's level before modes existed) for
    /// about 15 % more instructions and CPU time in the compressor, a few percent of a frame's
    /// whole cost. Level 2 was the fastest libdeflate level on the Intel Xeon; level 1, faster on
    /// an AMD EPYC, is larger than level 2 and slower here; levels 3 and 4 are larger, level 5 is
    /// 4 % smaller for nearly level 6's cost.
    case `default`
    /// The smallest files at a price: libdeflate at level 11 (its near-optimal parser).
    ///
    /// About 6 % smaller than ``default`` for about 50 times its compression time (40 ms a
    /// 256 × 256 frame): for files written once and served or stored many times. Level 12 saves
    /// 0.4 % more for 3 times level 11's time; levels 7 to 10 save less (level 9 is larger than 7).
    case small
}

extension PNGCompression {
    /// The compressor of a whole image (a PNG, and frame 0 of an APNG).
    var imageMethod: Deflater.Method {
        switch self {
        case .fast: .isal
        case .default: .libdeflate(level: 6)
        case .small: .libdeflate(level: 11)
        }
    }

    /// The compressor of the changed regions of an APNG's later frames: the image's, since a
    /// region is an image's worth of scanlines too (see ``APNGEncoder``).
    var regionMethod: Deflater.Method { imageMethod }
}

extension PNGCompression {
    /// What compressing a pixel costs beyond ``default``, in nanoseconds, for the render cost
    /// model (`Scene.estimatedRenderCost(for:)`): ``small``'s libdeflate level 11 (a 2048 px
    /// ring: 0.70 s of CPU against 0.07 s).
    var extraNanosecondsPerPixel: Double { self == .small ? 150 : 0 }
}
