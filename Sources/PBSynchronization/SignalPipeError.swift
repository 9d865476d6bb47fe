/// Why a ``SignalPipe`` could not be set up: a system call failed.
public struct SignalPipeError: Error, Sendable, Hashable {
    /// The call that failed: `pipe`, or `sigaction(N)` with the signal number.
    public var call: String
    /// The system's code (`EINVAL` for a signal number out of range).
    public var errno: Int32

    /// An error for a failed call.
    ///
    /// - Parameters:
    ///   - call: The call that failed, e.g. `pipe` or `sigaction(15)`.
    ///   - errno: The system's code.
    public init(call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }
}
