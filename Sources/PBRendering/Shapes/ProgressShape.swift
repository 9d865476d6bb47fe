import PBGeometry

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built-in progress shapes, so a user needs no path of their own. Each fits the wider of
/// the track and progress strokes (caps included) inside its rectangle.
public enum ProgressShape: String, CaseIterable, Hashable, Sendable {
    /// A horizontal bar, left to right: `UIProgressView`.
    case bar
    /// A closed circle from 12 o'clock, clockwise: an activity ring.
    case ring
    /// The upper half of a circle, from 9 o'clock over the top to 3 o'clock.
    case semicircle
    /// An open ring with a 90° gap at the bottom, from 7:30 over the top to 4:30, like SwiftUI's
    /// circular gauge.
    case gauge

    /// The line width when the style does not set one: 4 points for a bar (as
    /// `UIProgressView`), 12 for the round shapes.
    public var defaultLineWidth: Double {
        self == .bar ? 4 : 12
    }

    /// The canvas when none is given: 256 points wide; as tall as the stroke for a bar, as tall
    /// as the shape needs for a semicircle, square otherwise; plus `padding` on every side.
    public func defaultCanvasSize(style: ProgressStyle, padding: Double) -> (width: Double, height: Double) {
        let width = 256.0
        let w = style.widestStroke
        switch self {
        case .bar:
            return (width + 2 * padding, w + 2 * padding)
        case .ring, .gauge:
            return (width + 2 * padding, width + 2 * padding)
        case .semicircle:
            let radius = (width - w) / 2
            return (width + 2 * padding, radius + w / 2 + capExtension(style) + 2 * padding)
        }
    }

    /// How far a cap reaches past an end point along the path.
    private func capExtension(_ style: ProgressStyle) -> Double {
        style.lineCap == .butt ? 0 : style.widestStroke / 2
    }

    /// The shape's path fitted inside `rect`.
    ///
    /// - Parameters:
    ///   - rect: where the whole stroke must fit.
    ///   - style: the stroke widths and cap to leave room for.
    ///   - startAngle: for a ring, where it starts, in radians clockwise from 3 o'clock (default
    ///     12 o'clock); other shapes ignore it.
    ///   - clockwise: the direction of travel; `false` mirrors the bar (right to left), the
    ///     semicircle and the gauge, and runs the ring counterclockwise.
    public func path(in rect: Rect, style: ProgressStyle, startAngle: Double = -.pi / 2, clockwise: Bool = true)
        -> Path
    {
        let half = style.widestStroke / 2
        let cap = capExtension(style)
        let center = rect.center
        var path = Path()
        switch self {
        case .bar:
            let (left, right) = (rect.minX + cap, rect.maxX - cap)
            path.move(to: Point(clockwise ? left : right, center.y))
            path.addLine(to: Point(clockwise ? right : left, center.y))
        case .ring:
            let outer = min(rect.width, rect.height) / 2
            // A square cap's corners reach √((r + h)² + h²) from the centre.
            let radius =
                style.lineCap == .square ? max(0, (outer * outer - half * half).squareRoot() - half) : outer - half
            let end = startAngle + (clockwise ? 2 : -2) * .pi
            path.addArc(
                center: center, radius: max(0, radius), startAngle: startAngle, endAngle: end, clockwise: clockwise)
            path.closeSubpath()
        case .semicircle:
            // Width 2(r + h); height r + h above the centre and the caps below the end points.
            let radius = max(0, min(rect.width / 2 - half, rect.height - half - cap))
            let used = radius + half + cap
            let centerY = rect.minY + (rect.height - used) / 2 + half + radius
            path.addArc(
                center: Point(center.x, centerY), radius: radius, startAngle: clockwise ? .pi : 0,
                endAngle: clockwise ? 2 * .pi : -.pi, clockwise: clockwise)
        case .gauge:
            // The ends are 45° below the centre: r / √2 lower, plus what the cap adds there.
            let below: Double
            switch style.lineCap {
            case .butt: below = half / 2.0.squareRoot()
            case .round: below = half
            case .square: below = half * 2.0.squareRoot()
            }
            let drop = 1 / 2.0.squareRoot()
            let radius = max(0, min(rect.width / 2 - half, (rect.height - half - below) / (1 + drop)))
            let used = radius + half + radius * drop + below
            let centerY = rect.minY + (rect.height - used) / 2 + half + radius
            path.addArc(
                center: Point(center.x, centerY), radius: radius, startAngle: clockwise ? 0.75 * .pi : 0.25 * .pi,
                endAngle: clockwise ? 2.25 * .pi : -1.25 * .pi, clockwise: clockwise)
        }
        return path
    }
}
