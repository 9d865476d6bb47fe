#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A displacement in the plane: the difference of two ``Point``s, a derivative, a tangent.
public struct Vector: Hashable, Sendable {
    /// The horizontal component.
    public var dx: Double
    /// The vertical component (positive downwards).
    public var dy: Double

    /// Creates a vector from its components.
    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    /// The zero vector.
    public static let zero = Vector(dx: 0, dy: 0)

    /// The unit vector at `angle` from the positive x axis, turning towards positive y
    /// (clockwise on screen): `(cos angle, sin angle)`, exact at multiples of 90°.
    public init(angle: Angle) {
        let (s, c) = angle.sinCos
        self.init(dx: c, dy: s)
    }

    /// The Euclidean length, `hypot(dx, dy)`, computed without undue overflow or underflow.
    public var length: Double { hypot(dx, dy) }

    /// The squared length, `dx * dx + dy * dy`.
    public var lengthSquared: Double { dx * dx + dy * dy }

    /// The angle from the positive x axis, in `-180°...180°`: `atan2(dy, dx)`.
    public var angle: Angle { .radians(atan2(dy, dx)) }

    /// The vector scaled to length 1, or `nil` for a zero (or non-finite) vector.
    public var normalized: Vector? {
        let length = self.length
        guard length > 0, length.isFinite else { return nil }
        return Vector(dx: dx / length, dy: dy / length)
    }

    /// The dot product `lhs.dx * rhs.dx + lhs.dy * rhs.dy`.
    public func dot(_ other: Vector) -> Double { dx * other.dx + dy * other.dy }

    /// The z component of the cross product, `dx * other.dy - dy * other.dx`: positive when
    /// `other` turns clockwise on screen from this vector.
    public func cross(_ other: Vector) -> Double { dx * other.dy - dy * other.dx }

    /// The sum of two vectors.
    public static func + (lhs: Vector, rhs: Vector) -> Vector {
        Vector(dx: lhs.dx + rhs.dx, dy: lhs.dy + rhs.dy)
    }

    /// The difference of two vectors.
    public static func - (lhs: Vector, rhs: Vector) -> Vector {
        Vector(dx: lhs.dx - rhs.dx, dy: lhs.dy - rhs.dy)
    }

    /// The opposite vector.
    public static prefix func - (vector: Vector) -> Vector {
        Vector(dx: -vector.dx, dy: -vector.dy)
    }

    /// The vector scaled by `rhs`.
    public static func * (lhs: Vector, rhs: Double) -> Vector {
        Vector(dx: lhs.dx * rhs, dy: lhs.dy * rhs)
    }

    /// The vector scaled by `lhs`.
    public static func * (lhs: Double, rhs: Vector) -> Vector {
        rhs * lhs
    }
}

extension Vector: CustomStringConvertible {
    /// The vector as `(dx, dy)`.
    public var description: String { "(\(dx), \(dy))" }
}
