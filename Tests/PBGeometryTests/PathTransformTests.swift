import PBGeometry
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Transforms map every point of a path, and arcs stay arcs on the image ellipse.
@Suite("Path: transforms")
struct PathTransformTests {
    static let transforms: [(String, Transform)] = [
        ("rotation", Transform(rotation: .radians(0.7))),
        ("quarter turn", Transform(rotation: .degrees(90))),
        ("uniform scale", Transform(scaleX: 2.5, y: 2.5)),
        ("stretch", Transform(scaleX: 3, y: 0.5)),
        ("mirror", Transform(scaleX: -1, y: 1)),
        ("mirror in y", Transform(scaleX: 1, y: -2)),
        ("shear", Transform(a: 1, b: 0, c: 0.75, d: 1, tx: 0, ty: 0)),
        ("general", Transform(a: 1.3, b: -0.4, c: 0.9, d: -0.7, tx: 12, ty: -5)),
        ("translation", Transform(translationX: 100, y: -50)),
    ]

    static let arcs = [
        "M 0 0 A 80 30 25 1 0 50 50",
        "M 0 0 A 80 30 -65 0 1 50 50",
        "M 0 0 A 30 30 0 1 1 0.001 0",
        "M 10 20 A 5 12 110 0 0 13 21",
        "M 0 0 A 1 1 0 0 1 10 0",
    ]

    @Test("An arc maps to an arc through the images of its points", arguments: arcs)
    func arc(data: String) throws {
        guard case .arc(let arc) = try #require(drawnSegments(of: try parse(data)).first) else {
            Issue.record("expected an arc")
            return
        }
        for (name, transform) in Self.transforms {
            let image = arc.transformed(by: transform)
            #expect(image.start == transform.apply(to: arc.start), "\(name)")
            #expect(image.end == transform.apply(to: arc.end), "\(name)")
            let size = max(image.radiusX, image.radiusY)
            for t in stride(from: 0.0, through: 1.0, by: 0.03125) {
                expectClose(
                    image.point(at: t), transform.apply(to: arc.point(at: t)), absolute: 1e-12 * size,
                    "\(name) at t = \(t)")
            }
            // The image lies on the ellipse its parameters describe.
            let ellipse = EllipseEquation(
                center: image.center, radiusX: image.radiusX, radiusY: image.radiusY,
                rotationDegrees: image.xAxisRotation.degrees)
            for t in stride(from: 0.0, through: 1.0, by: 0.1) {
                expectClose(ellipse.value(at: image.point(at: t)), 1, absolute: 1e-12, "\(name)")
            }
            // A mirror turns the direction round.
            #expect((image.sweepAngle > .zero) == ((arc.sweepAngle > .zero) == (transform.determinant > 0)), "\(name)")
        }
    }

    @Test("A transformed arc, written as path data, reads back as the same curve", arguments: arcs)
    func transformedArcRoundTrip(data: String) throws {
        let path = try parse(data)
        for (name, transform) in Self.transforms {
            let image = path.transformed(by: transform)
            let reread = try parse(image.svgPathData)
            let (a, b) = (drawnSegments(of: image), drawnSegments(of: reread))
            try #require(a.count == b.count, "\(name): \(image.svgPathData)")
            for (x, y) in zip(a, b) {
                #expect(x.start == y.start && x.end == y.end, "\(name)")
                guard case .arc(let arc) = x else { continue }
                let size = max(arc.radiusX, arc.radiusY)
                // SVG's end-point form finds the centre from √(1 - λ), λ = 1 for end points
                // diametrically opposite: a half ellipse reads back only to about the square root
                // of the rounding error. Any other arc reads back to within rounding.
                let isHalf = abs(abs(arc.sweepAngle.radians) - .pi) < 1e-9
                let allowed = (isHalf ? 1e-7 : 1e-12) * size
                for t in stride(from: 0.0, through: 1.0, by: 0.0625) {
                    expectClose(y.point(at: t), x.point(at: t), absolute: allowed, "\(name) at \(t)")
                }
            }
        }
    }

    @Test("A uniform scale scales lengths; a rotation keeps them")
    func lengths() throws {
        let path = try parse("M 10 10 Q 50 -20 30 40 A 20 30 15 1 1 -7.3 12.9 C 1 2 3 4 5.5 6.25 Z")
        let length = PathMeasure(path).length
        expectClose(
            PathMeasure(path.transformed(by: Transform(scaleX: 3, y: 3))).length, 3 * length, relative: 3e-9)
        expectClose(PathMeasure(path.transformed(by: Transform(rotation: .radians(1)))).length, length, relative: 3e-9)
        expectClose(PathMeasure(path.transformed(by: Transform(scaleX: -1, y: 1))).length, length, relative: 3e-9)
    }

    @Test("Every point of a path is transformed", arguments: transforms.map(\.0))
    func points(name: String) throws {
        let transform = try #require(Self.transforms.first { $0.0 == name }).1
        let path = try parse("M 10 10 Q 50 -20 30 40 A 20 30 15 1 1 -7.3 12.9 C 1 2 3 4 5.5 6.25 Z M 5 5 L 6 7")
        let image = path.transformed(by: transform)
        #expect(image.subpaths.map(\.isClosed) == path.subpaths.map(\.isClosed))
        #expect(image.subpaths.map(\.start) == path.subpaths.map { transform.apply(to: $0.start) })
        let (before, after) = (drawnSegments(of: path), drawnSegments(of: image))
        try #require(before.count == after.count)
        for (segment, mapped) in zip(before, after) {
            for t in stride(from: 0.0, through: 1.0, by: 0.125) {
                expectClose(mapped.point(at: t), transform.apply(to: segment.point(at: t)), absolute: 1e-11, "\(name)")
            }
        }
    }
}
