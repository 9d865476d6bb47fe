import PBDocument
import PBGeometry
import PBRendering

/// A curve file: the JSON that tells `pbrender` what to draw.
///
/// ```json
/// {
///   "width": 256, "height": 256,
///   "path": "M 20 200 C 60 20, 200 20, 236 200",
///   "values": [0.2, 0.15], "valueColors": ["#34C759", "#FF9500"],
///   "style": { "lineWidth": 12, "lineCap": "round" }
/// }
/// ```
///
/// `path` (required) is SVG path data. `width` and `height` (both or neither) give the canvas
/// in points, the path's coordinates used as they are. `style` holds the render options' style
/// keys (their camel-case names, with the options' syntax), the top level `values` and
/// `valueColors`. Any other key is an error that names it.
public struct CurveFile: Sendable {
    /// The keys of the top level that the file itself reads.
    package static let ownKeys = ["width", "height", "path", "style"]

    /// The file's name, for messages.
    public let file: String
    /// The canvas, if given.
    public let canvas: Size?
    /// The path.
    public let path: Path
    /// The members of `style`, and the option members of the top level, in file order.
    package let optionMembers: [(member: JSONMember, key: CurveFileKey)]

    /// Reads a curve file from its bytes; `file` names it in messages.
    ///
    /// - Throws: an input error (exit code 2) with `file:line:column` for malformed JSON, a
    ///   missing or mistyped member, an unknown key, or invalid path data (with its offset).
    public static func decode(_ bytes: [UInt8], file: String) throws(CommandLineError) -> CurveFile {
        let root: JSONNode
        do {
            root = try JSONReader.read(bytes)
        } catch {
            throw .input("invalid JSON: \(error.message)", file: file, at: error.position)
        }
        let object = try JSONObjectReader(root, file: file, what: "the curve file")
        let fileKeys = RenderOptions.schema.compactMap(\.fileKey)
        let topKeys = fileKeys.compactMap { if case .top(let key) = $0 { key } else { nil } }
        let styleKeys = fileKeys.compactMap { if case .style(let key) = $0 { key } else { nil } }
        try object.rejectUnknownKeys(known: ownKeys + topKeys, in: "the curve file")
        let positive = "a positive number"
        let width = try object.number("width", mustBe: positive) { $0 > 0 }
        let height = try object.number("height", mustBe: positive) { $0 > 0 }
        if (width == nil) != (height == nil), let given = object.member(width == nil ? "height" : "width") {
            throw object.error(given, "is given without '\(width == nil ? "width" : "height")': give both or neither")
        }
        guard let (data, position) = try object.string("path", mustBe: "a string of SVG path data") else {
            throw .input("the curve file has no 'path' (a string of SVG path data)", file: file, at: root.position)
        }
        let path: Path
        do {
            path = try Path(svgPathData: data)
        } catch {
            throw .input("invalid path data in 'path': \(error)", file: file, at: position)
        }
        var members: [(member: JSONMember, key: CurveFileKey)] = []
        for member in object.members where topKeys.contains(member.key) { members.append((member, .top(member.key))) }
        if let style = object.member("style") {
            let styleObject = try JSONObjectReader(style.value, file: file, what: "'style'")
            try styleObject.rejectUnknownKeys(known: styleKeys, in: "'style'")
            for member in styleObject.members { members.append((member, .style(member.key))) }
        }
        let canvas = width.flatMap { width in height.map { Size(width: width, height: $0) } }
        return CurveFile(file: file, canvas: canvas, path: path, optionMembers: members)
    }

    /// Stores the file's option members into `options`, by the schema's declarations.
    ///
    /// - Throws: an input error at the member whose value does not fit its option.
    package func apply(to options: inout RenderOptions) throws(CommandLineError) {
        for (member, key) in optionMembers {
            guard let option = RenderOptions.schema.first(where: { $0.fileKey == key }) else { continue }
            do {
                try option.apply(&options, .json(member.value.value))
            } catch {
                let message: String
                switch error {
                case .explained(let sentence): message = "'\(member.key)': \(sentence)"
                case .wrongType(let kind): message = "'\(member.key)' must be \(option.expectation), not \(kind)"
                case .invalid:
                    message = "'\(member.key)' must be \(option.expectation), not \(member.value.value.description)"
                }
                throw .input(message, file: file, at: member.value.position)
            }
        }
    }
}

extension CurveFile {
    /// What the file draws: its path and canvas, with its style and values, as `pbrender --path`
    /// draws it before any option.
    ///
    /// ```swift
    /// let file = try CurveFile.decode(bytes, file: "ring.json")
    /// var indicator = try file.indicator()
    /// indicator.values = [0.5]
    /// ```
    ///
    /// - Throws: an input error at the member whose value does not fit, or for members that
    ///   contradict each other.
    public func indicator() throws(CommandLineError) -> ProgressIndicator {
        var options = RenderOptions()
        try apply(to: &options)
        return try options.indicator(input: .curveFile(self), context: .files([:])).indicator
    }
}
