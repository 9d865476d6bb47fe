import PBJob
import PBRendering

extension RenderJob {
    /// The largest query a job is read from: 16 KiB and 100 parameters; only the curve file's
    /// JSON (`curve`) and path data (`path-data`) may hold line breaks and tabs, no value any other
    /// control character.
    public static let queryLimits = QueryString.Limits(
        maximumLength: 16384, maximumParameterCount: 100, multilineParameters: ["curve", "path-data"])

    /// A job from a URL's query string, as `pbrender serve` reads `/render.svg?…`: each
    /// `name=value` is the command line's `--name value` (`progress=0.5&shape=bar&line-width=8`),
    /// a flag is on when given without a value (`live`) or reads `true`/`false`, and a curve
    /// file's JSON comes as `curve=`. What reads or writes files on the server (`path`, `output`,
    /// `frames`, …) is refused.
    ///
    /// ```swift
    /// let job = try RenderJob(query: "progress=0.5&shape=bar&format=svg")
    /// let badge = try RenderJob(query: "title=coverage&progress=0.87", kind: .badge, format: .svg)
    /// ```
    ///
    /// - Parameters:
    ///   - query: the raw query, percent-encoded, without the `?`.
    ///   - kind: `render`'s options or `badge`'s.
    ///   - format: the format, when something else names it (a server's path: `/render.png`);
    ///     then a `format=` parameter is refused. Otherwise `format=` gives it, and the default is
    ///     PNG (APNG for an animation, SVG for a badge).
    ///   - limits: the longest query and the most parameters decoded.
    ///   - compression: how a PNG or APNG is compressed when the query gives no `compression=`
    ///     (a server's `--compression`).
    ///   - body: a request's body (a `POST`): an SVG document or a curve file's JSON, read as a
    ///     `curve=` parameter is (with which it cannot be given); `render`'s only.
    ///   - now: the moment a progress from `start=` to `end=` is drawn at when the query gives no
    ///     `now=` (a server's clock at the request); the job's `timeDependence` says how long the
    ///     image stays as drawn.
    /// - Throws: an input error for a query that cannot be decoded or names an unknown or refused
    ///   parameter, or that gives `curve=` with a body, and the command line's errors for the
    ///   options it gives and the curve file or document.
    public init(
        query: String, kind: Kind = .progress, format: ImageFormat? = nil, limits: QueryString.Limits = queryLimits,
        compression: PNGCompression = .default, body: [UInt8]? = nil, now: Timestamp = .now
    ) throws(CommandLineError) {
        let decoded: QueryString
        do {
            decoded = try QueryString(decoding: query, limits: limits)
        } catch {
            throw .input(Sentence(error.description))
        }
        switch kind {
        case .progress: try self.init(renderQuery: decoded, format: format, body: body, now: now)
        case .badge:
            guard body == nil else { throw .input("a badge takes no body") }
            try self.init(badgeQuery: decoded, format: format, now: now)
        }
        // The caller's default, unless the query (or its curve file's style) chose a mode.
        if decoded.values(named: "compression").isEmpty && self.compression == .default {
            self.compression = compression
        }
    }

    /// A `render` job from a decoded query.
    private init(renderQuery query: QueryString, format: ImageFormat?, body: [UInt8]?, now: Timestamp)
        throws(CommandLineError)
    {
        let curves = query.values(named: "curve")
        guard curves.count <= 1 else { throw .input("parameter 'curve' is given more than once") }
        guard body == nil || curves.isEmpty else {
            throw .input("parameter 'curve' is given with a body: send the curve file or document one way")
        }
        // The curve file or document, under the name its messages give it (`body:3:14: …`).
        let curve = body.map { (Self.bodyFileName, $0) } ?? curves.first.map { (Self.curveFileName, Array($0.utf8)) }
        var rest = query
        rest.parameters.removeAll { $0.name == "curve" }
        let schema = RenderOptions.schema
        var given = try QueryOptions.given(
            rest, schema: schema, refused: Self.refusedRenderParameters(formatIsGiven: format != nil))
        if let (name, _) = curve, let path = QueryOptions.item("path", name, in: schema) {
            given.insert(path, at: 0)
        }
        if let format, let item = QueryOptions.item("format", format.name, in: schema) { given.append(item) }
        let files = curve.map { [$0.0: $0.1] } ?? [:]
        try self.init(render: given, context: .files(files, now: now), offersFrames: false)
    }

    /// A `badge` job from a decoded query, shields.io's names read as pbrender's (`ShieldsQueryNames`).
    private init(badgeQuery query: QueryString, format: ImageFormat?, now: Timestamp) throws(CommandLineError) {
        let schema = BadgeOptions.schema
        var given = try QueryOptions.given(
            try ShieldsQueryNames.resolved(query), schema: schema,
            refused: Self.refusedBadgeParameters(formatIsGiven: format != nil))
        if let format, let item = QueryOptions.item("format", format.name, in: schema) { given.append(item) }
        try self.init(badge: given, context: .files([:], now: now))
    }

    /// The name a request's `curve` parameter is read under, as the curve file.
    static let curveFileName = "curve"
    /// The name a request's body is read under, as the curve file or SVG document.
    static let bodyFileName = "body"

    /// The parameters of `render` a query may not give, and why.
    static func refusedRenderParameters(formatIsGiven: Bool) -> [String: String] {
        var refused = [
            "output": "does not apply over HTTP: the image is the response",
            "path":
                "would name a file on the server, which requests do not read: give the curve file's JSON as 'curve', "
                + "or 'path-data'",
            "phases": "would name a file on the server, which requests do not read",
            "force": "does not apply over HTTP: nothing is written to a terminal",
            "durable": "does not apply over HTTP: nothing is written to a file",
            "frames": "writes numbered files, which a response cannot be: ask for /render.apng or an animated "
                + "/render.svg with 'animate-to'",
            "from": "belongs to 'frames', which writes numbered files: give 'animate-from' for an animation",
            "to": "belongs to 'frames', which writes numbered files: give 'animate-to' for an animation",
        ]
        if formatIsGiven { refused["format"] = formatRefusal(route: "render", formats: ImageFormat.all) }
        return refused
    }

    /// The parameters of `badge` a query may not give, and why.
    static func refusedBadgeParameters(formatIsGiven: Bool) -> [String: String] {
        var refused = [
            "output": "does not apply over HTTP: the image is the response",
            "force": "does not apply over HTTP: nothing is written to a terminal",
            "durable": "does not apply over HTTP: nothing is written to a file",
        ]
        if formatIsGiven { refused["format"] = formatRefusal(route: "badge", formats: ImageFormat.stillFormats) }
        return refused
    }

    /// Why `format=` is refused where the path names the format: `/render.png, … or /render.webp`.
    private static func formatRefusal(route: String, formats: [ImageFormat]) -> String {
        let paths = formats.map { "/\(route).\($0.fileExtension)" }
        return "does not apply over HTTP: the path names the format (\(ImageFormat.phrase(listing: paths)))"
    }
}
