/// Reads a progress value as users write it: a fraction (`0.5`), a percentage (`50%`), or a
/// ratio of counts (`512/1024`, as a download's bytes received over bytes expected — divided
/// as doubles, never as integers).
enum ProgressValue {
    static func parse(_ text: String, option: String) throws(CommandLineError) -> Double {
        func number(_ part: Substring) throws(CommandLineError) -> Double {
            guard let value = Double(part.trimmingPrefix(while: \.isWhitespace)), value.isFinite else {
                throw .usage(
                    "option '\(option)' expects a fraction (0.5), a percentage (50%) or a ratio (512/1024), not '\(text)'"
                )
            }
            return value
        }
        if text.hasSuffix("%") {
            return try number(text.dropLast()) / 100
        }
        if let slash = text.firstIndex(of: "/") {
            let done = try number(text[..<slash])
            let total = try number(text[text.index(after: slash)...])
            guard total > 0 else {
                throw .usage(
                    "option '\(option)': the total in '\(text)' must be above zero (an unknown total has no progress)")
            }
            return done / total
        }
        return try number(Substring(text))
    }
}
