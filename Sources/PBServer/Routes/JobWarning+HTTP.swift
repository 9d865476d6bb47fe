import PBJob

extension JobWarning.Kind {
    /// Whether `pbrender serve` refuses a request whose job has a warning of this kind (400, the
    /// warning's sentence with its hint as the body, as the command line words it but naming
    /// parameters: "did you mean 'progress=87%'?"), rather than drawing the image and reporting the
    /// warning in a ``JobWarning/headerName`` field.
    ///
    /// Refused: what the URL's author wrote and can correct, which the image would otherwise show
    /// wrong under a long-lived URL (a progress of 87 drawn full, values cut at the end, a stroke
    /// cut at the canvas). Reported: what a live source or the server's fonts bring about, where a
    /// refusal would break an image that is right as drawn (more bytes than a `Content-Length`
    /// said, a label made to fit the fonts of this machine, parts of an uploaded SVG document that
    /// are not drawn).
    var isRefusedOverHTTP: Bool {
        switch self {
        case .percentageWithoutSign, .pinnedValue, .valuesPastTheEnd, .strokePastCanvas: true
        case .bytesAboveExpected, .labelShrunk, .labelEllipsized, .document: false
        }
    }
}

extension JobWarning {
    /// The response header that carries a warning `pbrender serve` draws with: one field a warning.
    static let headerName = "PBRender-Warning"

    /// The warning as a header value: its sentence naming parameters, each character outside
    /// printable ASCII written as an escape (`\u{8986}`), so that any client reads it whole.
    var headerValue: String {
        var value = ""
        for scalar in message(naming: .query).unicodeScalars {
            if (0x20...0x7E).contains(scalar.value) {
                value.unicodeScalars.append(scalar)
            } else {
                value += "\\u{" + String(scalar.value, radix: 16) + "}"
            }
        }
        return value
    }
}
