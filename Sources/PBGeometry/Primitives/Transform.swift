#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An affine map of the plane, `(x, y) ↦ (a x + c y + tx, b x + d y + ty)`, as in
/// `CGAffineTransform` and Cairo's `cairo_matrix_t`. (Not named `AffineTransform`, which
/// Foundation already uses for another type.)
public struct Transform: Hashable, Sendable {
    /// The matrix coefficients, named as in `CGAffineTransform`.
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    /// Creates a transform from its six coefficients.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// The identity transform.
    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by `(x, y)`.
    public init(translationX x: Double, y: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A scale by `sx` horizontally and `sy` vertically about the origin.
    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` about the origin, clockwise on screen (y down); exact at multiples
    /// of 90°.
    public init(rotation angle: Angle) {
        let (s, c) = angle.sinCos
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// The transform that applies `self` first, then `other`.
    public func concatenating(_ other: Transform) -> Transform {
        Transform(
            a: a * other.a + b * other.c, b: a * other.b + b * other.d,
            c: c * other.a + d * other.c, d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
    }

    /// The determinant `a d - b c`: negative when the transform mirrors.
    public var determinant: Double { a * d - b * c }

    /// Whether the transform is the identity.
    public var isIdentity: Bool { self == .identity }

    /// Applies the transform to a point.
    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// Applies the linear part of the transform (no translation) to a vector.
    public func apply(to vector: Vector) -> Vector {
        Vector(dx: a * vector.dx + c * vector.dy, dy: b * vector.dx + d * vector.dy)
    }
}
