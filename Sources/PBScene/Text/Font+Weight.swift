extension Font {
    /// The boldness of a font on the CSS / OpenType scale, `100...1000` (400 regular, 700 bold).
    ///
    /// Pango reads the named weights of a description ("Light", "Bold", "Heavy", …) as these
    /// numbers; SVG's `font-weight` takes the number as it is.
    public struct Weight: Hashable, Sendable, Comparable {
        /// The weight, `100...1000`.
        public let value: Int

        /// A weight from its number, or `nil` outside `100...1000`.
        public init?(_ value: Int) {
            guard (100...1000).contains(value) else { return nil }
            self.value = value
        }

        private init(unchecked value: Int) {
            self.value = value
        }

        /// 100, Pango's "Thin".
        public static let thin = Weight(unchecked: 100)
        /// 300, Pango's "Light".
        public static let light = Weight(unchecked: 300)
        /// 400, Pango's "Normal" or "Regular".
        public static let regular = Weight(unchecked: 400)
        /// 500, Pango's "Medium".
        public static let medium = Weight(unchecked: 500)
        /// 600, Pango's "Semi-Bold".
        public static let semibold = Weight(unchecked: 600)
        /// 700, Pango's "Bold".
        public static let bold = Weight(unchecked: 700)
        /// 900, Pango's "Heavy".
        public static let heavy = Weight(unchecked: 900)

        /// Orders weights from light to heavy.
        public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.value < rhs.value }
    }
}
