/// How to snapshot values of type `Value` as files of type `Format`: the file extension, how to
/// make the snapshot, and how to store and compare it (a ``Diffing``).
///
/// Strategies are values, derived from one another with ``pullback(_:)``, as in
/// swift-snapshot-testing:
///
/// ```swift
/// extension Snapshotting where Value == MyBadge, Format == RGBAImage {
///     static let image = Snapshotting<Scene, RGBAImage>.image.pullback { try $0.scene() }
/// }
/// ```
public struct Snapshotting<Value, Format>: Sendable {
    /// The extension of reference files, without the dot (`png`, `svg`, `txt`).
    public var pathExtension: String
    /// How snapshots are written, read and compared.
    public var diffing: Diffing<Format>
    /// Makes the snapshot of a value.
    public var snapshot: @Sendable (Value) throws -> Format

    /// Creates a strategy.
    public init(
        pathExtension: String, diffing: Diffing<Format>, snapshot: @escaping @Sendable (Value) throws -> Format
    ) {
        self.pathExtension = pathExtension
        self.diffing = diffing
        self.snapshot = snapshot
    }

    /// The same strategy for another type of value, converted first by `transform`.
    public func pullback<NewValue>(_ transform: @escaping @Sendable (NewValue) throws -> Value) -> Snapshotting<
        NewValue, Format
    > {
        let snapshot = self.snapshot
        return Snapshotting<NewValue, Format>(pathExtension: pathExtension, diffing: diffing) {
            try snapshot(transform($0))
        }
    }
}
