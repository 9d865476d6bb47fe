#if canImport(Glibc)
    import Glibc
#endif

extension HTTPResponse {
    /// The response as HTTP/1.1 bytes, for a connection the server closes after it: the status line, the header
    /// fields, `Content-Length`, `Connection: close` and `Date`, a blank line, the body.
    ///
    /// The server writes these itself only to a connection whose request did not arrive in time (libmicrohttpd
    /// takes no response before a request's header has arrived); every other answer goes through libmicrohttpd.
    ///
    /// - Parameter secondsSince1970: The time for the `Date` field, in seconds since 1970-01-01 00:00:00 UTC.
    /// - Returns: The bytes.
    /// - Complexity: O(*n*) in the size of the header fields and the body.
    func closingWireBytes(secondsSince1970: Int) -> [UInt8] {
        var head = "HTTP/1.1 \(status.rawValue) \(status.reasonPhrase)\r\n"
        for field in headers where !["content-length", "connection", "date"].contains(field.name.lowercased()) {
            head += "\(field.name): \(field.value)\r\n"
        }
        head += "Content-Length: \(body.count)\r\nConnection: close\r\nDate: \(Self.httpDate(secondsSince1970))\r\n\r\n"
        return Array(head.utf8) + body
    }

    /// The IMF-fixdate of RFC 9110 §5.6.7, e.g. `Sun, 06 Nov 1994 08:49:37 GMT`.
    ///
    /// - Parameter secondsSince1970: The time in seconds since 1970-01-01 00:00:00 UTC.
    /// - Returns: The date.
    static func httpDate(_ secondsSince1970: Int) -> String {
        var time = time_t(secondsSince1970)
        var parts = tm()
        guard gmtime_r(&time, &parts) != nil else { return "Thu, 01 Jan 1970 00:00:00 GMT" }
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(max(0, min(6, parts.tm_wday)))]), \(two(parts.tm_mday)) "
            + "\(months[Int(max(0, min(11, parts.tm_mon)))]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
