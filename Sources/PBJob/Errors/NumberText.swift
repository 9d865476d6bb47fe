#if canImport(Glibc)
    import Glibc
#endif

/// How numbers are printed for people and for programs.
package enum NumberText {
    /// For people: 10 significant digits (the default accuracy of lengths), no trailing zeros,
    /// and no negative zero.
    package static func readable(_ value: Double) -> String {
        guard value != 0 else { return "0" }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 32) { buffer in
            guard let base = buffer.baseAddress else { return "\(value)" }
            _ = withVaList([value]) { vsnprintf(base, 32, "%.10g", $0) }
            return String(cString: base)
        }
    }

    /// For programs (JSON): every digit needed to read back the same double.
    package static func exact(_ value: Double) -> String {
        value == 0 ? "0" : "\(value)"
    }
}
