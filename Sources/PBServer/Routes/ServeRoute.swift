import PBJob
import PBRendering

/// What a request path names: the builder page, a rendered image, a badge, the health check, or nothing.
enum ServeRoute: Hashable, Sendable {
    /// `/render.png`, `.svg`, … (every `ImageFormat`): `pbrender render` with the query's
    /// options.
    case render(ImageFormat)
    /// `/badge.svg`, `.png`, … (every still-image format): `pbrender badge` with the query's
    /// options.
    case badge(ImageFormat)
    /// `/`: the page that builds an image's URL (``BuilderPage``).
    case builder
    /// `/healthz`: 200 `ok` while the server runs.
    case health
    /// Anything else.
    case notFound

    /// Every route's path, in the order the 404 message lists them.
    static let all: [(path: String, route: ServeRoute)] =
        [("/", .builder)] + ImageFormat.all.map { ("/render.\($0.fileExtension)", .render($0)) }
        + ImageFormat.stillFormats.map { ("/badge.\($0.fileExtension)", .badge($0)) } + [("/healthz", .health)]

    /// The route of a raw request path (`/render.png`); paths are matched exactly, as sent.
    init(path: String) {
        self = Self.all.first { $0.path == path }?.route ?? .notFound
    }

    /// The paths the server answers, for the 404 message.
    static var paths: String { all.map(\.path).joined(separator: ", ") }
}
