import Foundation
import PBDocument
import PBGeometry
import PBTestCore
import Testing

/// Lengths against svgpathtools (PyPI; its `Document` converts every basic shape and composes
/// every transform; lengths by scipy), run as `python3 Oracles/svgpathtools_lengths.py`. A shape
/// under a linear map is measured there by integrating the mapped speed of the untransformed
/// segments, since svgpathtools' own transform of an arc is wrong for rotated arcs under maps
/// that are not similarities (measured: 256.9 for an arc whose image is 9.21 long; see the
/// script). It lists shapes grouped by kind rather than in document order, so each document's
/// lengths are compared as sorted lists, within 1e-9 of each.
@Suite("SVGDocument: lengths against svgpathtools")
struct SVGDocumentOracleTests {
    /// Hand-made documents with every feature svgpathtools reads the same way (user units, no
    /// `<use>`, no `<defs>`, no view box scaling, radii within half the sides).
    static let documents: [String] = [
        // Every shape, no transform.
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">
          <path d="M 10 10 L 50 20 H 70 V 40 C 80 50 90 30 100 60 S 120 80 130 60 Q 140 40 150 60 T 170 60 \
        A 20 10 30 1 1 150 100 a 5 8 -20 0 0 -10 -10 Z m 5 5 l 10 0 h 4 v 3 c 1 2 3 4 5 6 s 1 1 2 0 q 3 3 6 0 t 4 0 z"/>
          <rect x="5" y="6" width="40" height="30"/>
          <rect x="5" y="6" width="40" height="30" rx="5"/>
          <rect x="5" y="6" width="40" height="30" ry="7"/>
          <rect x="5" y="6" width="40" height="30" rx="12" ry="4"/>
          <circle cx="100" cy="100" r="33.5"/>
          <ellipse cx="60" cy="140" rx="45" ry="12.25"/>
          <line x1="1.5" y1="2.5" x2="130" y2="-40"/>
          <polyline points="0,0 30,5 30 40,-10,60"/>
          <polygon points="10 10, 40 12 25,45"/>
        </svg>
        """,
        // Transforms of every kind, on groups and on elements, nested.
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="300" height="300">
          <g transform="translate(10 20) scale(2 0.5)">
            <circle cx="10" cy="10" r="5" transform="skewX(30)"/>
            <g transform="rotate(33 50 40)">
              <ellipse cx="20" cy="30" rx="15" ry="6" transform="skewY(-25) scale(1.5 1)"/>
              <rect x="3" y="4" width="20" height="10" rx="4" transform="matrix(1.1 0.3 -0.7 0.9 4 -2)"/>
              <path d="M0 0 A 30 10 45 0 1 40 20 Q 60 0 70 30 C 80 10 90 50 100 0"/>
            </g>
          </g>
          <g transform="matrix(0.8 -0.6 0.6 0.8 100 100)"><g transform="skewX(-40)">
            <polygon points="0,0 20,0 20,20 0,20"/><line x1="0" y1="0" x2="30" y2="30" transform="rotate(-90)"/>
            <polyline points="5 5 15 25 35 5" transform="scale(-1 3)"/>
          </g></g>
        </svg>
        """,
        // Arcs stressed by mirrors and strong shears.
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
          <path d="M 0 0 A 80 30 25 1 0 50 50" transform="scale(1 -1) skewX(70)"/>
          <path d="M 10 20 A 5 12 110 0 0 13 21" transform="matrix(3 0.1 0.2 0.05 0 0)"/>
          <circle r="10" transform="scale(10 0.1)"/>
          <ellipse rx="2" ry="9" transform="rotate(10) skewY(60) rotate(-35)"/>
        </svg>
        """,
        // An Inkscape-style document: its namespaces and metadata, layers as groups, style attributes.
        """
        <?xml version="1.0" encoding="UTF-8" standalone="no"?>
        <!-- Created with Inkscape (http://www.inkscape.org/) -->
        <svg width="64" height="64" viewBox="0 0 64 64" version="1.1" id="svg5"
           xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
           xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
           xmlns="http://www.w3.org/2000/svg" xmlns:svg="http://www.w3.org/2000/svg">
          <sodipodi:namedview id="namedview7" pagecolor="#ffffff" inkscape:zoom="8"/>
          <g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1" transform="translate(-12.5,4.25)">
            <rect style="fill:#ff0000;fill-opacity:1;stroke:#000000;stroke-width:0.264583;stroke-linejoin:round"
               id="rect111" width="30.5" height="20.25" x="20" y="10" ry="3.5" />
            <circle style="fill:none;stroke:#000000;stroke-width:1.5" id="path222" cx="40" cy="40" r="12.75"
               transform="matrix(0.96592583,-0.25881905,0.25881905,0.96592583,0,0)" />
            <path style="fill:none;stroke:#000000;stroke-width:1px" inkscape:connector-curvature="0"
               d="m 14.8,50.1 c 5.2,-8.4 12.6,-3.1 18.9,-9.7 l 6.25,1.5 z" id="path333"
               sodipodi:nodetypes="ccc" />
          </g>
        </svg>
        """,
    ]

    /// The oracle script.
    static let oracleScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Oracles/svgpathtools_lengths.py")

    /// The per-shape lengths svgpathtools measures, for each file.
    static func oracle(_ files: [URL]) throws -> [String: [Double]] {
        let output = try ChildProcess.output(of: "python3", [oracleScript.path] + files.map(\.path))
        return try JSONDecoder().decode([String: [Double]].self, from: output)
    }

    /// Expects the sorted lengths to agree within `relative` of each.
    static func expectSameLengths(
        _ measured: [Double], _ expected: [Double], relative: Double, _ name: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            measured.count == expected.count,
            "\(name): \(measured.count) shapes, svgpathtools \(expected.count): \(measured) against \(expected)")
        for (ours, theirs) in zip(measured.sorted(), expected.sorted()) {
            #expect(
                abs(ours - theirs) <= relative * max(theirs, 1e-300),
                "\(name): \(ours) against svgpathtools' \(theirs) (relative \(abs(ours - theirs) / theirs))",
                sourceLocation: sourceLocation)
        }
    }

    @Test("Hand-made documents with every shape and transform measure as svgpathtools measures them")
    func handMade() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pbdocument-oracle-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [URL] = []
        for (index, text) in Self.documents.enumerated() {
            let file = directory.appendingPathComponent("document-\(index).svg")
            try Data(text.utf8).write(to: file)
            files.append(file)
        }
        let expected = try Self.oracle(files)
        for (file, text) in zip(files, Self.documents) {
            let document = try SVGDocument(string: text, fileName: file.lastPathComponent)
            let lengths = document.elements.map { length($0.path) }
            Self.expectSameLengths(lengths, expected[file.path] ?? [], relative: 1e-9, file.lastPathComponent)
            // The whole document, as one path, is the sum.
            expectClose(length(document.path), (expected[file.path] ?? []).reduce(0, +), relative: 1e-9)
        }
    }

    @Test("Every bootstrap-icons file reads, has no warnings, and measures as svgpathtools measures it")
    func bootstrapIcons() throws {
        let folder = URL(fileURLWithPath: "/usr/share/bootstrap-icons/svg")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "svg" }.sorted { $0.path < $1.path }
        // Debian's bootstrap-icons 1.10.3 has 1,953 icons.
        try #require(files.count > 1_900, "install bootstrap-icons (.ci/install-deps)")
        let expected = try Self.oracle(files)
        var shapes = 0
        for file in files {
            let data = try Data(contentsOf: file)
            #expect(SVGDocument.looksLikeSVG(data), "\(file.lastPathComponent)")
            let document = try SVGDocument(data: Array(data), fileName: file.lastPathComponent)
            #expect(document.canvasSize == Size(width: 16, height: 16), "\(file.lastPathComponent)")
            #expect(document.warnings.isEmpty, "\(file.lastPathComponent): \(document.warnings)")
            let lengths = document.elements.map { PathMeasure($0.path, accuracy: 1e-11).length }
            shapes += lengths.count
            Self.expectSameLengths(lengths, expected[file.path] ?? [], relative: 1e-9, file.lastPathComponent)
        }
        #expect(shapes == expected.values.map(\.count).reduce(0, +))
    }

    @Test(
        "Designers' icons (elementary and breeze, made with Inkscape) and artwork (Papirus, Adwaita) read and measure as svgpathtools measures what they draw"
    )
    func designerIcons() throws {
        let files = try designerIconSample() + artworkIconSample()
        // svgpathtools on what a browser draws (`--visible`): hidden and undrawn elements left out,
        // corner radii resolved, the root's viewBox mapped; nil for files it cannot compare.
        let output = try ChildProcess.output(of: "python3", [Self.oracleScript.path, "--visible"] + files.map(\.path))
        let expected = try JSONDecoder().decode([String: [Double]?].self, from: output)
        var compared = 0
        for file in files {
            let data = try Data(contentsOf: file)
            #expect(SVGDocument.looksLikeSVG(data), "\(file.path)")
            let document = try SVGDocument(data: Array(data), fileName: file.lastPathComponent)
            guard let lengths = expected[file.path] ?? nil else { continue }
            compared += 1
            let total = document.elements.reduce(0) { $0 + PathMeasure($1.path, accuracy: 1e-11).length }
            let theirs = lengths.reduce(0, +)
            #expect(
                abs(total - theirs) <= 1e-9 * max(theirs, 1e-300),
                "\(file.path): \(total) against svgpathtools' \(theirs)")
        }
        // Nearly all are compared: only a `<use>` or path data svgpathtools cannot parse leaves one out.
        #expect(compared >= files.count * 9 / 10, "\(compared) of \(files.count) compared")
    }
}
