import Foundation
import PBRendering

/// One started Chromium with one page (a DevTools target) attached: loads a generated
/// ``BrowserPage``, waits until it is ready, takes one screenshot, and crops the cells.
final class BrowserSession {
    private let connection: DevToolsConnection
    private let target: String
    private var pageNumber = 0

    /// Starts Chromium and opens a page.
    ///
    /// - Parameters:
    ///   - executable: The Chromium binary.
    ///   - arguments: Extra flags.
    ///   - deadline: When to give up.
    /// - Throws: ``BrowserError`` (`launchFailed`, or `timedOut` when it does not answer).
    init(executable: String, arguments: [String], deadline: ContinuousClock.Instant) throws(BrowserError) {
        connection = try DevToolsConnection(executable: executable, arguments: Self.flags + arguments)
        do throws(BrowserError) {
            let created = try connection.send("Target.createTarget", ["url": "about:blank"], deadline: deadline)
            guard let targetID = created["targetId"] as? String else {
                throw BrowserError(.protocolError, "Target.createTarget gave no targetId")
            }
            let attached = try connection.send(
                "Target.attachToTarget", ["targetId": targetID, "flatten": true], deadline: deadline)
            guard let session = attached["sessionId"] as? String else {
                throw BrowserError(.protocolError, "Target.attachToTarget gave no sessionId")
            }
            target = session
            try connection.send("Page.enable", session: target, deadline: deadline)
        } catch {
            let log = connection.logTail()
            connection.terminate()
            guard error.kind != .timedOut else { throw error }
            throw BrowserError(
                .launchFailed, "Chromium started but its DevTools did not work: \(error.message)", log: log)
        }
    }

    /// Headless, one device pixel per CSS pixel, sRGB without colour management, greyscale
    /// text antialiasing, and nothing that talks to the network or the desktop.
    static let flags = [
        "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
        "--force-color-profile=srgb", "--disable-lcd-text", "--no-first-run", "--no-default-browser-check",
        "--disable-extensions", "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-default-apps", "--disable-breakpad", "--disable-dev-shm-usage", "--mute-audio",
        "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
    ]

    /// Quits the browser and removes its files.
    func close() { connection.close() }

    /// Kills the browser at once and removes its files.
    func terminate() { connection.terminate() }

    /// Renders one page of a batch.
    ///
    /// - Parameters:
    ///   - page: The layout.
    ///   - items: The whole batch (the page's cells index into it).
    ///   - options: Colour scheme and motion preference.
    ///   - deadline: When to give up and kill the browser.
    /// - Returns: The picture of each of the page's cells, in the page's order.
    /// - Throws: ``BrowserError``.
    /// - Complexity: O(page pixels).
    func render(
        _ page: BrowserPage, of items: [BrowserItem], options: BrowserOptions, deadline: ContinuousClock.Instant
    ) throws(BrowserError) -> [RGBAImage] {
        pageNumber += 1
        let file = connection.directory.appendingPathComponent("page-\(pageNumber).html")
        do {
            try Data(page.html(items).utf8).write(to: file)
        } catch {
            throw BrowserError(.launchFailed, "cannot write the page \(file.path): \(error)")
        }
        defer { try? FileManager.default.removeItem(at: file) }
        try connection.send(
            "Emulation.setDeviceMetricsOverride",
            ["width": page.width, "height": page.height, "deviceScaleFactor": 1, "mobile": false],
            session: target, deadline: deadline)
        let features: [[String: String]] = [
            ["name": "prefers-color-scheme", "value": options.appearance.rawValue],
            ["name": "prefers-reduced-motion", "value": options.reducesMotion ? "reduce" : "no-preference"],
        ]
        try connection.send("Emulation.setEmulatedMedia", ["features": features], session: target, deadline: deadline)
        connection.discardEvents()
        let navigation = try connection.send(
            "Page.navigate", ["url": file.absoluteString], session: target, deadline: deadline)
        if let failure = navigation["errorText"] as? String {
            throw BrowserError(.protocolError, "Page.navigate to \(file.path) failed: \(failure)")
        }
        try connection.waitForEvent("Page.loadEventFired", session: target, deadline: deadline)
        try awaitReady(page, of: items, deadline: deadline)
        let shot = try connection.send(
            "Page.captureScreenshot",
            [
                "format": "png", "optimizeForSpeed": true, "fromSurface": true, "captureBeyondViewport": false,
                "clip": ["x": 0, "y": 0, "width": page.width, "height": page.height, "scale": 1],
            ], session: target, deadline: deadline)
        guard let text = shot["data"] as? String, let png = Data(base64Encoded: text) else {
            throw BrowserError(.protocolError, "Page.captureScreenshot gave no base64 data")
        }
        let picture = try Screenshot(png: Array(png))
        guard picture.width == page.width && picture.height == page.height else {
            throw BrowserError(
                .protocolError,
                "the screenshot is \(picture.width) x \(picture.height) pixels, not the page's \(page.width) x \(page.height)"
            )
        }
        return page.cells.map { cell in
            picture.image(x: cell.x, y: cell.y, width: items[cell.item].width, height: items[cell.item].height)
        }
    }

    /// Opens `url` in the page (at `width` x `height` CSS pixels, light) and, once it has loaded,
    /// evaluates each expression in turn, awaiting promises.
    ///
    /// - Returns: Each expression's value, as JSON decodes it (`nil` for `undefined`).
    /// - Throws: ``BrowserError``: `protocolError` for a failed navigation or a script that throws.
    func visit(
        _ url: String, width: Int, height: Int, evaluating expressions: [String], deadline: ContinuousClock.Instant
    ) throws(BrowserError) -> [Any?] {
        try connection.send(
            "Emulation.setDeviceMetricsOverride",
            ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false], session: target,
            deadline: deadline)
        try connection.send(
            "Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": "light"]]],
            session: target, deadline: deadline)
        connection.discardEvents()
        let navigation = try connection.send("Page.navigate", ["url": url], session: target, deadline: deadline)
        if let failure = navigation["errorText"] as? String {
            throw BrowserError(.protocolError, "Page.navigate to \(url) failed: \(failure)")
        }
        try connection.waitForEvent("Page.loadEventFired", session: target, deadline: deadline)
        var values: [Any?] = []
        for expression in expressions {
            let evaluation = try connection.send(
                "Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true],
                session: target, deadline: deadline)
            if let exception = evaluation["exceptionDetails"] as? [String: Any] {
                let text = (exception["exception"] as? [String: Any])?["description"] as? String ?? "\(exception)"
                throw BrowserError(.protocolError, "the script failed: \(text)")
            }
            values.append((evaluation["result"] as? [String: Any])?["value"])
        }
        return values
    }

    /// Runs the page's ready function and checks what it reports: no broken image, and every
    /// timed animation paused at its time.
    private func awaitReady(_ page: BrowserPage, of items: [BrowserItem], deadline: ContinuousClock.Instant)
        throws(BrowserError)
    {
        let evaluation = try connection.send(
            "Runtime.evaluate",
            ["expression": "window.\(BrowserPage.readyFunction)()", "awaitPromise": true, "returnByValue": true],
            session: target, deadline: deadline)
        if let exception = evaluation["exceptionDetails"] as? [String: Any] {
            let text = (exception["exception"] as? [String: Any])?["description"] as? String ?? "\(exception)"
            throw BrowserError(.protocolError, "the page's script failed: \(text)")
        }
        guard let value = (evaluation["result"] as? [String: Any])?["value"] as? [String: Any],
            let broken = value["broken"] as? [Int], let times = value["times"] as? [[String: Any]]
        else {
            throw BrowserError(.protocolError, "the page's script returned something unexpected: \(evaluation)")
        }
        if let item = broken.first {
            throw BrowserError(.itemFailed, "an image did not load (is the SVG well-formed XML?)", item: item)
        }
        for entry in times {
            guard let item = entry["item"] as? Int, let time = entry["time"] as? Double,
                let current = entry["current"] as? [Any]
            else { throw BrowserError(.protocolError, "the page's script reported a time oddly: \(entry)") }
            for value in current {
                guard let milliseconds = value as? Double, abs(milliseconds - time) <= 1e-3 else {
                    throw BrowserError(
                        .itemFailed, "an animation could not be held at \(time) ms (it reports \(value))", item: item)
                }
            }
        }
    }
}
