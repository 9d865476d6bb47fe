/// One connection as its ``ServerLoop`` sees it: its socket, where its current request is, and when that must be
/// done.
///
/// Created when libmicrohttpd accepts the connection (retained as its socket context), released when libmicrohttpd
/// closes it. Only the loop's thread touches it, so it needs no lock.
final class ConnectionState {
    /// Where a connection's current request is.
    enum Phase {
        /// No request line yet: a new connection, or a kept-alive one between requests (some bytes of a request
        /// line may have arrived). Its deadline is the header deadline.
        case awaitingRequest
        /// The request line has arrived, the header fields not all. Its deadline is the header deadline.
        case receivingHeaders
        /// The header has arrived and the body is on its way. Its deadline is the body deadline.
        case receivingBody
        /// The request is complete or refused: the handler runs, or a response is on its way. No deadline (a
        /// client that stops reading is closed by libmicrohttpd's idle timeout).
        case answering
        /// The loop closed the connection (deadline or shedding) and waits for libmicrohttpd to notice.
        case closing
    }

    /// libmicrohttpd's connection (an `MHD_Connection *`), valid until it notifies the close.
    let connection: OpaquePointer
    /// The connection's socket.
    let descriptor: Int32
    /// Where the current request is.
    var phase = Phase.awaitingRequest
    /// When the current wait (for a request's header, or its body) ends; meaningful in the waiting phases.
    var deadline: ContinuousClock.Instant
    /// The connection's place in its loop's table.
    var index: Int
    /// When the body began to arrive (the header's end).
    var bodyStart: ContinuousClock.Instant
    /// The body's declared length, or nil for a chunked body.
    var declaredBodyLength: Int?
    /// The body bytes that have arrived.
    var bodyBytesReceived = 0
    /// The answer the loop wrote when it closed the connection mid-request (status and body bytes), for the
    /// access log.
    var closingAnswer: (status: Int, bodyBytes: Int)?

    /// A connection accepted now.
    ///
    /// - Parameters:
    ///   - connection: libmicrohttpd's connection.
    ///   - descriptor: Its socket.
    ///   - deadline: When its first request's header must have arrived.
    ///   - index: Its place in the loop's table.
    init(connection: OpaquePointer, descriptor: Int32, deadline: ContinuousClock.Instant, index: Int) {
        self.connection = connection
        self.descriptor = descriptor
        self.deadline = deadline
        self.bodyStart = deadline
        self.index = index
    }

    /// Whether the connection waits for a request or part of one, and so has a deadline and may be shed.
    var isWaiting: Bool {
        switch phase {
        case .awaitingRequest, .receivingHeaders, .receivingBody: true
        case .answering, .closing: false
        }
    }
}
