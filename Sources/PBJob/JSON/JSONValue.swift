/// A JSON value with the position of its first character, as read by ``JSONReader``.
package struct JSONNode: Sendable {
    /// The value.
    package var value: JSONValue
    /// Where the value begins in the file.
    package var position: TextPosition
}

/// A JSON value (RFC 8259). Objects keep their members in file order, with the position of
/// each key, so errors can point at them.
package enum JSONValue: Sendable {
    case null
    case bool(Bool)
    /// A number, with its text as written (for messages).
    case number(Double, text: String)
    case string(String)
    case array([JSONNode])
    case object([JSONMember])

    /// The value as a message quotes it: a number as written, a string in quotes, anything else
    /// by its kind.
    package var description: String {
        switch self {
        case .number(_, let text): text
        case .string(let text): "'\(text)'"
        default: kindDescription
        }
    }

    /// The kind of value, for messages: "a string", "a number", ….
    package var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One `"key": value` member of a JSON object.
package struct JSONMember: Sendable {
    package var key: String
    package var keyPosition: TextPosition
    package var value: JSONNode
}
