import PBJob
import PBRendering

#if canImport(Glibc)
    import Glibc
#endif

/// `pbrender serve`'s handler: the routes, each query read into a `RenderJob` (the CLI's option
/// declarations) and rendered by it, so `/render.png?progress=0.5&shape=bar` answers with exactly
/// the bytes `pbrender --progress 0.5 --shape bar -o out.png` writes.
///
/// - `GET /render.EXT?…` for every `ImageFormat`: `render`'s options as parameters
///   (``RenderOptions/schema``), a curve file's JSON as `curve=`; the format is the path's. Not
///   taken: what writes or reads files on the server (`RenderJob.refusedRenderParameters(formatIsGiven:)`).
/// - `POST /render.EXT?…`: the same, with an SVG document (`Content-Type: image/svg+xml`) or a curve file's
///   JSON as the body instead of `curve=`, up to ``maximumBodyBytes`` (413 above). Not cached: the URL does
///   not name the image.
/// - `GET /badge.EXT?…` for every still-image format: `badge`'s options (``BadgeOptions/schema``).
/// - `GET /`: the builder page (``BuilderPage``), a form that makes a URL and shows its picture.
/// - `GET /healthz`: `ok`.
///
/// Images are answered with `Content-Type`, a strong `ETag` (FNV-1a of the bytes),
/// `Cache-Control: public, max-age=31536000, immutable` (the URL fixes the image: nothing in it
/// depends on a file or a request header, so there is no `Vary`), and `nosniff`; SVGs also with a
/// `Content-Security-Policy` that runs nothing. An image drawn from the clock (`start=`/`end=`
/// without `now=`) is drawn at the service's clock for each request and not kept: its
/// `Cache-Control` is `public, max-age=N`, N the whole seconds until it would be drawn otherwise
/// (the next step of its progress or of its `{remaining}` text), at most ``maximumTimeDependentAge``.
/// Bad input is a 400 whose plain-text body is the CLI's message naming query parameters, and so is
/// what the CLI draws with a warning of a kind the server refuses (`JobWarning.Kind.isRefusedOverHTTP`);
/// the other warnings come as `PBRender-Warning` fields of the image's response. A failure of the
/// renderer is a 500. Images are kept in a byte-bounded LRU cache by request target; ``handler``
/// adds 304s for `If-None-Match`.
package struct RenderService: Sendable {
    /// How long caches may keep an image the URL fixes: a year, and never revalidate (`immutable`).
    static let imageCacheControl = "public, max-age=31536000, immutable"
    /// The bytes the cache counts for each image beyond its bytes, headers and URL: what holding it costs the
    /// process. Measured under mixed routes (`Tests/Benchmarks/serve.py --memory-only`): with a 16 MB cache of
    /// 256 px rings the process's own memory was 21 MiB above what it holds with no cache, 5.7 MiB more than
    /// the images' bytes: about 2 KiB an image, taking the images at 6 KB on average (about 2,600; Swift's and
    /// the allocator's bookkeeping, and the gaps that images of mixed sizes leave among the requests' buffers).
    static let cacheEntryOverhead = 2048
    /// The longest `max-age` of an image drawn from the clock: a day, in seconds.
    static let maximumTimeDependentAge = 86_400
    /// The largest body a `POST` may send: 1 MiB, for an SVG document or a curve file (icons and logos take a
    /// few kilobytes). The server holds at most 64 MiB of bodies at once (503 beyond).
    package static let maximumBodyBytes = 1 << 20

    /// The rendered images, by request target.
    let cache: ResponseCache
    /// What one request may ask for.
    let budget: RenderBudget
    /// The largest query decoded.
    let queryLimits: QueryString.Limits
    /// How PNGs and APNGs are compressed when a request does not say.
    let compression: PNGCompression
    /// Renderers kept between requests.
    let renderers = RendererPool()
    /// The clock images drawn from the time are drawn at, read once a request.
    let clock: @Sendable () -> Timestamp

    /// A service with a cache of `cacheCapacity` bytes, a budget of `maximumPixels` a request,
    /// `compression` for the PNGs of requests that choose none, and `clock` for the images drawn
    /// from the time (the system's clock unless a test sets one).
    package init(
        cacheCapacity: ByteCount, maximumPixels: Int = RenderBudget.defaultMaximumPixels,
        queryLimits: QueryString.Limits = RenderJob.queryLimits, compression: PNGCompression = .default,
        clock: @escaping @Sendable () -> Timestamp = { Timestamp.now }
    ) {
        self.clock = clock
        self.compression = compression
        self.cache = ResponseCache(capacity: cacheCapacity, entryOverhead: Self.cacheEntryOverhead)
        self.budget = RenderBudget(maximumPixels: maximumPixels)
        self.queryLimits = queryLimits
    }

    /// The handler to give ``HTTPServer``: ``respond(to:)`` with `ETag`s checked against
    /// `If-None-Match` (304).
    package var handler: HTTPServer.Handler {
        let service = self
        return ConditionalGET.handler { request in service.respond(to: request) }
    }

    /// The answer to one request.
    func respond(to request: HTTPRequest) -> HTTPResponse {
        let route = ServeRoute(path: request.path)
        switch route {
        case .builder where request.method == .post:
            var response = HTTPResponse.text(
                "the builder page takes no body (only /render.EXT takes a POST)\n", status: .methodNotAllowed)
            response.headers["Allow"] = "GET, HEAD"
            return response
        case .builder:
            return BuilderPage.response
        case .health:
            var response = HTTPResponse.text("ok\n")
            response.headers["Cache-Control"] = "no-store"
            return response
        case .notFound:
            var response = HTTPResponse.text(
                "no such resource: \(request.path) (the paths are \(ServeRoute.paths))\n", status: .notFound)
            response.headers["Cache-Control"] = "no-store"
            return response
        case .render where request.method == .post:
            do throws(CommandLineError) {
                guard !request.body.isEmpty else {
                    throw .input(
                        "a POST to /render.EXT takes a curve file or an SVG document as its body, and this one is empty "
                            + "(GET draws a built-in shape)")
                }
                return try imageResponse(route, query: request.query ?? "", body: request.body).response
            } catch {
                return ServeMessage.response(for: error)
            }
        case .badge where request.method == .post:
            var response = HTTPResponse.text(
                "a badge takes no body: ask for it with GET (only /render.EXT takes a POST)\n",
                status: .methodNotAllowed)
            response.headers["Allow"] = "GET, HEAD"
            return response
        case .render, .badge:
            let key = request.target
            if let cached = cache.response(forKey: key) { return cached }
            do throws(CommandLineError) {
                let (response, dependsOnTime) = try imageResponse(route, query: request.query ?? "")
                // An image drawn from the clock is drawn anew for each request.
                if !dependsOnTime { cache.insert(response, forKey: key) }
                return response
            } catch {
                return ServeMessage.response(for: error)
            }
        }
    }

    /// A 200 holding an image, with the headers every image gets, the `Cache-Control` its
    /// dependence on the time allows, and the warnings it was drawn with.
    private static func response(_ image: RenderedImage, of job: RenderJob) -> HTTPResponse {
        let cacheControl =
            job.timeDependence.map { "public, max-age=\($0.secondsUnchanged(atMost: maximumTimeDependentAge))" }
            ?? imageCacheControl
        var headers: HTTPHeaders = [
            "Content-Type": image.contentType, "Cache-Control": cacheControl, "ETag": image.entityTag,
            "X-Content-Type-Options": "nosniff",
        ]
        if let policy = image.format.contentSecurityPolicy { headers["Content-Security-Policy"] = policy }
        for warning in job.warnings { headers.add(name: JobWarning.headerName, value: warning.headerValue) }
        return HTTPResponse(headers: headers, body: image.bytes)
    }

    /// The response to a route and a raw query (with a `POST`'s body as the curve file or SVG
    /// document): the image read, checked for warnings the server refuses, budgeted and rendered
    /// once, at the service's clock; and whether it depends on the time.
    ///
    /// - Throws: the CLI's error for what the query asks (named as parameters when it is put
    ///   into words), or for a query that cannot be decoded; the first warning the server refuses
    ///   (`JobWarning.Kind.isRefusedOverHTTP`), as an input error in the CLI's words; an input
    ///   error over the budget.
    func imageResponse(_ route: ServeRoute, query: String, body: [UInt8]? = nil) throws(CommandLineError) -> (
        response: HTTPResponse, dependsOnTime: Bool
    ) {
        let job: RenderJob
        let now = clock()
        switch route {
        case .render(let format):
            job = try RenderJob(
                query: query, kind: .progress, format: format, limits: queryLimits, compression: compression,
                body: body, now: now)
        case .badge(let format):
            job = try RenderJob(
                query: query, kind: .badge, format: format, limits: queryLimits, compression: compression, now: now)
        case .builder, .health, .notFound: throw .input("no image here")
        }
        if let refused = job.warnings.first(where: \.kind.isRefusedOverHTTP) {
            throw .input(Sentence(refused.message(naming: .query)))
        }
        try budget.check(job)
        let image = try renderers.withRenderer(compression: job.compression) { renderer throws(CommandLineError) in
            try job.render(with: renderer)
        }
        return (Self.response(image, of: job), job.timeDependence != nil)
    }
}
