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

    /// Creates a rectangle from its top-left corner and size.
    public init(origin: Point, size: Size) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }

    /// The width and height.
    public var size: Size { Size(width: width, height: height) }

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
    /// The x of the centre.
    public var midX: Double { origin.x + width / 2 }
    /// The y of the centre.
    public var midY: Double { origin.y + height / 2 }
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

    /// The rectangle shrunk by `amount` on every side (grown when `amount` is negative), as
    /// `CGRect.insetBy(dx:dy:)`; a width or height that would go below zero is zero, about the
    /// same centre.
    public func insetBy(_ amount: Double) -> Rect {
        let (width, height) = (self.width - 2 * amount, self.height - 2 * amount)
        guard width >= 0, height >= 0 else {
            let center = self.center
            let (w, h) = (Swift.max(width, 0), Swift.max(height, 0))
            return Rect(x: center.x - w / 2, y: center.y - h / 2, width: w, height: h)
        }
        return Rect(x: minX + amount, y: minY + amount, width: width, height: height)
    }
}
