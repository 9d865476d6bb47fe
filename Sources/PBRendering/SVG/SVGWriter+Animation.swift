import PBGeometry
import PBScene

/// Animated SVG: CSS animations, so one file moves in any browser, and shows its end state (or
/// its first frame, for an indeterminate indicator) when the viewer prefers reduced motion.
extension SVGWriter {
    /// How many keyframes sample one period of an indeterminate motion (linear between them).
    static let keyframesPerPeriod = 60

    /// A progress animation: the live SVG's custom property `--progress`, registered with
    /// `@property` so CSS interpolates it, animated from `from` to `to` along the timing curve,
    /// held, and repeated as the schedule says.
    mutating func writeProgressAnimation(from: Double, to: Double, timing: TimingFunction, schedule: FrameSchedule) {
        guard case .animation(let duration) = schedule.kind else { return }
        let root = rootClassName()
        let keyframes = nextID("k")
        let total = duration + schedule.hold
        let moving = total > 0 ? 100 * duration / total : 100
        // The style element is XML: its `<` and `>` are written as entities (a bare `<number>`
        // would be an element, and the document not well-formed), which CSS reads as the characters.
        rules += "@property --progress{syntax:'&lt;number&gt;';inherits:true;initial-value:\(number(from))}"
        rules += "@keyframes \(keyframes){0%{--progress:\(number(from));animation-timing-function:\(timing.cssValue)}"
        // Without a hold the last keyframe is 100% alone (not "100%,100%").
        let last = moving < 100 ? "\(number(moving))%,100%" : "100%"
        rules += "\(last){--progress:\(number(to))}}"
        let count = schedule.loopCount == 0 ? "infinite" : String(schedule.loopCount)
        rules += ".\(root){animation:\(keyframes) \(number(total))s linear \(count) both}"
        rules += "@media (prefers-reduced-motion: reduce){.\(root){animation:none;--progress:\(number(to))}}"
    }

    /// An indeterminate indicator: its first frame, with the parts that move animated over one
    /// period, looping forever.
    mutating func writeIndeterminate(_ style: IndeterminateStyle, timeline: Timeline, dark: [Layer]) throws(RenderError)
    {
        guard case .loop(let period) = timeline.schedule.kind else { return }
        let progressIndex = scene.progress?.layerIndex
        var spoke = 0
        for (index, layer) in scene.layers.enumerated() {
            let darkLayer = index < dark.count ? dark[index] : layer
            guard case .shape(let shape) = layer, case .shape(let darkShape) = darkLayer else {
                try write(layer, dark: darkLayer)
                continue
            }
            switch style {
            case .arc, .bar:
                if index == progressIndex {
                    try writeWindowAnimation(style, shape, dark: darkShape, period: period)
                } else {
                    try write(layer, dark: darkLayer)
                }
            case .pulse:
                if index == progressIndex { continue }
                guard shape.stroke != nil else {
                    try write(layer, dark: darkLayer)
                    continue
                }
                let name = nextID("p")
                rules += "@keyframes \(name){"
                for sample in 0...Self.keyframesPerPeriod {
                    let phase = Double(sample) / Double(Self.keyframesPerPeriod)
                    rules += "\(number(100 * phase))%{opacity:\(number(IndeterminateStyle.pulseOpacity(phase: phase)))}"
                }
                rules += "}"
                try writeAnimated(shape, dark: darkShape, animation: "\(name) \(number(period))s linear infinite")
            case .spinner:
                // Each spoke runs the same stepped fade, a twelfth of a period later than the one
                // before it.
                if spoke == 0 {
                    let name = Self.spinnerKeyframes
                    rules += "@keyframes \(Self.prefixMarker)-\(name){"
                    for step in 0..<IndeterminateStyle.spokeCount {
                        let opacity = IndeterminateStyle.spokeOpacity(
                            0, phase: Double(step) / Double(IndeterminateStyle.spokeCount))
                        rules +=
                            "\(number(100 * Double(step) / Double(IndeterminateStyle.spokeCount)))%{opacity:\(number(opacity))}"
                    }
                    rules += "}"
                }
                let lag = Double((IndeterminateStyle.spokeCount - spoke) % IndeterminateStyle.spokeCount)
                let delay = -period * lag / Double(IndeterminateStyle.spokeCount)
                let animation =
                    "\(Self.prefixMarker)-\(Self.spinnerKeyframes) \(number(period))s step-end \(number(delay))s infinite"
                try writeAnimated(shape, dark: darkShape, animation: animation)
                spoke += 1
            }
        }
        // Important: the animations are in style attributes, which a plain rule cannot override.
        rules += "@media (prefers-reduced-motion: reduce){.\(Self.prefixMarker)-m{animation:none!important}}"
    }

    /// The name of the spinner's keyframes.
    private static let spinnerKeyframes = "spokes"

    /// A shape layer in a group that plays `animation` (its opacity moves; reduced motion stops it).
    private mutating func writeAnimated(_ shape: ShapeLayer, dark: ShapeLayer, animation: String) throws(RenderError) {
        var still = shape
        var stillDark = dark
        let opacity = shape.opacity
        (still.opacity, stillDark.opacity) = (1, 1)
        body += "<g class=\"\(Self.prefixMarker)-m\" opacity=\"\(number(opacity))\" style=\"animation:\(animation)\">\n"
        try write(.shape(still), dark: .shape(stillDark))
        body += "</g>\n"
    }

    /// An arc or bar window moving along a path of one subpath: its dash length and offset at
    /// sampled phases, linear between them.
    private mutating func writeWindowAnimation(
        _ style: IndeterminateStyle, _ shape: ShapeLayer, dark: ShapeLayer, period: Double
    ) throws(RenderError) {
        let measure = shape.path
        guard measure.subpaths.count == 1, let subpath = measure.subpaths.first, let stroke = shape.stroke else {
            throw RenderError(
                .notApplicable(
                    name: "indeterminate",
                    reason: "an animated SVG moves an arc or bar along a path of one subpath; use an APNG for others"))
        }
        guard stroke.dash.isEmpty, case .color(let color) = shape.strokePaint else {
            throw RenderError(
                .notApplicable(
                    name: "indeterminate", reason: "an animated SVG moves a solid, undashed arc or bar"))
        }
        let length = measure.length
        let closes = subpath.isClosed
        let name = nextID("w")
        rules += "@keyframes \(name){"
        for sample in 0...Self.keyframesPerPeriod {
            let phase = Double(sample) / Double(Self.keyframesPerPeriod)
            let (start, end, offset) =
                style == .arc
                ? IndeterminateStyle.arcWindow(phase: phase)
                : {
                    let window = IndeterminateStyle.barWindow(phase: phase)
                    return (window.start, window.end, 0.0)
                }()
            let visible = max(end - start, 0) * length
            // A closed path repeats the pattern every length, so a window through the seam wraps.
            let gap = closes ? length - visible : length + 1
            let shift = (start + offset) * length
            rules += "\(number(100 * phase))%{stroke-dasharray:\(number(visible))px \(number(gap))px;"
            rules += "stroke-dashoffset:\(number(-shift))px;opacity:\(visible > 0 ? 1 : 0)}"
        }
        rules += "}"
        // One class attribute with both names: the dark colour's (if any) and the motion's.
        let darkName =
            darkClassName(property: "stroke", light: color, dark: dark.strokePaint.color(atFraction: 0))
            .map { $0 + " " } ?? ""
        body += "<path d=\"\(pathData([subpath]))\" class=\"\(darkName)\(Self.prefixMarker)-m\" fill=\"none\""
        let first = style == .arc ? IndeterminateStyle.arcWindow(phase: 0) : (0, ProgressLayout.indeterminateExtent, 0)
        body += strokeAttributes(stroke, color: color, dashOffset: 0)
        body += " stroke-dasharray=\"\(number((first.1 - first.0) * length)) \(number(length + 1))\""
        body += " style=\"animation:\(name) \(number(period))s linear infinite\"/>\n"
    }
}
