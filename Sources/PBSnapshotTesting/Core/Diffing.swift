/// How snapshots of type `Value` are stored as bytes and compared.
public struct Diffing<Value>: Sendable {
    /// The bytes of the file a snapshot is stored in.
    public var toData: @Sendable (Value) throws -> [UInt8]
    /// Reads a stored snapshot; throws for a file that is not one (a corrupt reference).
    public var fromData: @Sendable ([UInt8]) throws -> Value
    /// Compares the reference with the actual snapshot: `nil` when they match (within the
    /// strategy's tolerance), otherwise what differs.
    public var diff: @Sendable (_ reference: Value, _ actual: Value) -> SnapshotDifference?

    /// Creates a diffing.
    public init(
        toData: @escaping @Sendable (Value) throws -> [UInt8], fromData: @escaping @Sendable ([UInt8]) throws -> Value,
        diff: @escaping @Sendable (_ reference: Value, _ actual: Value) -> SnapshotDifference?
    ) {
        self.toData = toData
        self.fromData = fromData
        self.diff = diff
    }
}

/// What differs between a reference and an actual snapshot.
public struct SnapshotDifference: Sendable {
    /// One sentence (or a few lines) saying what differs.
    public var message: String
    /// Files that show the difference (a difference image), written beside the actual snapshot
    /// in the artifacts folder: a name suffix (`diff.png`) and the bytes.
    public var attachments: [(suffix: String, bytes: [UInt8])]

    /// Creates a difference.
    public init(message: String, attachments: [(suffix: String, bytes: [UInt8])] = []) {
        self.message = message
        self.attachments = attachments
    }
}
