import Foundation

/// How numbers are printed for people and for programs.
enum NumberText {
    /// For people: 10 significant digits (the default accuracy of lengths), no trailing zeros,
    /// and no negative zero.
    static func readable(_ value: Double) -> String {
        value == 0 ? "0" : String(format: "%.10g", value)
    }

    /// For programs (JSON): every digit needed to read back the same double.
    static func exact(_ value: Double) -> String {
        value == 0 ? "0" : "\(value)"
    }
}
