/// What a rewritten document leaves out so that it is safe to serve as `image/svg+xml` and to
/// hand to librsvg: nothing runs (no `<script>`, no event attributes, no `javascript:` links, no
/// animations), nothing is embedded from another language (`<foreignObject>`), and nothing
/// outside the document is referred to (every `href` and `url()` names a fragment `#id`, or for
/// an image a `data:` URL; style sheets keep no at-rules, so no `@import` or web font).
enum DocumentSafety {
    /// Elements left out with their content.
    static let droppedElements: Set<String> = [
        "script", "foreignObject", "animate", "animateColor", "animateMotion", "animateTransform", "set", "discard",
        "handler", "listener", "iframe", "video", "audio", "canvas", "cursor", "font-face-uri",
    ]

    /// Elements whose `href` may be a `data:` URL (an image in the document itself).
    static let dataElements: Set<String> = ["image", "feImage"]

    /// The value an attribute is written with, or `nil` when it is left out: an event handler
    /// (`on…`), an attribute of another namespace (Inkscape's, Sodipodi's; `xml:` and `xlink:`
    /// are kept), a reference to outside the document, or a style that holds one.
    static func attribute(_ name: String, _ value: String, element: String) -> String? {
        if name.hasPrefix("{") { return nil }
        // A prefix the rewrite does not declare (found by fuzzing: `xmlpc:xliwk`, an unbound
        // prefix libxml2 keeps in the name) would make it XML librsvg refuses.
        if name.contains(":"), !name.hasPrefix("xlink:"), !name.hasPrefix("xml:") { return nil }
        let first = Array(name.utf8.prefix(2))
        if first.count == 2, first[0] | 0x20 == UInt8(ascii: "o"), first[1] | 0x20 == UInt8(ascii: "n") { return nil }
        if name == "href" || name == "xlink:href" {
            return DocumentReader.isInside(value, allowingData: dataElements.contains(element)) ? value : nil
        }
        if name == "style" {
            return StyleSheet.declarations(value).filter(isSafe).map(text).joined(separator: ";")
        }
        return urlsAreInside(value) ? value : nil
    }

    /// Whether a style declaration is kept: its value refers to nothing outside the document
    /// and holds no escapes (which could spell a `url(` that a plain search would not see).
    static func isSafe(_ declaration: StyleSheet.Declaration) -> Bool {
        !declaration.value.contains("\\") && !declaration.property.contains("\\") && urlsAreInside(declaration.value)
            && !declaration.value.lowercased().contains("expression(")
    }

    /// A declaration as CSS: `property:value` with ` !important` when it was.
    static func text(_ declaration: StyleSheet.Declaration) -> String {
        "\(declaration.property):\(declaration.value)\(declaration.isImportant ? " !important" : "")"
    }

    /// Whether every `url(…)` in a value names a fragment (`url(#id)`, quoted or not).
    static func urlsAreInside(_ value: String) -> Bool {
        // No `(`, no `url(` (path data, numbers, colours: most values, some long).
        guard value.utf8Contains(where: { $0 == UInt8(ascii: "(") }) else { return true }
        let lowered = value.lowercased()
        var rest = lowered[...]
        while let open = rest.firstRange(of: "url(") {
            let argument = rest[open.upperBound...].drop { $0 == " " || $0 == "\"" || $0 == "'" }
            guard argument.hasPrefix("#") else { return false }
            rest = argument
        }
        return true
    }
}
