import Foundation
import PBDocument
import PBGeometry
import Testing

/// A document of `body` inside `<svg>` with `attributes` (default a 200 × 100 canvas, no view box).
public func document(
    _ body: String, attributes: String = #"width="200" height="100""#, fileName: String? = "test.svg"
) throws(SVGDocumentError) -> SVGDocument {
    try SVGDocument(
        string: #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" "#
            + attributes + ">" + body + "</svg>", fileName: fileName)
}

/// The length of a path, to 1e-12.
public func length(_ path: Path) -> Double {
    PathMeasure(path, accuracy: 1e-12).length
}

/// Expects `measured` within `relative` of `exact`.
public func expectClose(
    _ measured: Double, _ exact: Double, relative: Double = 1e-12, absolute: Double = 0, _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let allowed = max(relative * abs(exact), absolute)
    #expect(
        abs(measured - exact) <= allowed,
        "\(measured) is not within \(allowed) of \(exact) (error \(abs(measured - exact))). \(comment ?? "")",
        sourceLocation: sourceLocation)
}

/// Expects two points within `absolute` of each other.
public func expectClose(
    _ measured: Point?, _ exact: Point, absolute: Double = 1e-12, _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let measured else {
        Issue.record("no point, expected \(exact)", sourceLocation: sourceLocation)
        return
    }
    let distance = hypot(measured.x - exact.x, measured.y - exact.y)
    #expect(
        distance <= absolute, "\(measured) is \(distance) from \(exact). \(comment ?? "")",
        sourceLocation: sourceLocation)
}

/// Every 10th icon file (not the links between names) of Debian's elementary and breeze icon
/// themes, designers' documents made with Inkscape, in a fixed order.
public func designerIconSample() throws -> [URL] {
    try iconSample([("/usr/share/icons/elementary", 10, 2_500), ("/usr/share/icons/breeze", 10, 2_500)])
}

/// Artwork the designer sample leaves out, in a fixed order: every 400th of Papirus' 64-pixel app
/// icons (filled shapes, translucent shadows in `style` attributes, no strokes) and every 80th of
/// GNOME's Adwaita scalable icons (symbolic: one path of many subpaths, arcs and `s` curves).
public func artworkIconSample() throws -> [URL] {
    try iconSample([
        ("/usr/share/icons/Papirus/64x64/apps", 400, 3_000), ("/usr/share/icons/Adwaita/scalable", 80, 600),
    ])
}

/// Every `step`th icon file (not the links between names) under each folder, sorted by path; a
/// folder with fewer than `least` is a missing package.
private func iconSample(_ folders: [(path: String, step: Int, least: Int)]) throws -> [URL] {
    var files: [URL] = []
    for (folder, step, least) in folders {
        let enumerator = FileManager.default.enumerator(
            at: URL(fileURLWithPath: folder), includingPropertiesForKeys: [.isSymbolicLinkKey])
        let icons = (enumerator?.allObjects as? [URL] ?? []).filter { url in
            url.pathExtension == "svg"
                && (try? url.resourceValues(forKeys: [.isSymbolicLinkKey]))?.isSymbolicLink != true
        }.sorted { $0.path < $1.path }
        try #require(icons.count >= least, "\(folder): install its icon theme (.ci/install-deps)")
        files += icons.enumerated().filter { $0.offset % step == 0 }.map(\.element)
    }
    return files
}
