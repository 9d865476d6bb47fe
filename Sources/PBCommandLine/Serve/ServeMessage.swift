import PBServer

/// The CLI's messages as a server says them: values named as query parameters
/// (`parameter 'line-width' expects a number >= 0, not 'wide'`), and the options a command-line
/// sentence names (`'--progress'`) as parameters (`'progress'`).
enum ServeMessage {
    /// The one-line message for an error, without a line break.
    ///
    /// - Parameters:
    ///   - error: The error, as the command line would print it.
    ///   - renames: Parameters known by another name over HTTP (the curve file, `path`, is `curve`).
    /// - Complexity: O(*n*) in the message's length.
    static func text(for error: CommandLineError, renames: [String: String] = ["path": "curve"]) -> String {
        let message = error.message(naming: { value in
            let name = kebabCase(value)
            return "parameter '\(renames[name] ?? name)'"
        })
        return rewritingOptions(in: message, renames: renames)
    }

    /// `message` with `option '--name'` as `parameter 'name'`, any other `'--name'` as `'name'`, and
    /// `'--name VALUE'` as `'name=VALUE'`.
    static func rewritingOptions(in message: String, renames: [String: String]) -> String {
        var out = ""
        var rest = Substring(message)
        while let range = rest.range(of: "'--") {
            var before = rest[..<range.lowerBound]
            let tail = rest[range.upperBound...]
            let name = tail.prefix { $0.isLetter || $0.isNumber || $0 == "-" }
            let afterName = tail.dropFirst(name.count)
            // The quoted text after the name: nothing, or a placeholder (`'--progress P'`).
            let value = afterName.first == " " ? afterName.dropFirst().prefix { $0 != "'" && $0 != "-" } : ""
            let end = afterName.dropFirst(value.isEmpty ? 0 : value.count + 1)
            guard !name.isEmpty, end.first == "'" else {
                out += rest[..<range.upperBound]
                rest = tail
                continue
            }
            let renamed = renames[String(name)] ?? String(name)
            let parameter = value.isEmpty ? "'\(renamed)'" : "'\(renamed)=\(value)'"
            if before.hasSuffix("option "), value.isEmpty {
                before = before.dropLast("option ".count)
                out += before + "parameter " + parameter
            } else {
                out += before + parameter
            }
            rest = end.dropFirst()
        }
        return out + rest
    }

    /// A plain-text response with the message and a line break, at the error's HTTP status
    /// (400 for what the request asked, 500 for failures), never stored by caches.
    static func response(for error: CommandLineError) -> HTTPResponse {
        var response = HTTPResponse.text(text(for: error) + "\n", status: HTTPStatus(error.httpStatus))
        response.headers["Cache-Control"] = "no-store"
        response.headers["X-Content-Type-Options"] = "nosniff"
        return response
    }
}
