import PBGeometry
import PBRendering

/// A download's progress as a small ring badge, the way an iOS app shows it with a
/// `CAShapeLayer`: progress is bytes received over bytes expected.
public struct DownloadBadge: Sendable {
    /// The bytes received so far.
    public var bytesReceived: Int64
    /// The bytes the server said to expect, or `nil` when it did not say (no `Content-Length`).
    public var bytesExpected: Int64?

    /// Creates a badge.
    public init(bytesReceived: Int64, bytesExpected: Int64?) {
        self.bytesReceived = bytesReceived
        self.bytesExpected = bytesExpected
    }

    /// The fraction done, divided as doubles (integer division would give 0 until the end),
    /// or `nil` when the total is unknown.
    public var fractionCompleted: Double? {
        guard let bytesExpected, bytesExpected > 0 else { return nil }
        return Double(bytesReceived) / Double(bytesExpected)
    }

    /// The badge: a 64-point ring, green once complete; with an unknown total, a quarter arc in
    /// grey that says "working" without claiming a fraction.
    public var scene: ProgressScene {
        var style = ProgressStyle()
        style.lineWidth = 8
        let ring = ProgressShape.ring.path(in: Rect(x: 4, y: 4, width: 56, height: 56), style: style)
        guard let fraction = fractionCompleted else {
            style.progressTintColor = Color(red8: 0x8E, green8: 0x8E, blue8: 0x93)
            return ProgressScene(width: 64, height: 64, path: ring, style: style, progress: 0.25, scale: 2)
        }
        if fraction >= 1 { style.progressTintColor = Color(red8: 0x34, green8: 0xC7, blue8: 0x59) }
        return ProgressScene(width: 64, height: 64, path: ring, style: style, progress: fraction, scale: 2)
    }
}
