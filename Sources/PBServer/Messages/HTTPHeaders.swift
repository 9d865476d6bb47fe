/// An ordered list of HTTP header fields, looked up by name without regard to ASCII case.
///
/// Field names compare case-insensitively (RFC 9110 §5.1): `headers["content-type"]` finds a field sent as
/// `Content-Type`. Fields keep the order and spelling they were added with, and a name may occur more than once
/// (`values(for:)` returns them all). Equality compares the fields exactly, spelling and order included.
public struct HTTPHeaders: Sendable, Hashable {
    /// One header field: a name and its value, as sent or as they will be sent.
    public struct Field: Sendable, Hashable {
        /// The field name, e.g. `Content-Type`.
        public var name: String
        /// The field value, without leading or trailing whitespace, e.g. `image/png`.
        public var value: String

        /// A field with the given name and value.
        ///
        /// - Parameters:
        ///   - name: The field name.
        ///   - value: The field value.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields in order.
    public private(set) var fields: [Field]

    /// Headers holding the given fields, in order.
    ///
    /// - Parameter fields: The fields.
    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// The value of the first field with this name (any case), or nil; setting replaces every field with this
    /// name by one field in the first one's place (or at the end), and setting nil removes them all.
    ///
    /// - Parameter name: The field name, compared without regard to ASCII case.
    /// - Complexity: O(*n*) in the number of fields.
    public subscript(name: String) -> String? {
        get { fields.first { ASCII.equalsIgnoringCase($0.name, name) }?.value }
        set {
            let first = fields.firstIndex { ASCII.equalsIgnoringCase($0.name, name) }
            guard let newValue else {
                remove(name)
                return
            }
            guard let first else {
                fields.append(Field(name: name, value: newValue))
                return
            }
            fields[first] = Field(name: name, value: newValue)
            var index = fields.count - 1
            while index > first {
                if ASCII.equalsIgnoringCase(fields[index].name, name) { fields.remove(at: index) }
                index -= 1
            }
        }
    }

    /// The values of every field with this name (any case), in order.
    ///
    /// - Parameter name: The field name, compared without regard to ASCII case.
    /// - Returns: The values; empty when there is no such field.
    /// - Complexity: O(*n*) in the number of fields.
    public func values(for name: String) -> [String] {
        fields.filter { ASCII.equalsIgnoringCase($0.name, name) }.map(\.value)
    }

    /// Whether a field with this name (any case) is present.
    ///
    /// - Parameter name: The field name, compared without regard to ASCII case.
    /// - Complexity: O(*n*) in the number of fields.
    public func contains(_ name: String) -> Bool {
        fields.contains { ASCII.equalsIgnoringCase($0.name, name) }
    }

    /// Appends a field, keeping any fields of the same name.
    ///
    /// - Parameters:
    ///   - name: The field name.
    ///   - value: The field value.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Removes every field with this name (any case).
    ///
    /// - Parameter name: The field name, compared without regard to ASCII case.
    /// - Complexity: O(*n*) in the number of fields.
    public mutating func remove(_ name: String) {
        fields.removeAll { ASCII.equalsIgnoringCase($0.name, name) }
    }
}
