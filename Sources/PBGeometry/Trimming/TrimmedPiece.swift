/// One subpath of a trimmed path, and where on the original path it comes from.
public struct TrimmedPiece: Hashable, Sendable {
    /// The kept part: the original subpath when kept whole, otherwise an open piece of it.
    public var subpath: Subpath
    /// The index of the subpath it was cut from in the original path's ``Path/subpaths``.
    public var sourceIndex: Int
    /// How far along that subpath (in points of arc length) the piece starts.
    public var sourceDistance: Double

    /// Creates a piece.
    public init(subpath: Subpath, sourceIndex: Int, sourceDistance: Double) {
        self.subpath = subpath
        self.sourceIndex = sourceIndex
        self.sourceDistance = sourceDistance
    }
}
