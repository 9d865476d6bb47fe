import Foundation
import PBRendering
import PBSynchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Headless Chromium as a test oracle: renders a batch of SVG documents and HTML snippets per
/// call and returns each as an ``RGBAImage``, composited on white.
///
/// A batch becomes one generated HTML page holding every item in its own fixed-size cell
/// (absolutely positioned, no margins, one device pixel per CSS pixel, a white page), taken
/// with one screenshot over the DevTools protocol and cropped into cells. One Chromium is
/// started on first use and serves every later batch, light or dark (see ``BrowserOptions``),
/// and a second one for batches with reduced motion, so a test process pays the start (about
/// half a second, a second on two busy cores) once or twice. A batch then costs about 0.1 to
/// 0.2 s plus 3 to 5 ms per 256 x 256 item (measured in a debug build on two cores under load:
/// 1 item 0.1 to 0.2 s, 20 items 0.2 to 0.3 s, 100 items 0.45 to 0.8 s).
///
/// ```swift
/// let svgs: [String] = …
/// let items = svgs.map { BrowserItem.image(svg: $0, width: 256, height: 256) }
/// let light = try Browser.shared.render(items)
/// let dark = try Browser.shared.render(items, options: .dark)
/// let live = try Browser.shared.render(
///     [0.1, 0.5].map { BrowserItem.inline(svg: liveSVG, width: 256, height: 256, style: "--progress: \($0)") })
/// ```
///
/// Calls from many threads are served one at a time. A browser that misses the ``timeout`` is
/// killed and the call throws; the next call starts a new one. Chromium runs headless with
/// `--no-sandbox` (tests run as root), a fresh profile in a temporary directory, and its
/// output in a log there; ``close()`` (or the end of the process, for ``shared``) quits it
/// and removes the directory. It also quits by itself when the test process dies.
///
/// The binary is `$PBRENDER_CHROMIUM` if set, else `/usr/lib/chromium/chromium` (Debian's
/// `chromium`, installed by `.ci/install-deps`, started without its wrapper script), else the
/// first `chromium`, `chromium-browser` or `google-chrome` on `PATH`.
public final class Browser: Sendable {
    /// The browser tests share: started on first use, closed when the process exits.
    public static let shared = Browser()

    /// How long one batch page (or the start) may take before the browser is killed.
    public let timeout: Duration
    /// Flags passed to Chromium besides the ones every browser here gets.
    public let arguments: [String]
    /// The running browsers: one for batches with motion, one (started with
    /// `--force-prefers-reduced-motion`) for batches with reduced motion.
    private let sessions = Locked<[Bool: BrowserSession]>([:])

    /// Creates a browser; Chromium starts at the first ``render(_:options:)``.
    ///
    /// - Parameters:
    ///   - arguments: Extra Chromium flags (e.g. `--force-prefers-reduced-motion`).
    ///   - timeout: How long the start, or one page of a batch, may take. Default 60 s, ample
    ///     on two busy cores.
    public init(arguments: [String] = [], timeout: Duration = .seconds(60)) {
        self.arguments = arguments
        self.timeout = timeout
    }

    deinit { close() }

    /// Renders a batch: every item in its own cell, in one page per about 2048 x 8192 pixels
    /// of cells (217 items of 256 x 256 to a page).
    ///
    /// - Parameters:
    ///   - items: What to render.
    ///   - options: The colour scheme and motion preference for the whole batch.
    /// - Returns: One picture per item, in order, each the item's size: RGBA, opaque, what
    ///   Chromium painted over a white page.
    /// - Throws: ``BrowserError``: `invalidItem` before anything starts; `notInstalled`,
    ///   `launchFailed`, `timedOut`, `exited` or `protocolError` from the browser (which is
    ///   then closed; a browser that died is restarted once per page before giving up);
    ///   `itemFailed` for an image that did not load.
    /// - Complexity: O(pixels of the items), plus the browser's work.
    public func render(_ items: [BrowserItem], options: BrowserOptions = .light) throws(BrowserError)
        -> [RGBAImage]
    {
        for (index, item) in items.enumerated() {
            if let problem = item.problem { throw BrowserError(.invalidItem, problem, item: index) }
        }
        var images: [RGBAImage] = []
        images.reserveCapacity(items.count)
        for page in BrowserPage.layout(items) {
            images += try sessions.withLock { sessions throws(BrowserError) -> [RGBAImage] in
                let key = options.reducesMotion
                var attempt = 0
                while true {
                    attempt += 1
                    let current: BrowserSession
                    if let running = sessions[key] {
                        current = running
                    } else {
                        current = try self.launch(reducingMotion: key)
                    }
                    sessions[key] = current
                    do throws(BrowserError) {
                        return try current.render(page, of: items, options: options, deadline: .now + self.timeout)
                    } catch {
                        guard error.kind != .itemFailed else { throw error }
                        current.terminate()
                        sessions[key] = nil
                        guard error.kind == .exited && attempt == 1 else { throw error }
                    }
                }
            }
        }
        return images
    }

    /// Opens a page by its URL (a server on loopback, say) and runs scripts in it, as a person
    /// using the page would: fill a form, wait for a picture, read what the page shows.
    ///
    /// - Parameters:
    ///   - url: The page.
    ///   - width: The viewport's width in CSS pixels (one device pixel each).
    ///   - height: The viewport's height.
    ///   - expressions: JavaScript expressions evaluated in turn once the page has loaded; a
    ///     promise is awaited. Values come back as JSON would decode them.
    /// - Returns: Each expression's value (`nil` for `undefined`).
    /// - Throws: ``BrowserError``, as ``render(_:options:)``; `protocolError` for a script that throws.
    public func visit(_ url: String, width: Int = 1024, height: Int = 768, evaluating expressions: [String])
        throws(BrowserError) -> [Any?]
    {
        try sessions.withLock { sessions throws(BrowserError) -> [Any?] in
            let current: BrowserSession
            if let running = sessions[false] {
                current = running
            } else {
                current = try self.launch(reducingMotion: false)
            }
            sessions[false] = current
            do throws(BrowserError) {
                return try current.visit(
                    url, width: width, height: height, evaluating: expressions, deadline: .now + timeout)
            } catch {
                if error.kind != .protocolError {
                    current.terminate()
                    sessions[false] = nil
                }
                throw error
            }
        }
    }

    /// Quits the browser (if one is running) and removes its temporary directory. The next
    /// ``render(_:options:)`` starts a new one.
    public func close() {
        sessions.withLock { sessions in
            for session in sessions.values { session.close() }
            sessions.removeAll()
        }
    }

    /// The Chromium binary this browser would start, or `nil` if there is none.
    public static var executable: String? {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["PBRENDER_CHROMIUM"], !path.isEmpty { return path }
        let debian = "/usr/lib/chromium/chromium"
        if access(debian, X_OK) == 0 { return debian }
        for directory in (environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            for name in ["chromium", "chromium-browser", "google-chrome"] {
                let path = "\(directory)/\(name)"
                if access(path, X_OK) == 0 { return path }
            }
        }
        return nil
    }

    private func launch(reducingMotion: Bool) throws(BrowserError) -> BrowserSession {
        guard let executable = Self.executable else {
            throw BrowserError(
                .notInstalled, "no Chromium found: run .ci/install-deps (Debian's chromium) or set PBRENDER_CHROMIUM")
        }
        if self === Browser.shared { _ = Self.closeAtExit }
        // Emulated media reach SVG images for the colour scheme, not for motion: that needs the flag.
        let flags = arguments + (reducingMotion ? ["--force-prefers-reduced-motion"] : [])
        return try BrowserSession(executable: executable, arguments: flags, deadline: .now + timeout)
    }

    /// Closes the shared browser when the process exits, unless a render is holding it (then
    /// Chromium quits by itself as the socket closes, leaving only its temporary directory).
    private static let closeAtExit: Void = {
        atexit {
            Browser.shared.sessions.withLockIfAvailable { sessions in
                for session in sessions.values { session.close() }
                sessions.removeAll()
            }
        }
    }()
}
