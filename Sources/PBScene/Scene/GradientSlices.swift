import PBGeometry
import PBStyle

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One region of a stroke painted with a ``PathGradient``: a short piece of the layer's path,
/// stroked wider than the layer so that it covers the layer's stroke there, and painted with a
/// linear gradient along its chord. Backends paint the slices in order into a group and stroke
/// the layer's pieces with that group as the source, so the layer's own coverage (caps, joins,
/// dashes, antialiasing) is drawn once and the colour follows the path.
///
/// Each slice but the last of a run reaches a little past where the next begins, and the next
/// is painted over it: the boundary between two colours is one antialiased edge along the
/// path's normal, with no gap where the canvas would show through and no doubled edge.
package struct GradientSlice {
    /// The piece of the path the slice paints along.
    package var path: Path
    /// Where the colour runs from `startColor` to `endColor`: the chord of the slice.
    package var start: Point
    package var end: Point
    package var startColor: Color
    package var endColor: Color
    /// Straight pieces that carry the region on past an end of the run along the tangent there,
    /// by half the region's width, to cover the layer's cap: at the start of a run, and at its
    /// end unless the run closes on its own start. The region itself ends flush (butt).
    package var extensions: [(from: Point, to: Point)]

    /// The slice with both colours fully opaque: for a gradient whose stops share one opacity,
    /// which is then applied once to the whole stroke (``PathGradient/uniformAlpha``), so that
    /// no overlap of two slices shows.
    package var opaque: GradientSlice {
        var slice = self
        (slice.startColor.alpha, slice.endColor.alpha) = (1, 1)
        return slice
    }
}

extension ShapeLayer {
    /// How much wider than the stroke the slices are, on each side, and how far each reaches
    /// under the next: two pixels at `scale`, so antialiased edges are covered.
    static func sliceMargin(scale: Double) -> Double { 2 / scale }

    /// The width of the slices of a stroke of `lineWidth`.
    package static func sliceWidth(lineWidth: Double, scale: Double) -> Double {
        lineWidth + 2 * sliceMargin(scale: scale)
    }

    /// The largest turn of the path's direction within one slice of a colour gradient: the
    /// colour is exact on the chord's normals, and a slice that turns by δ misplaces the colour
    /// at the stroke's edges by at most `lineWidth / 2 * tan(δ / 2)` of arc length (0.3 points
    /// for a 12-point stroke).
    static let maximumSliceTurn = 6.0 * .pi / 180

    /// The slices that paint `gradient` along `pieces` (this layer's visible pieces), in the
    /// order they are to be painted.
    package func gradientSlices(_ gradient: PathGradient, pieces: [TrimmedPiece], scale: Double) -> [GradientSlice] {
        let length = path.length
        guard length > 0 else { return [] }
        let margin = Self.sliceMargin(scale: scale)
        let reachPastEnd = Self.sliceWidth(lineWidth: stroke?.lineWidth ?? 0, scale: scale) / 2
        var slices: [GradientSlice] = []
        for piece in pieces {
            // A piece through the seam runs to the end of the path, then on from its start.
            let (a, b) = piece.distances
            let runs: [(from: Double, to: Double)] = b < a ? [(a, length), (0, b)] : [(a, b)]
            for (runIndex, run) in runs.enumerated() {
                let isFirstRun = runIndex == 0
                let continues = runIndex + 1 < runs.count
                let ranges = colorRanges(gradient, from: run.from, to: run.to, length: length)
                for (index, range) in ranges.enumerated() {
                    let isFirst = isFirstRun && index == 0
                    let isLast = index == ranges.count - 1
                    // The last slice of a closed subpath kept whole ends flush at its seam, over
                    // the first slice's reach back; elsewhere the last slice covers the end cap.
                    let reach = isLast ? run.to : min(range.to + margin, run.to)
                    let forward = isLast && (continues || !piece.subpath.isClosed)
                    guard
                        let slicePath = try? path.trimmedPath(from: range.from / length, to: reach / length),
                        !slicePath.isEmpty
                    else { continue }
                    // Each extension starts `margin` inside the slice: drawn flattened, the slice's
                    // butt end is square to its first chord, not to the tangent, and the sliver
                    // between the two ends would let the canvas show through (a hairline).
                    var extensions: [(from: Point, to: Point)] = []
                    if isFirst, let start = path.location(atDistance: range.from) {
                        extensions.append(
                            (start.point + margin * start.tangent, start.point - reachPastEnd * start.tangent))
                    }
                    if forward, let end = continues ? pathEnd() : pieceEnd(piece) {
                        extensions.append((end.point - margin * end.tangent, end.point + reachPastEnd * end.tangent))
                    }
                    slices.append(
                        GradientSlice(
                            path: slicePath, start: range.start, end: range.end, startColor: range.startColor,
                            endColor: range.endColor, extensions: extensions))
                }
            }
        }
        return slices
    }

    /// Where the path ends, and its direction there.
    private func pathEnd() -> (point: Point, tangent: Vector)? {
        path.location(atDistance: path.length).map { ($0.point, $0.tangent) }
    }

    /// Where a piece ends, and its direction there: from the piece's own last segment, since a
    /// distance where one subpath ends is also where the next begins, and a location there
    /// falls on the next one.
    private func pieceEnd(_ piece: TrimmedPiece) -> (point: Point, tangent: Vector)? {
        guard let last = piece.subpath.drawnSegments.last(where: { $0.tangent(at: 1) != nil }),
            let tangent = last.tangent(at: 1)
        else { return nil }
        return (last.end, tangent)
    }

    /// The ranges of distance in `from...to` over which the gradient's colour is either constant
    /// or changes along a piece of the path that turns by at most ``maximumSliceTurn``.
    private func colorRanges(_ gradient: PathGradient, from: Double, to: Double, length: Double) -> [ColorRange] {
        var ranges: [ColorRange] = []
        for piece in gradient.pieces {
            let (x, y) = (max(from, piece.from * length), min(to, piece.to * length))
            guard y > x else { continue }
            if piece.fromColor == piece.toColor {
                ranges.append(range(x, y, color: { _ in piece.fromColor }))
            } else {
                // Within the piece, from its colour to its colour: at a hard stop at the piece's
                // end, the gradient's own colour there is the one after the stop, not this one.
                let color = { (distance: Double) in
                    piece.fromColor.interpolated(
                        to: piece.toColor, at: (distance / length - piece.from) / (piece.to - piece.from))
                }
                subdivide(x, y, color: color, into: &ranges, depth: 0)
            }
        }
        return ranges
    }

    /// Splits `x...y` in halves until each turns by at most ``maximumSliceTurn`` (or is shorter
    /// than a hundredth of a point).
    private func subdivide(
        _ x: Double, _ y: Double, color: (Double) -> Color, into ranges: inout [ColorRange], depth: Int
    ) {
        let middle = 0.5 * (x + y)
        if depth < 16, y - x > 0.01, let a = path.location(atDistance: x), let b = path.location(atDistance: y),
            let m = path.location(atDistance: middle)
        {
            let turn = max(Self.turn(a.tangent, m.tangent), Self.turn(m.tangent, b.tangent))
            // Short pieces keep the chord close to the path anyway; long ones are split at once.
            if turn > Self.maximumSliceTurn / 2 || y - x > 64 {
                subdivide(x, middle, color: color, into: &ranges, depth: depth + 1)
                subdivide(middle, y, color: color, into: &ranges, depth: depth + 1)
                return
            }
        }
        ranges.append(range(x, y, color: color))
    }

    /// The range `x...y` with its chord and colours.
    private func range(_ x: Double, _ y: Double, color: (Double) -> Color) -> ColorRange {
        let start = path.location(atDistance: x)?.point ?? .zero
        let end = path.location(atDistance: y)?.point ?? start
        return ColorRange(from: x, to: y, start: start, end: end, startColor: color(x), endColor: color(y))
    }

    /// The angle between two unit tangents, in radians.
    private static func turn(_ a: Vector, _ b: Vector) -> Double {
        abs(atan2(a.cross(b), a.dot(b)))
    }
}

/// A range of distance along a path with the colours at its ends.
private struct ColorRange {
    var from: Double
    var to: Double
    var start: Point
    var end: Point
    var startColor: Color
    var endColor: Color
}
