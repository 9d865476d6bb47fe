import PBRendering
import PBServer

#if canImport(Glibc)
    import Glibc
#endif

/// `pbrender serve`'s handler: the routes, each query read by the CLI's option declarations and
/// rendered by the CLI's own code, so `/render.png?progress=0.5&shape=bar` answers with exactly the
/// bytes `pbrender --progress 0.5 --shape bar -o out.png` writes.
///
/// - `GET /render.png|svg|pdf|apng?…`: `render`'s options as parameters (``RenderOptions/schema``),
///   a curve file's JSON as `curve=`; the format is the path's. Not taken: what writes or reads
///   files on the server (``refusedRenderParameters``).
/// - `GET /badge.svg|png?…`: `badge`'s options (``BadgeOptions/schema``).
/// - `GET /healthz`: `ok`.
///
/// Images are answered with `Content-Type`, a strong `ETag` (FNV-1a of the bytes),
/// `Cache-Control: public, max-age=31536000, immutable` (the URL fixes the image: nothing in it
/// depends on the time, a file or a request header, so there is no `Vary`), and `nosniff`; SVGs
/// also with a `Content-Security-Policy` that runs nothing. Bad input is a 400 whose plain-text body
/// is the CLI's message naming query parameters; a failure of the renderer is a 500. Images are kept
/// in a byte-bounded LRU cache by request target; ``handler`` adds 304s for `If-None-Match`.
struct RenderService: Sendable {
    /// How long caches may keep an image: a year, and never revalidate (`immutable`).
    static let imageCacheControl = "public, max-age=31536000, immutable"

    /// The parameters of `render` a request may not give, and why.
    static let refusedRenderParameters: [String: String] = [
        "output": "does not apply over HTTP: the image is the response",
        "path":
            "would name a file on the server, which requests do not read: give the curve file's JSON as 'curve', or "
            + "'path-data'",
        "phases": "would name a file on the server, which requests do not read",
        "format": "does not apply over HTTP: the path names the format (/render.png, .svg, .pdf or .apng)",
        "force": "does not apply over HTTP: nothing is written to a terminal",
        "frames": "writes numbered files, which a response cannot be: ask for /render.apng or an animated "
            + "/render.svg with 'animate-to'",
        "from": "belongs to 'frames', which writes numbered files: give 'animate-from' for an animation",
        "to": "belongs to 'frames', which writes numbered files: give 'animate-to' for an animation",
    ]

    /// The parameters of `badge` a request may not give, and why.
    static let refusedBadgeParameters: [String: String] = [
        "output": "does not apply over HTTP: the image is the response",
        "format": "does not apply over HTTP: the path names the format (/badge.svg or /badge.png)",
        "force": "does not apply over HTTP: nothing is written to a terminal",
    ]

    /// The rendered images, by request target.
    let cache: ResponseCache
    /// What one request may ask for.
    let budget: RenderBudget
    /// The largest query decoded.
    let queryLimits: QueryString.Limits

    /// A service with a cache of `cacheCapacity` bytes and a budget of `maximumPixels` a request.
    init(
        cacheCapacity: ByteCount, maximumPixels: Int = RenderBudget.defaultMaximumPixels,
        queryLimits: QueryString.Limits = .init(
            maximumLength: 16384, maximumParameterCount: 100, multilineParameters: ["curve", "path-data"])
    ) {
        self.cache = ResponseCache(capacity: cacheCapacity)
        self.budget = RenderBudget(maximumPixels: maximumPixels)
        self.queryLimits = queryLimits
    }

    /// The handler to give ``HTTPServer``: ``respond(to:)`` with `ETag`s checked against
    /// `If-None-Match` (304).
    var handler: HTTPServer.Handler {
        let service = self
        return ConditionalGET.handler { request in service.respond(to: request) }
    }

    /// The answer to one request.
    func respond(to request: HTTPRequest) -> HTTPResponse {
        let route = ServeRoute(path: request.path)
        switch route {
        case .health:
            var response = HTTPResponse.text("ok\n")
            response.headers["Cache-Control"] = "no-store"
            return response
        case .notFound:
            var response = HTTPResponse.text(
                "no such resource: \(request.path) (the paths are \(ServeRoute.paths))\n", status: .notFound)
            response.headers["Cache-Control"] = "no-store"
            return response
        case .render, .badge:
            let key = request.target
            if let cached = cache.response(forKey: key) { return cached }
            do throws(CommandLineError) {
                let response = image(try self.image(route, query: request.query ?? ""), route: route)
                cache.insert(response, forKey: key)
                return response
            } catch {
                return ServeMessage.response(for: error)
            }
        }
    }

    /// A 200 holding an image, with the headers every image gets.
    private func image(_ bytes: [UInt8], route: ServeRoute) -> HTTPResponse {
        var headers: HTTPHeaders = [
            "Content-Type": route.contentType, "Cache-Control": Self.imageCacheControl,
            "ETag": EntityTag(hashing: bytes).headerValue, "X-Content-Type-Options": "nosniff",
        ]
        if route.contentType == "image/svg+xml" {
            headers["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'"
        }
        return HTTPResponse(headers: headers, body: bytes)
    }

    /// The bytes of the image a route and a raw query ask for.
    ///
    /// - Throws: the CLI's error for what the query asks, or for a query that cannot be decoded.
    func image(_ route: ServeRoute, query raw: String) throws(CommandLineError) -> [UInt8] {
        let query: QueryString
        do {
            query = try QueryString(decoding: raw, limits: queryLimits)
        } catch {
            throw .input(error.description)
        }
        switch route {
        case .render(let format): return try render(format, query: query)
        case .badge(let format): return try badge(format, query: query)
        case .health, .notFound: return []
        }
    }

    /// `pbrender render` with the query's options, to standard output in `format`.
    private func render(_ format: OutputFormat, query: QueryString) throws(CommandLineError) -> [UInt8] {
        let curves = query.values(named: "curve")
        guard curves.count <= 1 else { throw .input("parameter 'curve' is given more than once") }
        var rest = query
        rest.parameters.removeAll { $0.name == "curve" }
        let schema = RenderOptions.schema
        var given = try QueryOptions.given(rest, schema: schema, refused: Self.refusedRenderParameters)
        if !curves.isEmpty, let path = QueryOptions.item("path", CapturedOutput.curveFileName, in: schema) {
            given.insert(path, at: 0)
        }
        for (name, value) in [("output", "-"), ("format", format.rawValue)] {
            if let item = QueryOptions.item(name, value, in: schema) { given.append(item) }
        }
        let captured = CapturedOutput(curve: curves.first.map { Array($0.utf8) })
        try budget.check(render: given, format: format, context: captured.context)
        do {
            try RenderCommand.run(given, context: captured.context)
        } catch .usage(RenderCommand.missingProgressMessage) {
            // A server writes no numbered frames: it offers an animation instead.
            throw .usage(
                "give the progress with '--progress P' (like 0.5 or 50%), or an animation with '--animate-to B'")
        }
        return captured.output
    }

    /// `pbrender badge` with the query's options, in `format`.
    private func badge(_ format: ImageFormat, query: QueryString) throws(CommandLineError) -> [UInt8] {
        let given = try QueryOptions.given(query, schema: BadgeOptions.schema, refused: Self.refusedBadgeParameters)
        var options = BadgeOptions()
        for item in given { try item.apply(to: &options) }
        try budget.check(badge: options, format: format)
        return try BadgeCommand.image(options, as: format)
    }
}
