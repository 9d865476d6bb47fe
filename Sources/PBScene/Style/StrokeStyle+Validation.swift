import PBStyle

extension StrokeStyle {
    /// The first thing that makes the style impossible to draw, if any: the width must be a
    /// finite number >= 0, the miter limit a finite number >= 1, dash lengths finite numbers
    /// >= 0 and not all zero, the phase finite. `name` prefixes the names of the values
    /// (`track` names `trackWidth`).
    package func validate(naming width: String) throws(RenderError) {
        func invalid(_ name: String, _ value: Double, _ requirement: String) -> RenderError {
            RenderError(.invalidValue(name: name, value: "\(value)", requirement: requirement))
        }
        guard lineWidth.isFinite, lineWidth >= 0 else { throw invalid(width, lineWidth, "a finite number >= 0") }
        guard miterLimit.isFinite, miterLimit >= 1 else {
            throw invalid("miterLimit", miterLimit, "a finite number >= 1")
        }
        if let bad = dash.first(where: { !($0.isFinite && $0 >= 0) }) {
            throw invalid("dash", bad, "lengths that are finite numbers >= 0")
        }
        if !dash.isEmpty, dash.allSatisfy({ $0 == 0 }) {
            throw RenderError(
                .invalidValue(name: "dash", value: "0", requirement: "a pattern with a length above zero"))
        }
        guard dashPhase.isFinite else { throw invalid("dashPhase", dashPhase, "a finite number") }
    }
}
