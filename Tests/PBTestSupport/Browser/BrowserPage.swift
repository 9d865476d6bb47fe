import Foundation

/// One generated HTML page of a batch: items laid out in rows of fixed-size cells, absolutely
/// positioned on a white page with no margins, captured by one screenshot and cropped.
struct BrowserPage {
    /// Where one item sits on the page.
    struct Cell {
        /// The item's index in the batch.
        var item: Int
        /// The cell's left edge in pixels.
        var x: Int
        /// The cell's top edge in pixels.
        var y: Int
    }

    /// The page's width in pixels (the viewport and the screenshot).
    var width = 0
    /// The page's height in pixels.
    var height = 0
    /// The cells, in batch order.
    var cells: [Cell] = []

    /// White space between neighbouring cells, so antialiasing cannot touch a neighbour.
    static let gap = 2
    /// The widest a page's rows may grow (unless one cell is wider).
    static let maximumWidth = 2048
    /// The tallest a page may grow (unless one cell is taller): larger batches take more pages.
    static let maximumHeight = 8192

    /// Lays items out in rows, left to right, top to bottom, in their order, starting a page
    /// when one would grow past ``maximumHeight``.
    ///
    /// - Complexity: O(n) in the number of items.
    static func layout(_ items: [BrowserItem]) -> [BrowserPage] {
        var pages: [BrowserPage] = []
        var page = BrowserPage()
        var (x, y, rowHeight) = (0, 0, 0)
        for (index, item) in items.enumerated() {
            if x > 0 && x + item.width > maximumWidth {
                (x, y, rowHeight) = (0, y + rowHeight + gap, 0)
            }
            if !page.cells.isEmpty && y + item.height > maximumHeight {
                pages.append(page)
                page = BrowserPage()
                (x, y, rowHeight) = (0, 0, 0)
            }
            page.cells.append(Cell(item: index, x: x, y: y))
            page.width = max(page.width, x + item.width)
            page.height = max(page.height, y + item.height)
            rowHeight = max(rowHeight, item.height)
            x += item.width + gap
        }
        if !page.cells.isEmpty { pages.append(page) }
        return pages
    }

    /// The page's HTML: one positioned, clipping cell per item holding a host element (the
    /// item's `style`); an `<img>` in it for an SVG image, a shadow root for inline content
    /// (attached by the page's script from base64 text, so no markup needs escaping), and
    /// ``readyFunction``, which the browser awaits before the screenshot.
    ///
    /// - Complexity: O(total size of the items).
    func html(_ items: [BrowserItem]) -> String {
        var out = """
            <!doctype html>
            <html><head><meta charset="utf-8"><style>
            html, body { margin: 0; padding: 0; background: #fff; overflow: hidden; }
            .cell { position: absolute; overflow: hidden; }
            .host { width: 100%; height: 100%; }
            .host > img { display: block; width: 100%; height: 100%; }
            </style></head><body>

            """
        for cell in cells {
            let item = items[cell.item]
            out += "<div class=\"cell\" style=\"left: \(cell.x)px; top: \(cell.y)px; "
            out += "width: \(item.width)px; height: \(item.height)px\">"
            out += "<div class=\"host\" data-item=\"\(cell.item)\" style=\"\(Self.escaped(item.style))\""
            if let time = item.time { out += " data-time=\"\(time * 1000)\"" }
            switch item.content {
            case .svgImage(let svg):
                out += "><img alt=\"\" src=\"data:image/svg+xml;base64,\(Data(svg.utf8).base64EncodedString())\">"
            case .inlineSVG(let svg):
                let markup = "<style>:host > svg { display: block; }</style>" + svg
                out += " data-content=\"\(Data(markup.utf8).base64EncodedString())\">"
            case .html(let markup):
                out += " data-content=\"\(Data(markup.utf8).base64EncodedString())\">"
            }
            out += "</div></div>\n"
        }
        return out + "<script>\n" + Self.script + "</script>\n</body></html>\n"
    }

    /// The global function the page defines; awaiting it returns `{broken, times}` once every
    /// image has decoded, fonts are ready, timed animations are paused at their times, and two
    /// frames have been drawn.
    static let readyFunction = "__pbrenderReady"

    /// Attaches the shadow roots at parse time (so their images hold the load event), copies
    /// their `@property` rules to the page (Chromium 156 ignores them in shadow trees), and
    /// defines ``readyFunction``: `broken` lists the items with an image that failed to
    /// decode; `times` lists, per timed item, the current time (ms) of each of its animations
    /// after pausing, which the browser checks.
    private static let script = """
        const decode = text => new TextDecoder().decode(Uint8Array.from(atob(text), c => c.charCodeAt(0)));
        // Chromium ignores @property inside shadow trees: register the items' custom properties
        // on the page, as an SVG inlined in a document registers them.
        const properties = new Set();
        for (const host of document.querySelectorAll('.host[data-content]')) {
          const root = host.attachShadow({ mode: 'open' });
          root.innerHTML = decode(host.dataset.content);
          for (const style of root.querySelectorAll('style')) {
            for (const rule of style.sheet?.cssRules ?? []) {
              if (rule instanceof CSSPropertyRule) properties.add(rule.cssText);
            }
          }
        }
        if (properties.size > 0) {
          const registrations = document.createElement('style');
          registrations.textContent = [...properties].join('\\n');
          document.head.append(registrations);
        }
        window.\(readyFunction) = async () => {
          const hosts = [...document.querySelectorAll('.host')];
          const broken = [];
          await Promise.all(hosts.map(async host => {
            const images = [...(host.shadowRoot ?? host).querySelectorAll('img')];
            const results = await Promise.allSettled(images.map(image => image.decode()));
            if (results.some(result => result.status === 'rejected')) broken.push(Number(host.dataset.item));
          }));
          await document.fonts.ready;
          const times = [];
          for (const host of hosts.filter(host => host.dataset.time !== undefined)) {
            const time = Number(host.dataset.time);
            const root = host.shadowRoot;
            for (const svg of root.querySelectorAll('svg')) {
              if (svg.pauseAnimations) { svg.pauseAnimations(); svg.setCurrentTime(time / 1000); }
            }
            const animations = root.getAnimations();
            for (const animation of animations) { animation.pause(); animation.currentTime = time; }
            await Promise.all(animations.map(animation => animation.ready));
            for (const animation of animations) animation.currentTime = time;
            times.push({ item: Number(host.dataset.item), time, current: animations.map(a => a.currentTime) });
          }
          await new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          return { broken: broken.sort((a, b) => a - b), times };
        };

        """

    /// Text made safe inside a double-quoted HTML attribute.
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            case "<": out += "&lt;"
            default: out.append(character)
            }
        }
        return out
    }
}
