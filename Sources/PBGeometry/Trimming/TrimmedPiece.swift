/// One subpath of a trimmed path, and where on the original path it comes from.
public struct TrimmedPiece: Hashable, Sendable {
    /// The kept part: the original subpath when kept whole, otherwise an open piece of it.
    public let subpath: Subpath
    /// The index of the subpath it was cut from in the original path's ``PathMeasure/subpaths``.
    public let sourceIndex: Int
    /// How far along that subpath (in points of arc length) the piece starts.
    public let sourceDistance: Double
    /// Where the piece starts and ends along the whole original path, in points of arc length.
    /// A piece that runs through the seam of a closed path (with a trim offset) ends before it
    /// starts: it runs from `distances.start` to the end of the path, then from its start.
    public let distances: (start: Double, end: Double)

    /// Creates a piece.
    init(subpath: Subpath, sourceIndex: Int, sourceDistance: Double, distances: (start: Double, end: Double)) {
        self.subpath = subpath
        self.sourceIndex = sourceIndex
        self.sourceDistance = sourceDistance
        self.distances = distances
    }

    /// Whether two pieces are the same piece of the same place.
    public static func == (lhs: TrimmedPiece, rhs: TrimmedPiece) -> Bool {
        lhs.subpath == rhs.subpath && lhs.sourceIndex == rhs.sourceIndex && lhs.sourceDistance == rhs.sourceDistance
            && lhs.distances == rhs.distances
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(subpath)
        hasher.combine(sourceIndex)
        hasher.combine(sourceDistance)
        hasher.combine(distances.start)
        hasher.combine(distances.end)
    }
}
