#if FUZZING
    @testable import PBCommandLine
    @testable import PBServer
    @testable import PBJob

    /// Whole requests to `pbrender serve`: a request target (path and query) answered by the
    /// server's `RenderService`, which decodes the query into `render` or `badge` options,
    /// checks the request's pixel budget and renders, all in memory. The first byte's low bits
    /// pick the path (`/render.png`, `.svg`, `.pdf`, `.apng`, `/badge.svg`, `.png`, `/healthz`
    /// or one the server does not have); the rest is the query.
    ///
    /// Checked: every answer is a 200 with a non-empty image of the route's type, a 400 with a
    /// one-line message, or a 404 for the unknown path; never a 500 (a failure of the renderer
    /// on what the budget let through) and never a crash. The same target answers with the same
    /// bytes from the cache.
    enum ServeRequestFuzzing {
        /// One service for the whole run: its cache is part of what is fuzzed. A small budget
        /// keeps each input fast.
        static let service = RenderService(cacheCapacity: ByteCount(bytes: 4 << 20), maximumPixels: 1 << 16)

        static let paths = [
            "/render.png", "/render.svg", "/render.pdf", "/render.apng", "/badge.svg", "/badge.png", "/healthz",
            "/nowhere",
        ]

        static func run(_ bytes: [UInt8]) -> Bool {
            guard let options = bytes.first else { return true }
            let path = paths[Int(options) % paths.count]
            let query = String(decoding: bytes.dropFirst(), as: UTF8.self)
            let request = HTTPRequest(target: query.isEmpty ? path : path + "?" + query)
            let response = service.respond(to: request)
            switch response.status.rawValue {
            case 200:
                guard !response.body.isEmpty, response.headers["Content-Type"] != nil else {
                    fuzzFailure("\(request.target.debugDescription): a 200 without an image")
                }
            case 400:
                let text = String(decoding: response.body, as: UTF8.self)
                guard text.hasSuffix("\n"), text.dropLast().firstIndex(of: "\n") == nil, text.count > 1 else {
                    fuzzFailure(
                        "\(request.target.debugDescription): a 400 whose message is not one line: \(text.debugDescription)"
                    )
                }
            case 404 where path == "/nowhere":
                break
            default:
                let text = String(decoding: response.body.prefix(300), as: UTF8.self)
                fuzzFailure("\(request.target.debugDescription): answered \(response.status.rawValue): \(text)")
            }
            guard service.respond(to: request).body == response.body else {
                fuzzFailure("\(request.target.debugDescription): a second answer differs from the first")
            }
            return true
        }
    }
#endif
