#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A location in the plane, in points, with y pointing down (as in SVG, Cairo and UIKit).
///
/// Points and vectors are kept apart: the difference of two points is a ``Vector``, a point
/// plus a vector is a point, and two points cannot be added.
public struct Point: Hashable, Sendable {
    /// The horizontal coordinate, growing to the right.
    public var x: Double
    /// The vertical coordinate, growing downwards.
    public var y: Double

    /// Creates a point from its coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Creates a point from its coordinates, unlabelled.
    public init(_ x: Double, _ y: Double) {
        self.init(x: x, y: y)
    }

    /// The origin, `(0, 0)`.
    public static let zero = Point(x: 0, y: 0)

    /// Whether both coordinates are finite (neither NaN nor infinite).
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// The vector from the origin to this point.
    public var vector: Vector { Vector(dx: x, dy: y) }

    /// The point a fraction `t` of the way from this point to `other`: `self + t * (other - self)`.
    ///
    /// Returns exactly `self` at `t == 0` and exactly `other` at `t == 1`.
    public func interpolated(to other: Point, at t: Double) -> Point {
        if t == 1 { return other }
        return Point(x: x + t * (other.x - x), y: y + t * (other.y - y))
    }

    /// The point halfway between this point and `other`.
    public func midpoint(to other: Point) -> Point {
        Point(x: 0.5 * (x + other.x), y: 0.5 * (y + other.y))
    }

    /// The Euclidean distance to `other`, computed without undue overflow or underflow.
    public func distance(to other: Point) -> Double {
        (other - self).length
    }

    /// The vector from `rhs` to `lhs`.
    public static func - (lhs: Point, rhs: Point) -> Vector {
        Vector(dx: lhs.x - rhs.x, dy: lhs.y - rhs.y)
    }

    /// The point `lhs` moved by `rhs`.
    public static func + (lhs: Point, rhs: Vector) -> Point {
        Point(x: lhs.x + rhs.dx, y: lhs.y + rhs.dy)
    }

    /// The point `lhs` moved by the opposite of `rhs`.
    public static func - (lhs: Point, rhs: Vector) -> Point {
        Point(x: lhs.x - rhs.dx, y: lhs.y - rhs.dy)
    }

    /// Moves `lhs` by `rhs`.
    public static func += (lhs: inout Point, rhs: Vector) {
        lhs = lhs + rhs
    }
}

extension Point: CustomStringConvertible {
    /// The point as `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}
