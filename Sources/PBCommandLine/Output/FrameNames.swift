/// The file names of a frame sequence read back from its file-name function: the folder, the
/// text before and after the number, and how the number is padded (`frame-%03d.png` is
/// `frame-`, 3 digits padded with zeros, `.png`), so that a folder's entries can be matched
/// against the sequence.
///
/// Matching is exact: `NAME` is frame `n` only when the sequence names frame `n` `NAME`
/// (`frame-007.png` is frame 7 of `frame-%03d.png`; `frame-7.png` and `frame-0007.png` are not
/// frames of it).
struct FrameNames: Hashable, Sendable {
    /// The folder of every frame, with its trailing slash (`"out/"`), or `""` for the current
    /// folder.
    let folder: String
    /// The name before the number (`frame-`).
    let prefix: String
    /// The name after the number (`.png`).
    let suffix: String
    /// The least number of characters the number takes.
    let width: Int
    /// What pads it to `width`: `"0"` or `" "`.
    let padding: Character

    /// Names in `folder` made of `prefix`, the number padded with `padding` to `width`
    /// characters, and `suffix`.
    init(folder: String, prefix: String, suffix: String, width: Int, padding: Character) {
        (self.folder, self.prefix, self.suffix, self.width, self.padding) = (folder, prefix, suffix, width, padding)
    }

    /// Reads the names `fileName` gives back; nil when they are not one folder's names of the
    /// form prefix, number, suffix (a number in a folder's name, or a function that is not a
    /// pattern), or when the form does not give back `fileName(i)` for a few frames (`0`, `1`,
    /// `count - 1`, `count`).
    ///
    /// - Complexity: O(1) calls of `fileName`.
    init?(count: Int, fileName: (Int) -> String) {
        // Two 13-digit numbers (wider than any padding, 12 at most) whose digits differ at both ends.
        let (one, two) = (Array(fileName(1_234_567_890_123).utf8), Array(fileName(9_876_543_210_987).utf8))
        guard one.count == two.count, one.count >= 13 else { return nil }
        var head = 0
        while head < one.count && one[head] == two[head] { head += 1 }
        var tail = 0
        while tail < one.count - head && one[one.count - 1 - tail] == two[two.count - 1 - tail] { tail += 1 }
        guard head + tail + 13 == one.count,
            one[head..<(head + 13)].elementsEqual("1234567890123".utf8)
        else { return nil }
        let leading = String(decoding: one[..<head], as: UTF8.self)
        let suffix = String(decoding: one[(one.count - tail)...], as: UTF8.self)
        guard !suffix.contains("/") else { return nil }
        let zero = Array(fileName(0).utf8)
        guard zero.count > head + tail, zero.starts(with: one[..<head]),
            zero.suffix(tail).elementsEqual(one.suffix(tail))
        else { return nil }
        let number = zero[head..<(zero.count - tail)]
        guard let last = number.last, last == UInt8(ascii: "0") else { return nil }
        let pad = number.first == UInt8(ascii: " ") ? UInt8(ascii: " ") : UInt8(ascii: "0")
        guard number.allSatisfy({ $0 == pad || $0 == UInt8(ascii: "0") }) else { return nil }
        folder = OutputTarget.directory(of: leading)
        prefix = OutputTarget.name(of: leading)
        self.suffix = suffix
        width = number.count
        padding = pad == UInt8(ascii: " ") ? " " : "0"
        for index in Set([0, 1, max(0, count - 1), count]) where path(index) != fileName(index) {
            return nil
        }
    }

    /// The name of frame `index` in ``folder``.
    func name(_ index: Int) -> String {
        let digits = String(index)
        return prefix + String(repeating: padding, count: max(0, width - digits.count)) + digits + suffix
    }

    /// The path of frame `index`: ``folder`` and ``name(_:)``.
    func path(_ index: Int) -> String { folder + name(index) }

    /// The frame `name` is, or nil when it is no frame of the sequence: the name between ``prefix``
    /// and ``suffix`` must be the number exactly as ``name(_:)`` writes it.
    ///
    /// - Complexity: O(n) in the length of the name, without allocating (a folder of frames
    ///   matches every entry two or three times).
    func index(ofName name: String) -> Int? {
        var name = name
        return name.withUTF8 { bytes -> Int? in
            let (prefix, suffix) = (self.prefix.utf8, self.suffix.utf8)
            guard bytes.count > prefix.count + suffix.count,
                bytes.prefix(prefix.count).elementsEqual(prefix),
                bytes.suffix(suffix.count).elementsEqual(suffix)
            else { return nil }
            let middle = bytes[prefix.count..<(bytes.count - suffix.count)]
            let (space, zero, nine) = (UInt8(ascii: " "), UInt8(ascii: "0"), UInt8(ascii: "9"))
            let spaces = padding == " " ? middle.prefix { $0 == space }.count : 0
            let digits = middle.dropFirst(spaces)
            guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0 >= zero && $0 <= nine }) else {
                return nil
            }
            // The number's own digits: without the zeros that pad it, at least one.
            let zeros = padding == "0" ? digits.prefix { $0 == zero }.count : 0
            let length = max(1, digits.count - zeros)
            guard
                padding == "0"
                    ? digits.count == max(width, length)
                    : spaces == max(0, width - digits.count)
                        && (digits.count == 1 || digits.first != zero)
            else { return nil }
            return digits.reduce(0) { $0 * 10 + Int($1 - zero) }
        }
    }
}
