import PBGeometry

/// A curve file: the JSON that tells `pbrender` what to draw.
///
/// ```json
/// {
///   "width": 256, "height": 256,
///   "path": "M 20 200 C 60 20, 200 20, 236 200",
///   "style": { "lineWidth": 12, "lineCap": "round" }
/// }
/// ```
///
/// `path` (required) is SVG path data. `width` and `height` (both or neither) give the canvas
/// in points, the path's coordinates used as they are. `style` is read by the renderer. Any
/// other key is an error that names it.
public struct CurveFile: Sendable {
    /// The keys a curve file may have.
    static let keys = ["width", "height", "path", "style"]

    /// The canvas width in points, if given.
    public var width: Double?
    /// The canvas height in points, if given.
    public var height: Double?
    /// The path.
    public var path: Path
    /// The `style` object, as read (the renderer decodes it).
    var style: JSONNode?

    /// Reads a curve file from its bytes; `file` names it in messages.
    ///
    /// - Throws: a usage error (exit code 2) with `file:line:column` for malformed JSON, a
    ///   missing or mistyped member, an unknown key, or invalid path data (with its offset).
    public static func decode(_ bytes: [UInt8], file: String) throws(CommandLineError) -> CurveFile {
        let root: JSONNode
        do {
            root = try JSONReader.read(bytes)
        } catch {
            throw .input("invalid JSON: \(error.message)", file: file, at: error.position)
        }
        let object = try JSONObjectReader(root, file: file, what: "the curve file")
        try object.rejectUnknownKeys(known: keys, in: "the curve file")
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
        return CurveFile(width: width, height: height, path: path, style: object.member("style")?.value)
    }
}
