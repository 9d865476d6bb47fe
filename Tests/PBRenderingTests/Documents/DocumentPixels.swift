import PBRendering
import PBTestSupport

/// The share of painted pixels (in either image) that differ by more than 48 of 255, as the
/// issue's pictures are compared with rsvg-convert's.
func paintedDifference(_ ours: RGBAImage, _ theirs: RGBAImage) -> (share: Double, comparison: PixelComparison) {
    let comparison = PixelComparison(ours, theirs, threshold: 48)
    var painted = 0
    for index in 0..<(ours.width * ours.height)
    where ours.pixels[4 * index + 3] > 0 || theirs.pixels[4 * index + 3] > 0 {
        painted += 1
    }
    return (Double(comparison.differing) / Double(max(painted, 1)), comparison)
}
