import PBRendering
import Testing

/// Expects the pixel containing `point` to be `expected` within `tolerance` levels in every channel.
public func expectPixel(
    _ image: RGBAImage, at point: (x: Double, y: Double), is expected: RGB, tolerance: Int = 2,
    _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    let actual = image.rgb(point)
    let worst = zip(actual.channels, expected.channels).map { abs($0 - $1) }.max() ?? 0
    #expect(
        worst <= tolerance,
        "pixel at (\(point.x), \(point.y)) is \(actual), expected \(expected) ± \(tolerance). \(comment ?? "")",
        sourceLocation: sourceLocation)
}

/// Expects the pixel containing `point` to be `expected` (unrounded channels) within `tolerance`.
public func expectPixel(
    _ image: RGBAImage, at point: (x: Double, y: Double), is expected: (Double, Double, Double),
    tolerance: Double, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    let actual = image.rgb(point)
    let wanted = [expected.0, expected.1, expected.2]
    let worst = zip(actual.channels, wanted).map { abs(Double($0) - $1) }.max() ?? 0
    #expect(
        worst <= tolerance,
        "pixel at (\(point.x), \(point.y)) is \(actual), expected \(wanted) ± \(tolerance). \(comment ?? "")",
        sourceLocation: sourceLocation)
}
