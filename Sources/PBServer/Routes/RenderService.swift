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
/// - `GET /healthz`: `ok`.
///
/// Images are answered with `Content-Type`, a strong `ETag` (FNV-1a of the bytes),
/// `Cache-Control: public, max-age=31536000, immutable` (the URL fixes the image: nothing in it
/// depends on the time, a file or a request header, so there is no `Vary`), and `nosniff`; SVGs
/// also with a `Content-Security-Policy` that runs nothing. Bad input is a 400 whose plain-text body
/// is the CLI's message naming query parameters; a failure of the renderer is a 500. Images are kept
/// in a byte-bounded LRU cache by request target; ``handler`` adds 304s for `If-None-Match`.
package struct RenderService: Sendable {
    /// How long caches may keep an image: a year, and never revalidate (`immutable`).
    static let imageCacheControl = "public, max-age=31536000, immutable"
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

    /// A service with a cache of `cacheCapacity` bytes, a budget of `maximumPixels` a request, and
    /// `compression` for the PNGs of requests that choose none.
    package init(
        cacheCapacity: ByteCount, maximumPixels: Int = RenderBudget.defaultMaximumPixels,
        queryLimits: QueryString.Limits = RenderJob.queryLimits, compression: PNGCompression = .default
    ) {
        self.compression = compression
        self.cache = ResponseCache(capacity: cacheCapacity)
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
                return response(try image(route, query: request.query ?? "", body: request.body))
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
                let response = response(try image(route, query: request.query ?? ""))
                cache.insert(response, forKey: key)
                return response
            } catch {
                return ServeMessage.response(for: error)
            }
        }
    }

    /// A 200 holding an image, with the headers every image gets.
    private func response(_ image: RenderedImage) -> HTTPResponse {
        var headers: HTTPHeaders = [
            "Content-Type": image.contentType, "Cache-Control": Self.imageCacheControl, "ETag": image.entityTag,
            "X-Content-Type-Options": "nosniff",
        ]
        if let policy = image.format.contentSecurityPolicy { headers["Content-Security-Policy"] = policy }
        return HTTPResponse(headers: headers, body: image.bytes)
    }

    /// The image a route and a raw query ask for (with a `POST`'s body as the curve file or SVG
    /// document), read, budgeted and rendered once.
    ///
    /// - Throws: the CLI's error for what the query asks (named as parameters when it is put
    ///   into words), or for a query that cannot be decoded; an input error over the budget.
    func image(_ route: ServeRoute, query: String, body: [UInt8]? = nil) throws(CommandLineError) -> RenderedImage {
        let job: RenderJob
        switch route {
        case .render(let format):
            job = try RenderJob(
                query: query, kind: .progress, format: format, limits: queryLimits, compression: compression,
                body: body)
        case .badge(let format):
            job = try RenderJob(
                query: query, kind: .badge, format: format, limits: queryLimits, compression: compression)
        case .health, .notFound: throw .input("no image here")
        }
        try budget.check(job)
        return try renderers.withRenderer(compression: job.compression) { renderer throws(CommandLineError) in
            try job.render(with: renderer)
        }
    }
}
