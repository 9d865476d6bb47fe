import Foundation
import PBRendering
import PBTestSupport
import Testing

@testable import PBCommandLine
@testable import PBServer

/// The builder page at `/`, used as a person uses it: headless Chromium loads it from a real
/// server, fills the form, waits for the preview, and reads the picture it shows and the
/// snippets it offers. The preview's pixels must be the command line's for the same options, and
/// every snippet's URL must answer.
@Suite("Builder page, in Chromium", .serialized)
struct BuilderPageOracleTests {
    /// A form filled in, and the command line that draws the same picture.
    struct Case: Sendable, CustomTestStringConvertible {
        var fields: [(String, String)]
        var arguments: [String]
        var markdown: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(
            fields: [("kind", "bar"), ("progress", "40%"), ("color", "#ff9500"), ("size", "200"), ("format", "png")],
            arguments: [
                "--shape", "bar", "--progress", "40%", "--progress-color", "#ff9500", "--track-color", "#e5e5ea",
                "--width", "200", "--format", "png",
            ], markdown: "![Progress: 40%]"),
        Case(
            fields: [("kind", "badge"), ("title", "coverage"), ("progress", "87%"), ("format", "png")],
            arguments: ["badge", "--title", "coverage", "--progress", "87%", "--color", "#007aff", "--format", "png"],
            markdown: "![coverage: 87%]"),
        Case(
            fields: [("kind", "document"), ("progress", "0.6"), ("size", "96"), ("format", "png")],
            arguments: [
                "--path", "Examples/check.svg", "--progress", "0.6", "--progress-color", "#007aff", "--size", "96",
                "--format", "png",
            ], markdown: "![Progress: 0.6]"),
    ]

    /// Fills the form as typing would (an `input` event), waits until the preview shows what the
    /// form asks, and returns the preview over white, its size, the snippets and any message.
    static func script(filling fields: [(String, String)], document: String) -> String {
        let assignments = fields.map { name, value in
            "form.elements[\(json(name))].value = \(json(value));"
        }.joined(separator: "\n")
        return """
            (async () => {
              const form = document.getElementById("build"), url = document.getElementById("url");
              for (let tries = 0; tries < 400 && !url.value; tries++) await new Promise(resolve => setTimeout(resolve, 50));
              const before = url.value;
              form.elements["document"].value = \(json(document));
              \(assignments)
              form.elements["progress"].dispatchEvent(new Event("input", { bubbles: true }));
              const preview = document.getElementById("preview");
              const message = document.getElementById("message");
              for (let tries = 0; tries < 400; tries++) {
                await new Promise(resolve => setTimeout(resolve, 50));
                const request = preview.dataset.request;
                const current = url.value !== before && request && url.value.endsWith(request);
                if (current && preview.complete && preview.naturalWidth) break;
                if (message.textContent) break;
              }
              const canvas = document.createElement("canvas");
              canvas.width = preview.naturalWidth;
              canvas.height = preview.naturalHeight;
              const context = canvas.getContext("2d");
              context.fillStyle = "#fff";
              context.fillRect(0, 0, canvas.width, canvas.height);
              context.drawImage(preview, 0, 0);
              const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
              let binary = "";
              for (let index = 0; index < data.length; index++) binary += String.fromCharCode(data[index]);
              return {
                width: canvas.width, height: canvas.height, pixels: btoa(binary), message: message.textContent,
                url: url.value, markdown: document.getElementById("markdown").value,
                html: document.getElementById("html").value
              };
            })()
            """
    }

    /// `text` as a JavaScript string literal (JSON's, with every character a string may hold).
    static func json(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                literal +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }

    @Test(arguments: cases)
    func previewIsTheCommandLinesPicture(_ example: Case) throws {
        let (server, _) = try ServeHTTPTests.start()
        let root = ReadmeSnippet.root(of: #filePath)
        let check = try String(contentsOf: root.appendingPathComponent("Examples/check.svg"), encoding: .utf8)
        let values = try Browser.shared.visit(
            "http://127.0.0.1:\(server.port)/", evaluating: [Self.script(filling: example.fields, document: check)])
        let page = try #require(values.first as? [String: Any])
        #expect((page["message"] as? String) == "")

        // The preview, over white, is the command line's image over white (one step of rounding:
        // the canvas keeps premultiplied colour).
        let arguments = example.arguments.map { $0 == "Examples/check.svg" ? root.path + "/Examples/check.svg" : $0 }
        let expected = try RenderJob(arguments: arguments).render().bytes
        let image = try RGBAImage(png: expected)
        let shown = try #require(Data(base64Encoded: page["pixels"] as? String ?? ""))
        #expect(page["width"] as? Int == image.width && page["height"] as? Int == image.height)
        let white = image.overWhite()
        var worst = 0
        if shown.count == image.width * image.height * 4 {
            for pixel in 0..<(image.width * image.height) {
                for channel in 0..<3 {
                    worst = max(worst, abs(Int(shown[4 * pixel + channel]) - Int(white[3 * pixel + channel])))
                }
            }
        } else {
            Issue.record("the preview has \(shown.count) bytes")
        }
        #expect(worst <= 1, "the preview differs from the command line's picture by \(worst) in a channel")

        // The snippets: the URL answers with exactly those bytes; Markdown and HTML link it, and the
        // HTML's dark source answers too.
        let url = try #require(page["url"] as? String)
        let prefix = "http://127.0.0.1:\(server.port)"
        #expect(url.hasPrefix(prefix + "/"))
        let client = ServeClient(port: server.port)
        let fetched = try client.request(String(url.dropFirst(prefix.count)))
        #expect(fetched.status == 200)
        let sameBytes = fetched.body == expected
        #expect(sameBytes, "the URL's image is not the command line's")
        #expect((page["markdown"] as? String) == example.markdown + "(\(url))")
        let html = try #require(page["html"] as? String)
        #expect(html.contains("<img src=\"\(url.replacingOccurrences(of: "&", with: "&amp;"))\""))
        let dark = try #require(html.split(separator: "srcset=\"").dropFirst().first?.split(separator: "\"").first)
        let darkTarget = String(dark.dropFirst(prefix.count)).replacingOccurrences(of: "&amp;", with: "&")
        #expect(darkTarget.contains("appearance=dark"))
        #expect(try client.request(darkTarget).status == 200)
    }

    @Test("The page is HTML with a policy that runs only itself; a POST to it is refused")
    func pageHeaders() throws {
        let service = RenderService(cacheCapacity: ByteCount(bytes: 0))
        let page = service.respond(to: HTTPRequest(target: "/"))
        #expect(page.status == .ok)
        #expect(page.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(page.headers["Content-Security-Policy"]?.hasPrefix("default-src 'none'") == true)
        let text = String(decoding: page.body, as: UTF8.self)
        #expect(!text.contains("http://") && !text.contains("https://"), "the page loads nothing from elsewhere")
        for format in ImageFormat.stillFormats where format.mediaType.hasPrefix("image/") {
            #expect(text.contains("<option value=\"\(format.fileExtension)\">"))
        }
        #expect(!text.contains("<option value=\"pdf\">"))
        let post = service.respond(to: HTTPRequest(method: .post, target: "/", body: Array("x".utf8)))
        #expect(post.status == .methodNotAllowed)
    }
}
