/// Text escaped for XML: `&`, `<`, `>`, `"` and `'` as entities, and characters XML cannot hold
/// (control characters other than tab, newline and carriage return) left out: what pbrender
/// writes into XML, its own SVG and the documents it rewrites alike.
package func xmlEscaped(_ text: String) -> String {
    // Most text (path data, numbers, names) has nothing to escape: returned as it is, found by one
    // pass over its bytes. A byte below 0x20 (a control character, or tab and line ends) or 0xEF
    // (the first of U+FFFE and U+FFFF, and of other scalars from U+F000) takes the full pass.
    let needsWork = text.utf8Contains { byte in
        byte < 0x20 || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == 0xEF
    }
    guard needsWork else { return text }
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
