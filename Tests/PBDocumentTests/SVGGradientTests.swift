import PBDocument
import PBGeometry
import PBStyle
import PBTestCore
import Testing

/// Gradients as paints refer to them: geometry, units, transforms, stops and `href` templates.
@Suite("SVGGradient: reading")
struct SVGGradientTests {
    @Test("A linear gradient: defaults, stops with offsets, colours and opacities")
    func linear() throws {
        let doc = try document(
            ##"<defs><linearGradient id="g"><stop offset="0" stop-color="red"/>"##
                + ##"<stop offset="50%" style="stop-color: #00ff00; stop-opacity: 0.5"/>"##
                + ##"<stop offset="0.2" stop-color="currentColor" color="blue"/></linearGradient></defs>"##
                + ##"<rect width="10" height="10" fill="url(#g)"/>"##)
        let gradient = try #require(doc.gradients["g"])
        #expect(gradient.kind == .linear(start: Point(0, 0), end: Point(1, 0)))
        #expect(gradient.units == .objectBoundingBox)
        #expect(gradient.spread == .pad)
        #expect(gradient.transform == .identity)
        #expect(gradient.stops.map(\.offset) == [0, 0.5, 0.5])
        #expect(
            gradient.stops.map(\.color) == [hex(0xFF0000), Color(red: 0, green: 1, blue: 0, alpha: 0.5), hex(0x0000FF)])
        #expect(doc.elements.first?.style.fill == .reference(id: "g", fallback: nil))
    }

    @Test("A radial gradient in user space, with a transform, inheriting stops and attributes through href")
    func radialWithTemplate() throws {
        let doc = try document(
            ##"<defs><linearGradient id="base" gradientUnits="userSpaceOnUse" spreadMethod="reflect">"##
                + ##"<stop offset="0" stop-color="#111"/><stop offset="1" stop-color="#222"/></linearGradient>"##
                + ##"<radialGradient id="r" xlink:href="#base" cx="50%" cy="20" r="10" fx="30""##
                + ##" gradientTransform="scale(2)"/></defs>"##
                + ##"<circle r="5" stroke="url(#r) green" fill="url(#missing) #00f"/>"##)
        let gradient = try #require(doc.gradients["r"])
        #expect(gradient.kind == .radial(center: Point(100, 20), radius: 10, focus: Point(30, 20), focusRadius: 0))
        #expect(gradient.units == .userSpaceOnUse)
        #expect(gradient.spread == .reflect)
        #expect(gradient.transform == Transform(scaleX: 2, y: 2))
        #expect(gradient.stops.map(\.color) == [hex(0x111111), hex(0x222222)])
        #expect(doc.gradients["missing"] == nil)
        #expect(doc.elements.first?.style.fill.solidColor == hex(0x0000FF))
        #expect(doc.elements.first?.style.stroke.solidColor == hex(0x008000))
    }

    @Test("An href cycle between gradients ends where it closes")
    func templateCycle() throws {
        let doc = try document(
            ##"<linearGradient id="a" href="#b" x1="0.25"/><linearGradient id="b" href="#a"><stop offset="1"/></linearGradient>"##
                + ##"<path d="M0 0 H1" stroke="url(#a)"/>"##)
        let gradient = try #require(doc.gradients["a"])
        #expect(gradient.kind == .linear(start: Point(0.25, 0), end: Point(1, 0)))
        #expect(gradient.stops == [SVGGradient.Stop(offset: 1, color: .black)])
    }
}
