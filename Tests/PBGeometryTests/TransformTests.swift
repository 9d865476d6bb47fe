import PBGeometry
import Testing

/// The affine transform's conventions: clockwise on screen, `self` first then `other`.
@Suite("Transform")
struct TransformTests {
    @Test("A positive rotation turns clockwise on screen (y down)")
    func rotation() {
        let quarter = Transform(rotation: .degrees(90))
        expectClose(quarter.apply(to: Point(1, 0)), Point(0, 1), absolute: 1e-16)
        expectClose(quarter.apply(to: Point(0, 1)), Point(-1, 0), absolute: 1e-16)
        expectClose(quarter.determinant, 1, absolute: 1e-16)
    }

    @Test("concatenating applies self first, then the other")
    func concatenation() {
        let translate = Transform(translationX: 10, y: 0)
        let scale = Transform(scaleX: 2, y: 3)
        #expect(translate.concatenating(scale).apply(to: Point(1, 1)) == Point(22, 3))
        #expect(scale.concatenating(translate).apply(to: Point(1, 1)) == Point(12, 3))
        let general = Transform(a: 1.3, b: -0.4, c: 0.9, d: -0.7, tx: 12, ty: -5)
        let other = Transform(a: 0.2, b: 1.1, c: -2, d: 0.5, tx: -3, ty: 8)
        let p = Point(3.5, -1.25)
        expectClose(general.concatenating(other).apply(to: p), other.apply(to: general.apply(to: p)), absolute: 1e-13)
        #expect(Transform.identity.isIdentity)
        #expect(Transform(scaleX: -1, y: 1).determinant < 0)
        // Vectors ignore the translation.
        #expect(translate.apply(to: Vector(dx: 1, dy: 2)) == Vector(dx: 1, dy: 2))
    }
}
