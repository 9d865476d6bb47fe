import Foundation
import Testing

/// Whether the tests run under AddressSanitizer or ThreadSanitizer (`.ci/sanitize` sets
/// `PBRENDER_SANITIZER`). Tests that measure time, address-space limits or page faults would
/// measure the sanitizer's runtime (its shadow memory alone is terabytes of address space), not
/// pbrender's, so they are disabled there; every other test runs.
public enum Sanitizer {
    /// The sanitizer in use (`address`, `thread`), or `nil` for a plain build.
    public static let active = ProcessInfo.processInfo.environment["PBRENDER_SANITIZER"]

    /// Why a test is disabled under a sanitizer.
    public static let reason = "measures time, memory limits or page faults, which a sanitizer's runtime changes"

    /// Records an issue, with the report, when a child process's standard error holds a
    /// sanitizer's report (a leak found at its exit makes its exit code 1, which a test would
    /// otherwise only see as a failure without a reason).
    public static func expectNoReport(
        in standardError: String, of command: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard active != nil, let start = standardError.range(of: "ERROR: ") else { return }
        let report = standardError[start.lowerBound...].prefix(6000)
        Issue.record(
            "a sanitizer report from \(command.joined(separator: " ")):\n\(report)", sourceLocation: sourceLocation)
    }
}
