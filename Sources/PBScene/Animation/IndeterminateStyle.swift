import PBGeometry
import PBStyle

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How an indicator of work of unknown length moves, one period at a time, looping seamlessly:
/// each style is a function of the phase `0..<1` of its period, periodic, so the step from the
/// last frame of a period back to the first is like any other step.
public enum IndeterminateStyle: String, CaseIterable, Hashable, Sendable {
    /// `UIActivityIndicatorView`: 12 spokes with round caps, fading behind the brightest, which
    /// steps round one spoke at a time.
    case spinner
    /// Material's circular indeterminate: an arc turning round the path, its head and tail
    /// chasing each other (the arc grows from a quarter to 0.7 of the path and back).
    case arc
    /// Material's linear indeterminate: a segment a quarter of the path long sliding along it
    /// and off its end, then on again from its start.
    case bar
    /// The track breathing: its opacity rises and falls.
    case pulse

    /// The number of spokes of ``spinner``.
    public static let spokeCount = 12

    /// The window of the path ``arc`` shows at `phase`: `strokeStart`, `strokeEnd` and the trim
    /// offset. The length is `0.25 + 0.45 sin²(π φ)`, the tail at `φ - 0.225 sin²(π φ)`, so the
    /// arc turns once a period, the head ahead in the first half, the tail catching up in the
    /// second; at phase 0 it is the first quarter of the path (the static indeterminate look).
    package static func arcWindow(phase: Double) -> (start: Double, end: Double, offset: Double) {
        let swell = pow(sin(.pi * phase), 2)
        let length = ProgressLayout.indeterminateExtent + 0.45 * swell
        var tail = phase - 0.225 * swell
        tail -= tail.rounded(.down)
        return (0, length, tail)
    }

    /// The window ``bar`` shows at `phase`: a segment of a quarter of the path whose leading
    /// edge moves at constant speed from the start of the path (at phase 0 it is the first
    /// quarter) past the end, and re-enters from before the start, cut to the path.
    package static func barWindow(phase: Double) -> (start: Double, end: Double) {
        let length = ProgressLayout.indeterminateExtent
        var position = phase + length / (1 + length)
        position -= position.rounded(.down)
        let tail = -length + (1 + length) * position
        return (max(tail, 0), min(tail + length, 1))
    }

    /// The opacity of the track of ``pulse``: between 0.3 and 1, as `0.65 + 0.35 cos(2π φ)`.
    package static func pulseOpacity(phase: Double) -> Double {
        0.65 + 0.35 * cos(2 * .pi * phase)
    }

    /// The opacity of spoke `index` (0 at 12 o'clock, clockwise) of ``spinner`` at `phase`: 1 for
    /// the brightest, which steps round once a period, falling by equal steps to 0.15 for the
    /// spoke after it.
    package static func spokeOpacity(_ index: Int, phase: Double) -> Double {
        let count = spokeCount
        let head = Int((phase * Double(count)).rounded(.down)) % count
        let behind = ((head - index) % count + count) % count
        return 1 - 0.85 * Double(behind) / Double(count - 1)
    }

    /// The scene of `layout` in this style at `phase` (taken modulo 1).
    ///
    /// - Throws: ``RenderError`` when the label cannot be written; `.notApplicable` naming
    ///   `indeterminate` for a ``spinner`` on a layout without a middle to turn in (a bar or an
    ///   open path: only round shapes and closed paths have one).
    public func scene(of layout: ProgressLayout, phase: Double) throws(RenderError) -> Scene {
        if self == .spinner, layout.center == nil, !layout.measure.path.subpaths.allSatisfy(\.isClosed) {
            throw RenderError(
                .notApplicable(
                    name: "indeterminate",
                    reason: "a spinner turns in the middle of a ring, gauge, semicircle or closed path; "
                        + "a bar or an open path has none (use the 'bar' or 'pulse' style)"))
        }
        let phase = phase - phase.rounded(.down)
        var scene = try layout.scene(values: [ProgressLayout.indeterminateExtent])
        // A drawing of several elements has no one progress layer to move: it stays as it is.
        guard let progress = scene.progress, progress.elements.count <= 1 else {
            scene.progress = nil
            return scene
        }
        let index = progress.layerIndex
        scene.layers = try layers(of: layout, scene.layers, progressIndex: index, phase: phase)
        if let dark = scene.darkLayers {
            scene.darkLayers = try layers(of: layout, dark, progressIndex: index, phase: phase)
        }
        if self == .spinner { scene.progress = nil }
        return scene
    }

    /// The layers changed for the phase: the progress layer's window, the track's opacity, or
    /// the spokes instead of the track and progress.
    private func layers(of layout: ProgressLayout, _ layers: [Layer], progressIndex: Int, phase: Double)
        throws(RenderError) -> [Layer]
    {
        var layers = layers
        guard case .shape(var progress) = layers[progressIndex] else { return layers }
        switch self {
        case .arc:
            (progress.strokeStart, progress.strokeEnd, progress.trimOffset) = Self.arcWindow(phase: phase)
            layers[progressIndex] = .shape(progress)
        case .bar:
            (progress.strokeStart, progress.strokeEnd) = Self.barWindow(phase: phase)
            layers[progressIndex] = .shape(progress)
        case .pulse:
            progress.strokeEnd = 0
            progress.showsZeroLengthDot = false
            layers[progressIndex] = .shape(progress)
            let opacity = Self.pulseOpacity(phase: phase)
            for (index, layer) in layers.enumerated() where index != progressIndex {
                if case .shape(var track) = layer, track.stroke != nil {
                    track.opacity = opacity
                    layers[index] = .shape(track)
                }
            }
        case .spinner:
            let color = progress.strokePaint.color(atFraction: 0)
            let stroke = StrokeStyle(lineWidth: progress.stroke?.lineWidth ?? 4, lineCap: .round)
            let spokes = Self.spokes(in: layout.content, center: layout.center, width: stroke.lineWidth).enumerated()
                .map { index, path in
                    Layer.shape(
                        ShapeLayer(
                            path: PathMeasure(path), stroke: stroke, strokePaint: .color(color),
                            opacity: Self.spokeOpacity(index, phase: phase)))
                }
            // The spokes take the place of the track and the progress; the background and label stay.
            layers = layers.filter { if case .shape = $0 { false } else { true } }
            let firstText = layers.firstIndex { if case .text = $0 { true } else { false } } ?? layers.count
            layers.insert(contentsOf: spokes, at: firstText)
        }
        return layers
    }

    /// The spokes of a spinner filling `rect` (about `center`): from half the radius to the
    /// radius, less half the stroke so the round caps fit, at 12 o'clock and every 30° clockwise.
    static func spokes(in rect: Rect, center: Point?, width: Double) -> [Path] {
        let center = center ?? rect.center
        let outer = max(min(rect.width, rect.height) / 2 - width / 2, 0)
        let inner = outer / 2
        return (0..<spokeCount).map { index in
            let direction = Vector(angle: .degrees(-90 + 360 * Double(index) / Double(spokeCount)))
            var path = Path()
            path.move(to: center + inner * direction)
            path.addLine(to: center + outer * direction)
            return path
        }
    }
}
