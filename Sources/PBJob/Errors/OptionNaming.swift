/// How a front end names its options in messages: the command line as flags (`'--line-width'`,
/// `option '--line-width'`, `'--progress P'`), a query string as parameters (`'line-width'`,
/// `parameter 'line-width'`, `'progress=P'`), with the options a query knows by another name
/// (`path` is `curve`, a curve file's JSON).
public enum OptionNaming: Hashable, Sendable {
    /// `pbrender`'s flags.
    case commandLine
    /// A URL's query parameters (`pbrender serve`, `RenderJob(query:kind:format:limits:compression:body:)` (PBServer)).
    case query

    /// The option `name` (`line-width`) as the front end writes it, quoted, with a placeholder
    /// for its value when given (`'--progress P'`, `'progress=P'`).
    public func quoted(_ name: String, value: String? = nil) -> String {
        switch self {
        case .commandLine: "'--\(name)\(value.map { " " + $0 } ?? "")'"
        case .query: "'\(Self.queryNames[name] ?? name)\(value.map { "=" + $0 } ?? "")'"
        }
    }

    /// The option `name` with the noun the front end calls it by: `option '--from'`,
    /// `parameter 'from'`.
    public func named(_ name: String) -> String {
        switch self {
        case .commandLine: "option \(quoted(name))"
        case .query: "parameter \(quoted(name))"
        }
    }

    /// Options a query gives under another name: the curve file (`--path FILE` on the command
    /// line) is its JSON, `curve=`.
    package static let queryNames = ["path": "curve"]
}
