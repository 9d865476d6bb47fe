/// Why a ``Browser`` could not render a batch: a kind, the facts, and what Chromium last said.
public struct BrowserError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure it was.
    public enum Kind: String, Hashable, Sendable {
        /// No Chromium executable was found (run `.ci/install-deps`, or set `PBRENDER_CHROMIUM`).
        case notInstalled
        /// Chromium could not be started, or did not answer its first DevTools command.
        case launchFailed
        /// Chromium did not answer within the browser's timeout; it was killed.
        case timedOut
        /// Chromium exited or closed its DevTools pipe while a batch was rendering.
        case exited
        /// Chromium answered a DevTools command with an error, or with something unexpected.
        case protocolError
        /// An item cannot be rendered as asked (a bad size, or a time on an `<img>` item).
        case invalidItem
        /// An item failed in the page (an SVG image that did not load: not well-formed XML).
        case itemFailed
    }

    /// What kind of failure it was.
    public var kind: Kind
    /// What went wrong, in one sentence.
    public var message: String
    /// The index of the item at fault in the batch, when one item is.
    public var item: Int?
    /// The last lines Chromium wrote to its standard error (known start-up noise left out),
    /// for launch failures, exits and timeouts; empty otherwise.
    public var log: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: What kind of failure it was.
    ///   - message: What went wrong, in one sentence.
    ///   - item: The index of the item at fault, if one is.
    ///   - log: What Chromium last wrote to its standard error, if it matters.
    public init(_ kind: Kind, _ message: String, item: Int? = nil, log: String = "") {
        self.kind = kind
        self.message = message
        self.item = item
        self.log = log
    }

    /// The message, the item and Chromium's last words, e.g.
    /// `Chromium: item 3 failed: the SVG image did not load (is it well-formed XML?)`.
    public var description: String {
        var text = "Chromium: "
        if let item { text += "item \(item): " }
        text += message
        if !log.isEmpty { text += "\nChromium's last output:\n" + log }
        return text
    }
}
