extension QueryString {
    /// The largest query ``QueryString`` decodes, and which parameters may hold line breaks; anything larger is
    /// an error, not a slow request.
    public struct Limits: Sendable, Hashable {
        /// The most bytes in the raw query.
        public var maximumLength: Int
        /// The most parameters (non-empty `&`-separated pieces).
        public var maximumParameterCount: Int
        /// The names whose values are multi-line text (a JSON document, SVG path data) and so may hold tab, line
        /// feed and carriage return. No value may hold another control character (U+0000–U+001F, U+007F), and no
        /// name any: a NUL would cut the value short wherever it meets C, and the rest are invisible.
        public var multilineParameters: Set<String>

        /// Limits with the given bounds.
        ///
        /// - Parameters:
        ///   - maximumLength: The most bytes in the raw query.
        ///   - maximumParameterCount: The most parameters.
        ///   - multilineParameters: The names whose values may hold tab, line feed and carriage return.
        public init(maximumLength: Int = 8192, maximumParameterCount: Int = 100, multilineParameters: Set<String> = [])
        {
            self.maximumLength = maximumLength
            self.maximumParameterCount = maximumParameterCount
            self.multilineParameters = multilineParameters
        }

        /// 8192 bytes and 100 parameters, none of them multi-line.
        public static let `default` = Limits()
    }
}
