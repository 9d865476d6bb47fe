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

    /// The badge: a 64-point ring (4 points clear around it, drawn at @2x), green once
    /// complete; with an unknown total, a quarter arc in grey that says "working" without
    /// claiming a fraction.
    public var indicator: ProgressIndicator {
        var style = ProgressStyle()
        style.lineWidth = 8
        var indicator = ProgressIndicator(
            geometry: .shape(.ring), style: style, width: 64, height: 64, padding: 4, scale: 2)
        guard let fraction = fractionCompleted else {
            indicator.style.progressTintColor = .systemGray
            indicator.progress = 0.25
            return indicator
        }
        if fraction >= 1 { indicator.style.progressTintColor = .systemGreen }
        indicator.progress = fraction
        return indicator
    }

    /// The badge's scene, ready to render or snapshot.
    ///
    /// - Throws: ``RenderError`` if the indicator cannot be laid out (it always can).
    public func scene() throws(RenderError) -> Scene {
        try indicator.scene()
    }
}
