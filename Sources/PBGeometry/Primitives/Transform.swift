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

    /// The transform that undoes this one, or `nil` when it is singular (its determinant is zero
    /// or not finite, so it flattens the plane onto a line or a point and nothing undoes it).
    ///
    /// `t.concatenating(t.inverse!)` is the identity up to rounding: each coefficient is a
    /// quotient by the determinant, so the relative error grows with the condition number.
    public var inverse: Transform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let (ia, ib, ic, id) = (d / det, -b / det, -c / det, a / det)
        let inverse = Transform(
            a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
        guard [inverse.a, inverse.b, inverse.c, inverse.d, inverse.tx, inverse.ty].allSatisfy(\.isFinite) else {
            return nil
        }
        return inverse
    }

    /// Whether the transform keeps shapes (a rotation, a uniform scale, a mirror and a
    /// translation, combined): its linear part maps the unit square to a square, within a
    /// relative `tolerance`. Under such a map a stroke is the same whether it is drawn before or
    /// after the map, with its width scaled by `√|det|`.
    public func isConformal(tolerance: Double = 1e-12) -> Bool {
        let (x, y) = (a * a + b * b, c * c + d * d)
        let scale = max(x, y)
        guard scale > 0, scale.isFinite else { return false }
        return abs(x - y) <= tolerance * scale && abs(a * c + b * d) <= tolerance * scale
    }

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
