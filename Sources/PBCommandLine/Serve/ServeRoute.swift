import PBRendering

/// What a request path names: a rendered image, a badge, the health check, or nothing.
enum ServeRoute: Hashable, Sendable {
    /// `/render.png`, `.svg`, `.pdf`, `.apng`: `pbrender render` with the query's options.
    case render(OutputFormat)
    /// `/badge.svg`, `/badge.png`: `pbrender badge` with the query's options.
    case badge(ImageFormat)
    /// `/healthz`: 200 `ok` while the server runs.
    case health
    /// Anything else.
    case notFound

    /// The route of a raw request path (`/render.png`); paths are matched exactly, as sent.
    init(path: String) {
        switch path {
        case "/render.png": self = .render(.png)
        case "/render.svg": self = .render(.svg)
        case "/render.pdf": self = .render(.pdf)
        case "/render.apng": self = .render(.apng)
        case "/badge.svg": self = .badge(.svg)
        case "/badge.png": self = .badge(.png)
        case "/healthz": self = .health
        default: self = .notFound
        }
    }

    /// The paths the server answers, for the 404 message.
    static let paths = "/render.png, /render.svg, /render.pdf, /render.apng, /badge.svg, /badge.png, /healthz"

    /// The media type of the route's images.
    var contentType: String {
        switch self {
        case .render(.png), .badge(.png): "image/png"
        case .render(.svg), .badge(.svg): "image/svg+xml"
        case .render(.pdf), .badge(.pdf): "application/pdf"
        case .render(.apng): "image/apng"
        case .health, .notFound: "text/plain; charset=utf-8"
        }
    }
}
