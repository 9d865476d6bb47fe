/// Text escaped for XML: `&`, `<`, `>`, `"` and `'` as entities, and characters XML cannot hold
/// (control characters other than tab, newline and carriage return) left out: what pbrender
/// writes into XML, its own SVG and the documents it rewrites alike.
package func xmlEscaped(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&apos;"
        case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
        default:
            let value = scalar.value
            guard value >= 0x20, !(0xFFFE...0xFFFF).contains(value) else { continue }
            out.unicodeScalars.append(scalar)
        }
    }
    return out
}
