/// Cairo's SVG surface names its groups `surfaceN` with N from a counter shared by every
/// surface in the process, so the same drawing gets other ids in a later (or concurrent)
/// render. Renumbering them in order of first appearance (`surface1`, `surface2`, …) makes the
/// bytes depend on the drawing alone.
func renumberingSurfaceIDs(_ svg: [UInt8]) -> [UInt8] {
    let prefix = Array("surface".utf8)
    var numbers: [ArraySlice<UInt8>: Int] = [:]
    var out: [UInt8] = []
    out.reserveCapacity(svg.count)
    var index = 0
    while index < svg.count {
        if svg[index] == prefix[0], svg[index...].starts(with: prefix) {
            var end = index + prefix.count
            while end < svg.count, svg[end] >= UInt8(ascii: "0"), svg[end] <= UInt8(ascii: "9") { end += 1 }
            if end > index + prefix.count {
                let digits = svg[(index + prefix.count)..<end]
                let number = numbers[digits] ?? numbers.count + 1
                numbers[digits] = number
                out += prefix
                out += Array(String(number).utf8)
                index = end
                continue
            }
        }
        out.append(svg[index])
        index += 1
    }
    return out
}
