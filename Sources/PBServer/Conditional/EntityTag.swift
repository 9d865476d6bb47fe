import PBSynchronization

/// An HTTP entity tag (RFC 9110 §8.8.3): an opaque validator of a representation, strong or weak.
///
/// In a header it is written `"opaque"` (strong) or `W/"opaque"` (weak). The opaque part may hold any visible
/// ASCII character except `"`, and bytes 0x80–0xFF.
public struct EntityTag: Sendable, Hashable, CustomStringConvertible {
    /// The tag between the quotes.
    public let opaqueTag: String
    /// Whether the tag is weak (`W/` prefix): it names an equivalent representation, not identical bytes.
    public let isWeak: Bool

    /// A tag with this opaque part, or nil when the text holds a `"`, a space or a control character.
    ///
    /// - Parameters:
    ///   - opaqueTag: The text between the quotes.
    ///   - weak: Whether the tag is weak.
    /// - Complexity: O(*n*) in the text's length.
    public init?(_ opaqueTag: String, weak: Bool = false) {
        guard opaqueTag.utf8.allSatisfy(Self.isTagCharacter) else { return nil }
        self.opaqueTag = opaqueTag
        self.isWeak = weak
    }

    /// The strong tag of these bytes: the 16 lower-case hexadecimal digits of their ``FNV1a64`` hash.
    ///
    /// Equal bytes always give equal tags; different bytes give different tags except with probability about
    /// 2⁻⁶⁴ per pair (for bytes not chosen to collide; see ``FNV1a64``).
    ///
    /// - Parameter bytes: The representation's bytes.
    /// - Complexity: O(*n*) in the number of bytes.
    @inlinable public init(hashing bytes: some Sequence<UInt8>) {
        // Inlinable so that the hash is specialized for the caller's sequence (an unspecialized loop over
        // `some Sequence` cost about 200 instructions a byte: 1.8 M of a 9 KB PNG's 12 M in the server).
        self.init(hash: FNV1a64.hash(bytes))
    }

    /// The strong tag of a 64-bit hash: its 16 lower-case hexadecimal digits.
    @usableFromInline init(hash: UInt64) {
        var digits = [UInt8](repeating: 0, count: 16)
        for index in 0..<16 {
            digits[index] = ASCII.hexDigit(UInt8(truncatingIfNeeded: hash >> UInt64(60 - 4 * index)) & 0xF)
        }
        self.opaqueTag = String(decoding: digits, as: UTF8.self)
        self.isWeak = false
    }

    /// The tag as written in `ETag`: `"…"` or `W/"…"`.
    public var headerValue: String {
        isWeak ? "W/\"\(opaqueTag)\"" : "\"\(opaqueTag)\""
    }

    /// The tag as written in `ETag`.
    public var description: String { headerValue }

    /// Whether the two tags match by the weak comparison (RFC 9110 §8.8.3.2): equal opaque parts, either weak.
    /// `If-None-Match` uses this comparison.
    ///
    /// - Parameter other: The other tag.
    public func weaklyMatches(_ other: EntityTag) -> Bool {
        opaqueTag == other.opaqueTag
    }

    /// Whether the two tags match by the strong comparison: both strong and equal opaque parts.
    ///
    /// - Parameter other: The other tag.
    public func stronglyMatches(_ other: EntityTag) -> Bool {
        !isWeak && !other.isWeak && opaqueTag == other.opaqueTag
    }

    /// Whether `byte` may appear between an entity tag's quotes (`etagc`: 0x21, 0x23–0x7E, 0x80–0xFF).
    static func isTagCharacter(_ byte: UInt8) -> Bool {
        byte == 0x21 || (byte >= 0x23 && byte != 0x7F)
    }
}
