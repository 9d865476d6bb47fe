import PBJob
import PBRendering

/// The page `pbrender serve` answers at `/`: a form that builds an image URL (a ring, a bar, a
/// badge or an SVG document, its progress, colours, size and format), shows the picture as the
/// server draws it, and gives the URL, a Markdown snippet and an HTML `<picture>` with a
/// dark-mode source to copy.
///
/// One HTML document with its style and script inline: no framework, nothing from another
/// origin. Its URLs are relative, so it works wherever the server is mounted (behind nginx too),
/// and the form starts from the page's own query (`/?kind=bar&progress=40%25`), so a filled form
/// can be shared. A document short enough for a URL goes in `curve=`; a longer one is drawn by a
/// `POST` of the document, and the snippet is then the `curl` command that fetches it.
enum BuilderPage {
    /// The formats a browser shows in an `<img>`, as `<option>`s: the still formats whose media
    /// type is an image (not PDF).
    static let formatOptions: String = ImageFormat.stillFormats.filter { $0.mediaType.hasPrefix("image/") }
        .map { #"<option value="\#($0.fileExtension)">\#($0.fileExtension.uppercased())</option>"# }
        .joined()

    /// The page's response: HTML that may be cached briefly, and a policy that runs only its own
    /// inline script and loads images from the server alone.
    static let response: HTTPResponse = {
        let body = Array(html.utf8)
        return HTTPResponse(
            headers: [
                "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=300",
                "ETag": EntityTag(hashing: body).headerValue, "X-Content-Type-Options": "nosniff",
                "Content-Security-Policy":
                    "default-src 'none'; img-src 'self' blob:; connect-src 'self'; style-src 'unsafe-inline'; "
                    + "script-src 'unsafe-inline'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'",
            ], body: body)
    }()

    /// The document.
    static let html = #"""
        <!doctype html>
        <html lang="en">
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>pbrender: build a progress image</title>
        <style>
          :root { color-scheme: light dark; font: 15px/1.4 system-ui, sans-serif; }
          body { max-width: 60rem; margin: 1.5rem auto; padding: 0 1rem; }
          form { display: grid; grid-template-columns: max-content 1fr; gap: .5rem 1rem; align-items: center; }
          .wide { grid-column: 1 / -1; }
          textarea { width: 100%; font: 13px/1.3 ui-monospace, monospace; }
          #document-row[hidden], .badge-only[hidden], .shape-only[hidden] { display: none; }
          #stage { min-height: 8rem; display: flex; align-items: center; justify-content: center;
                   background: repeating-conic-gradient(#8882 0 25%, #0000 0 50%) 0 0 / 16px 16px; margin: 1rem 0; }
          #message { color: #c00; white-space: pre-wrap; }
          .snippet { display: flex; gap: .5rem; margin: .4rem 0; }
          .snippet textarea { flex: 1; }
        </style>
        <h1>Build a progress image</h1>
        <form id="build" autocomplete="off">
          <label for="kind">What</label>
          <select id="kind" name="kind">
            <option value="ring">Ring</option><option value="bar">Bar</option>
            <option value="badge">Badge</option><option value="document">SVG document</option>
          </select>
          <label for="progress">Progress</label>
          <input id="progress" name="progress" value="50%" title="0.5, 50% or 512/1024">
          <label for="title" class="badge-only">Title</label>
          <input id="title" name="title" value="progress" class="badge-only">
          <label for="color">Colour</label>
          <input id="color" name="color" type="color" value="#007aff">
          <label for="track" class="shape-only">Track colour</label>
          <input id="track" name="track" type="color" value="#e5e5ea" class="shape-only">
          <label for="size" class="shape-only">Size (points)</label>
          <input id="size" name="size" type="number" min="8" max="2048" value="128" class="shape-only">
          <label for="format">Format</label>
          <select id="format" name="format">\#(formatOptions)</select>
          <div id="document-row" class="wide" hidden>
            <label for="document">SVG document (paste, or choose a file: <input id="file" type="file" accept=".svg,image/svg+xml">)</label>
            <textarea id="document" name="document" rows="6" placeholder="&lt;svg …&gt;"></textarea>
          </div>
        </form>
        <div id="stage"><img id="preview" alt=""></div>
        <p id="message" role="status"></p>
        <div class="snippet"><label for="url">URL</label><textarea id="url" rows="2" readonly></textarea><button type="button" data-copy="url">Copy</button></div>
        <div class="snippet"><label for="markdown">Markdown</label><textarea id="markdown" rows="2" readonly></textarea><button type="button" data-copy="markdown">Copy</button></div>
        <div class="snippet"><label for="html">HTML</label><textarea id="html" rows="5" readonly></textarea><button type="button" data-copy="html">Copy</button></div>
        <script>
        "use strict";
        const form = document.getElementById("build"), preview = document.getElementById("preview");
        const field = name => form.elements[name];
        const longestURL = 8000;  // what nginx's default header buffers take
        for (const [name, value] of new URLSearchParams(location.search)) if (field(name)) field(name).value = value;

        // The request the form describes: a path, its query, and a document to POST when too long for a URL.
        function request() {
          const kind = field("kind").value, query = new URLSearchParams(), format = field("format").value;
          query.set("progress", field("progress").value);
          if (kind === "badge") {
            query.set("title", field("title").value);
            query.set("color", field("color").value);
            return { path: "badge." + format, query, body: null };
          }
          if (kind === "document") query.set("curve", field("document").value); else query.set("shape", kind);
          query.set("progress-color", field("color").value);
          if (kind !== "document") query.set("track-color", field("track").value);
          query.set(kind === "bar" ? "width" : "size", field("size").value);
          const path = "render." + format;
          if (kind === "document" && (path + "?" + query).length > longestURL) {
            const body = query.get("curve");
            query.delete("curve");
            return { path, query, body };
          }
          return { path, query, body: null };
        }

        const absolute = (path, query) => new URL(path + "?" + query, location.href).href;
        const escaped = text => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

        function snippets({ path, query, body }) {
          const kind = field("kind").value, url = absolute(path, query);
          const alt = kind === "badge" ? field("title").value + ": " + field("progress").value
                                       : "Progress: " + field("progress").value;
          if (body !== null) {
            const curl = "curl --data-binary @drawing.svg -H 'Content-Type: image/svg+xml' -o progress."
              + path.split(".").pop() + " '" + url + "'";
            const note = "(a document this long is drawn by a POST: save the image with the command above, then link it)";
            return { alt, url: curl, markdown: note, html: note };
          }
          let html = "<img src=\"" + escaped(url) + "\" alt=\"" + escaped(alt) + "\">";
          if (!path.endsWith(".svg")) {  // an SVG follows dark mode itself
            const dark = new URLSearchParams(query);
            dark.set("appearance", "dark");
            html = "<picture>\n  <source media=\"(prefers-color-scheme: dark)\" srcset=\""
              + escaped(absolute(path, dark)) + "\">\n  " + html + "\n</picture>";
          }
          return { alt, url, markdown: "![" + alt.replace(/[\[\]]/g, "") + "](" + url + ")", html };
        }

        let shown = null, pending = 0;
        async function update() {
          const kind = field("kind").value;
          for (const element of document.querySelectorAll(".badge-only")) element.hidden = kind !== "badge";
          for (const element of document.querySelectorAll(".shape-only")) element.hidden = kind === "badge";
          document.getElementById("document-row").hidden = kind !== "document";
          const wanted = request(), text = snippets(wanted), ticket = ++pending;
          for (const name of ["url", "markdown", "html"]) document.getElementById(name).value = text[name];
          const message = document.getElementById("message");
          try {
            const response = wanted.body === null
              ? await fetch(wanted.path + "?" + wanted.query)
              : await fetch(wanted.path + "?" + wanted.query,
                            { method: "POST", body: wanted.body, headers: { "Content-Type": "image/svg+xml" } });
            if (ticket !== pending) return;
            if (!response.ok) { message.textContent = await response.text(); return; }
            const picture = URL.createObjectURL(await response.blob());
            if (ticket !== pending) { URL.revokeObjectURL(picture); return; }
            if (shown) URL.revokeObjectURL(shown);
            shown = picture;
            preview.alt = text.alt;
            preview.dataset.request = wanted.path + "?" + wanted.query;
            preview.src = picture;
            message.textContent = "";
          } catch (error) {
            if (ticket === pending) message.textContent = "The server did not answer: " + error;
          }
        }

        let timer = 0;
        form.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(update, 200); });
        document.getElementById("file").addEventListener("change", async event => {
          const file = event.target.files[0];
          if (file) { field("document").value = await file.text(); update(); }
        });
        for (const button of document.querySelectorAll("[data-copy]")) {
          button.addEventListener("click", () => navigator.clipboard.writeText(
            document.getElementById(button.dataset.copy).value));
        }
        update();
        </script>
        </html>
        """#
}
