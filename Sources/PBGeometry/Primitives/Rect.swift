/// An axis-aligned rectangle: an origin (top-left, with y pointing down) and a size.
public struct Rect: Hashable, Sendable {
    /// The top-left corner.
    public var origin: Point
    /// The width, zero or more.
    public var width: Double
    /// The height, zero or more.
    public var height: Double

    /// Creates a rectangle from its top-left corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.width = width
        self.height = height
    }

    /// The smallest rectangle that contains both points.
    public init(enclosing a: Point, _ b: Point) {
        self.init(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
    }

    /// The smallest x.
    public var minX: Double { origin.x }
    /// The smallest y (the top edge).
    public var minY: Double { origin.y }
    /// The largest x.
    public var maxX: Double { origin.x + width }
    /// The largest y (the bottom edge).
    public var maxY: Double { origin.y + height }
    /// The centre.
    public var center: Point { Point(x: origin.x + width / 2, y: origin.y + height / 2) }

    /// The smallest rectangle containing this one and `point`.
    public func union(_ point: Point) -> Rect {
        let minX = Swift.min(self.minX, point.x)
        let minY = Swift.min(self.minY, point.y)
        return Rect(
            x: minX, y: minY,
            width: Swift.max(maxX, point.x) - minX, height: Swift.max(maxY, point.y) - minY)
    }

    /// The smallest rectangle containing this one and `other`.
    public func union(_ other: Rect) -> Rect {
        union(other.origin).union(Point(x: other.maxX, y: other.maxY))
    }

    /// The rectangle grown by `amount` on every side (shrunk when `amount` is negative).
    public func insetBy(_ amount: Double) -> Rect {
        Rect(x: minX + amount, y: minY + amount, width: width - 2 * amount, height: height - 2 * amount)
    }
}
