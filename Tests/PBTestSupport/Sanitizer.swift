import Foundation

/// Whether the tests run under AddressSanitizer or ThreadSanitizer (`.ci/sanitize` sets
/// `PBRENDER_SANITIZER`). Tests that measure time, address-space limits or page faults would
/// measure the sanitizer's runtime (its shadow memory alone is terabytes of address space), not
/// pbrender's, so they are disabled there; every other test runs.
public enum Sanitizer {
    /// The sanitizer in use (`address`, `thread`), or `nil` for a plain build.
    public static let active = ProcessInfo.processInfo.environment["PBRENDER_SANITIZER"]

    /// Why a test is disabled under a sanitizer.
    public static let reason = "measures time, memory limits or page faults, which a sanitizer's runtime changes"
}
