import PBGeometry
import PBRendering

// The command line's text syntaxes, for Swift code: each reads exactly what the option of that
// type reads (`--progress 50%`, `--bytes 512/1024`, `--progress-gradient '#F00,#0F0@0.8'`, …), and
// refuses what it refuses.

extension ProgressAmount {
    /// A progress as users write it: `0.5`, `50%` or `512/1024` (as `--progress` reads it).
    ///
    /// - Throws: ``TextSyntaxError`` for anything else, a ratio over a zero total, or one that
    ///   overflows.
    public init(parsing text: String) throws(TextSyntaxError) { self = try .parsing(text) }
}

extension ByteCounts {
    /// Bytes received over bytes expected, `3145728/10485760`, or `3145728/?` for an unknown
    /// total (as `--bytes` reads it).
    ///
    /// - Throws: ``TextSyntaxError`` for anything else.
    public init(parsing text: String) throws(TextSyntaxError) { self = try .parsing(text) }
}

extension StepCount {
    /// Step n of m, `3/7` (as `--step` reads it).
    ///
    /// - Throws: ``TextSyntaxError`` for anything else.
    public init(parsing text: String) throws(TextSyntaxError) { self = try .parsing(text) }
}

extension PathGradient {
    /// Colours along the path: `#F00,#FC0,#0F0` evenly spaced, or with locations
    /// (`#F00@0,#0F0@0.8`, `#0F0@80%`); stops without a location are spaced evenly between their
    /// neighbours, as in CSS (as `--progress-gradient` reads it).
    ///
    /// - Throws: ``TextSyntaxError`` for a colour or location that cannot be read, or stops out of
    ///   order.
    public init(parsing text: String) throws(TextSyntaxError) { self = try .parsing(text) }
}

extension ValueColors {
    /// A colour by value: `0:#FF3B30,0.5:#FF9500,0.8:#34C759`, the progress taking the colour of
    /// the last stop at or below it (as `--color-stops` reads it).
    ///
    /// - Throws: ``TextSyntaxError`` for a stop that cannot be read, or stops out of order.
    public init(parsing text: String) throws(TextSyntaxError) { self = try .parsing(text) }
}

extension Angle {
    /// An angle: degrees (`90`, `90deg`), radians (`1.5rad`) or turns (`0.25turn`; whole turns
    /// are dropped first), as `--start-angle` reads it.
    ///
    /// - Throws: ``TextSyntaxError`` for anything else, or a value that is not finite.
    public init(parsing text: String) throws(TextSyntaxError) { self = try .parsing(text) }
}
