/// A trim was asked for with a fraction or offset that is NaN or infinite.
public struct TrimError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The argument at fault: `"from"`, `"to"` or `"offset"`.
    public var argument: String
    /// The value given.
    public var value: Double

    /// Creates the error for `argument` given `value`.
    public init(argument: String, value: Double) {
        self.argument = argument
        self.value = value
    }

    /// One sentence: the argument must be a finite number.
    public var description: String {
        "the trim's '\(argument)' must be a finite number, not \(value)"
    }
}
