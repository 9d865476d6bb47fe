/// How far a rendered image may stray from its reference and still match.
///
/// A pixel is compared by its largest difference in any premultiplied channel (red, green and
/// blue weighted by alpha, and alpha itself), in 8-bit levels (0...255). Pixels inside a flat
/// area of either image (the pixel and its eight neighbours identical), the reference or the
/// rendered one, must match within ``interiorThreshold``: an altered reference is as much a
/// change as an altered render. Pixels on an edge in both, where antialiasing differs between
/// machines and library versions, must match within ``edgeThreshold``. At most
/// ``allowedShare`` of all pixels may fail.
///
/// The defaults tell a real change from antialiasing noise at 256x256 (measured by the
/// library's own tests):
/// - a tint changed by one step changes every interior pixel of the stroke by one level: it
///   fails, as the interior must match exactly;
/// - a progress end moved by one pixel changes the coverage of the cap's edge pixels by far
///   more than 64 levels: it fails;
/// - antialiasing noise (edges moved by a tenth of a pixel, ±12 levels) passes.
public struct ImageTolerance: Hashable, Sendable {
    /// The largest difference allowed in a flat area of either image. Default 0: exact.
    public var interiorThreshold: Int
    /// The largest difference allowed where both images are on an edge (neither flat). Default
    /// 64 (a quarter of the range: an edge moved by about a quarter of a pixel).
    public var edgeThreshold: Int
    /// The share of pixels (0...1) allowed to exceed their threshold. Default 0.
    public var allowedShare: Double

    /// Creates a tolerance.
    public init(interiorThreshold: Int = 0, edgeThreshold: Int = 64, allowedShare: Double = 0) {
        self.interiorThreshold = interiorThreshold
        self.edgeThreshold = edgeThreshold
        self.allowedShare = allowedShare
    }

    /// The defaults: exact interiors, edges within 64 levels, no pixel beyond.
    public static let `default` = ImageTolerance()
    /// Every pixel exactly equal.
    public static let exact = ImageTolerance(interiorThreshold: 0, edgeThreshold: 0, allowedShare: 0)
}
