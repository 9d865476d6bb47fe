import PBGeometry
import PBStyle

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built-in progress shapes, so a user needs no path of their own. Each fits the wider of
/// the track and progress strokes (caps included, wherever the progress ends) inside its
/// rectangle, centred.
public enum ProgressShape: String, CaseIterable, Hashable, Sendable {
    /// A horizontal bar, left to right: `UIProgressView`.
    case bar
    /// A closed circle from 12 o'clock, clockwise: an activity ring.
    case ring
    /// Half a circle, from 9 o'clock over the top to 3 o'clock.
    case semicircle
    /// Three quarters of a circle with the gap at the bottom, from 7:30 over the top to 4:30,
    /// like SwiftUI's circular gauge.
    case gauge

    /// The line width when the style does not set one, on a canvas of the default size or
    /// larger: 4 points for a bar (as `UIProgressView`), 12 for the round shapes. Smaller
    /// canvases take ``defaultLineWidth(width:height:padding:)``.
    public var defaultLineWidth: Double {
        self == .bar ? 4 : 12
    }

    /// The line width when the style does not set one, on a canvas `width` by `height` (`nil`
    /// for a side not given): ``defaultLineWidth``, but never more than an eighth of the
    /// shape's side, so that a small canvas still shows a ring with a hole (a 16-point ring
    /// takes a 2-point line, not a 12-point disc). The side is the canvas less the padding on
    /// both sides: a bar's length; the smaller of a ring's or gauge's width and height; for a
    /// semicircle the smaller of its width and twice its height. Sides not given do not limit
    /// it, so every canvas of 96 points and more (32 for a bar) keeps the full default.
    ///
    /// - Parameters:
    ///   - width: the canvas width asked for, if any.
    ///   - height: the canvas height asked for, if any.
    ///   - padding: the space kept clear on every side.
    public func defaultLineWidth(width: Double?, height: Double?, padding: Double = 0) -> Double {
        let (across, down) = (width.map { $0 - 2 * padding }, height.map { $0 - 2 * padding })
        let sides: [Double?] =
            switch self {
            case .bar: [across]
            case .ring, .gauge: [across, down]
            case .semicircle: [across, down.map { 2 * $0 }]
            }
        guard let side = sides.compactMap({ $0 }).min(), side.isFinite else { return defaultLineWidth }
        return min(defaultLineWidth, max(side, 0) / 8)
    }

    /// Where a round shape starts, running clockwise, when no start angle is given: 12 o'clock
    /// for a ring, 9 o'clock for a semicircle, 7:30 for a gauge; `nil` for the bar, which has no
    /// start angle.
    public var defaultStartAngle: Angle? {
        switch self {
        case .bar: nil
        case .ring: .degrees(-90)
        case .semicircle: .degrees(180)
        case .gauge: .degrees(135)
        }
    }

    /// How much of a circle a round shape sweeps.
    var sweep: Angle {
        switch self {
        case .bar, .ring: .degrees(360)
        case .semicircle: .degrees(180)
        case .gauge: .degrees(270)
        }
    }

    /// The start angle used: `startAngle`, or the default, mirrored (`180° - angle`) when
    /// running counterclockwise so that the shape keeps its place.
    func startAngle(_ startAngle: Angle?, clockwise: Bool) -> Angle {
        if let startAngle { return startAngle }
        let angle = defaultStartAngle ?? .zero
        return clockwise ? angle : .degrees(180 - angle.degrees)
    }

    /// The canvas a shape takes when none is given: 256 points wide (or `width`); as tall as the
    /// stroke for a bar, as wide as tall for a ring or gauge, and as tall as it needs for a
    /// semicircle (or `height`); each plus `padding` on every side. With only a height given, a
    /// ring or gauge is as wide as tall.
    ///
    /// - Parameters:
    ///   - width: the width asked for, including the padding, if any.
    ///   - height: the height asked for, including the padding, if any.
    ///   - stroke: the widest stroke (its width and cap), which the shape leaves room for.
    ///   - padding: the space kept clear on every side, included in the size.
    ///   - startAngle: where a round shape starts (default ``defaultStartAngle``).
    ///   - clockwise: the direction of travel (counterclockwise mirrors the default start).
    public func naturalSize(
        width: Double?, height: Double?, stroke: StrokeStyle, padding: Double, startAngle: Angle?, clockwise: Bool
    ) -> Size {
        let defaultWidth = 256 + 2 * padding
        switch self {
        case .bar:
            return Size(width: width ?? defaultWidth, height: height ?? stroke.lineWidth + 2 * padding)
        case .ring, .gauge:
            let side = width ?? height ?? defaultWidth
            return Size(width: width ?? side, height: height ?? side)
        case .semicircle:
            let width = width ?? defaultWidth
            if let height { return Size(width: width, height: height) }
            let inner = Rect(x: 0, y: 0, width: max(width - 2 * padding, 0), height: .infinity)
            let fit = Self.fitArc(
                in: inner, start: self.startAngle(startAngle, clockwise: clockwise), sweep: clockwise ? sweep : -sweep,
                stroke: stroke)
            return Size(width: width, height: fit.bounds.height + 2 * padding)
        }
    }

    /// The shape's path fitted inside `rect`, and the centre of its circle (`nil` for a bar).
    ///
    /// - Parameters:
    ///   - rect: where the whole stroke must fit.
    ///   - stroke: the widest stroke (its width and cap), which the shape leaves room for.
    ///   - startAngle: for a round shape, where it starts (default ``defaultStartAngle``).
    ///   - clockwise: the direction of travel; `false` mirrors the bar (right to left), the
    ///     semicircle and the gauge (keeping their place), and runs the ring counterclockwise.
    /// - Throws: ``RenderError`` (`.notApplicable`) for a start angle on a bar.
    public func geometry(in rect: Rect, stroke: StrokeStyle, startAngle: Angle? = nil, clockwise: Bool = true)
        throws(RenderError) -> (path: Path, center: Point?)
    {
        var path = Path()
        guard self != .bar else {
            if startAngle != nil {
                throw RenderError(
                    .notApplicable(name: "startAngle", reason: "a bar runs straight; start angles turn round shapes"))
            }
            let cap = stroke.capExtension
            let (left, right, y) = (rect.minX + cap, rect.maxX - cap, rect.center.y)
            path.move(to: Point(clockwise ? left : right, y))
            path.addLine(to: Point(clockwise ? right : left, y))
            return (path, nil)
        }
        let start = self.startAngle(startAngle, clockwise: clockwise)
        let fit = Self.fitArc(in: rect, start: start, sweep: clockwise ? sweep : -sweep, stroke: stroke)
        let center = Point(rect.midX - fit.bounds.midX, rect.midY - fit.bounds.midY)
        guard
            let arc = EllipticalArc(
                center: center, radiusX: fit.radius, radiusY: fit.radius, startAngle: start,
                sweepAngle: clockwise ? sweep : -sweep)
        else { return (path, center) }
        path.append(.arc(arc))
        if self == .ring { path.closeSubpath() }
        return (path, center)
    }

    /// The largest radius at which an arc from `start` sweeping `sweep`, stroked with `stroke`,
    /// fits in `rect`, and the stroke's bounds at that radius about a centre at the origin.
    ///
    /// The bounds hold the stroke of the whole arc and the caps of a progress ending anywhere on
    /// it: round caps reach `w/2` around the arc; butt caps leave the arcs at `r ± w/2`; square
    /// caps reach the corners `√((r + w/2)² + (w/2)²)` from the centre wherever the progress
    /// ends, and `(r - w/2)` inward corners at the ends. Every extent grows with the radius, so
    /// the radius is found by bisection, to within 1e-12 of the canvas.
    static func fitArc(in rect: Rect, start: Angle, sweep: Angle, stroke: StrokeStyle) -> (radius: Double, bounds: Rect)
    {
        let h = stroke.lineWidth / 2
        func bounds(_ r: Double) -> Rect {
            func arc(_ radius: Double, widenedBy extra: Angle = .zero) -> Rect {
                let direction: Double = sweep.degrees < 0 ? -1 : 1
                let from = Angle(degrees: start.degrees - direction * extra.degrees)
                // A span beyond a turn is a whole turn (the arc pins it).
                let span = Angle(degrees: sweep.degrees + direction * 2 * extra.degrees)
                return EllipticalArc(
                    center: .zero, radiusX: radius, radiusY: radius, startAngle: from, sweepAngle: span)?.bounds
                    ?? Rect(x: 0, y: 0, width: 0, height: 0)
            }
            switch stroke.lineCap {
            case .round:
                return arc(r).insetBy(-h)
            case .butt:
                return arc(r + h).union(arc(max(r - h, 0)))
            case .square:
                let corner = ((r + h) * (r + h) + h * h).squareRoot()
                var box = arc(r + h).union(arc(max(r - h, 0))).union(arc(corner, widenedBy: .radians(atan2(h, r + h))))
                if abs(sweep.degrees) < 360 {
                    // The inward corners of the end caps.
                    let direction: Double = sweep.degrees < 0 ? -1 : 1
                    for (angle, outward) in [
                        (start, -direction), (Angle(degrees: start.degrees + sweep.degrees), direction),
                    ] {
                        let radial = Vector(angle: angle)
                        let tangent = Vector(dx: -radial.dy, dy: radial.dx)
                        box = box.union(Point.zero + max(r - h, 0) * radial + (outward * h) * tangent)
                    }
                }
                return box
            }
        }
        var (low, high) = (0.0, max(rect.width, rect.height))
        if !high.isFinite { high = min(rect.width, rect.height) }
        let fits = { (r: Double) -> Bool in
            let box = bounds(r)
            return box.width <= rect.width && box.height <= rect.height
        }
        guard fits(low) else { return (0, bounds(0)) }
        for _ in 0..<80 where high - low > 1e-12 * max(high, 1) {
            let middle = 0.5 * (low + high)
            if fits(middle) { low = middle } else { high = middle }
        }
        return (low, bounds(low))
    }
}
