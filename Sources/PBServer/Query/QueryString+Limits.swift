extension QueryString {
    /// The largest query ``QueryString`` decodes; anything larger is an error, not a slow request.
    public struct Limits: Sendable, Hashable {
        /// The most bytes in the raw query.
        public var maximumLength: Int
        /// The most parameters (non-empty `&`-separated pieces).
        public var maximumParameterCount: Int

        /// Limits with the given bounds.
        ///
        /// - Parameters:
        ///   - maximumLength: The most bytes in the raw query.
        ///   - maximumParameterCount: The most parameters.
        public init(maximumLength: Int = 8192, maximumParameterCount: Int = 100) {
            self.maximumLength = maximumLength
            self.maximumParameterCount = maximumParameterCount
        }

        /// 8192 bytes and 100 parameters.
        public static let `default` = Limits()
    }
}
