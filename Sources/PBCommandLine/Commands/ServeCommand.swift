import PBJob
import PBRendering
import PBServer
import PBSynchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `pbrender serve`: progress images and badges by URL, over HTTP/1.1 on GNU libmicrohttpd,
/// until `SIGTERM` or `SIGINT` (then the requests in flight finish and it exits 0).
enum ServeCommand: Command {
    /// What `serve` is told.
    struct Options: Sendable {
        var host = "127.0.0.1"
        var port = 8080
        var threads: Int?
        var cacheSize = ByteCount(bytes: 8_000_000)
        var maxConnections = 512
        var timeout = 10.0
        var maxPixels = RenderBudget.defaultMaximumPixels
        var compression = PNGCompression.default
    }

    static let name = "serve"
    static let overview = "Serve progress images and badges by URL over HTTP (behind nginx or any proxy)."
    static let usage = "serve [--host ADDRESS] [--port N] [--threads N] [--cache-size SIZE] [options]"
    static let options: [Option<Options>] = [
        .value(
            "host", \.host, placeholder: "ADDRESS", section: "SERVER",
            help:
                "The address to listen on (default \(Options().host), loopback only; 0.0.0.0 or :: for every interface)."
        ),
        .value(
            "port", \.port, placeholder: "N", section: "SERVER", expectation: "a port number from 0 to 65535",
            help:
                "The TCP port (default \(default: Options().port); 0 for any free one, printed when the server starts).",
            check: { (0...65535).contains($0) }),
        .value(
            "threads", \.threads, placeholder: "N", section: "SERVER", expectation: "a whole number from 1 to 1024",
            help: "Threads that parse requests and render, each one request at a time (default: one per core).",
            check: { (1...1024).contains($0) }),
        .value(
            "cache-size", \.cacheSize, placeholder: "SIZE", section: "SERVER",
            help:
                "The most bytes of rendered images kept in memory, least recently used dropped first (default \(Options().cacheSize); 0 for none)."
        ),
        .value(
            "max-connections", \.maxConnections, placeholder: "N", section: "LIMITS",
            expectation: "a whole number from 1 to 1000000",
            help:
                "Connections open at once (default \(default: Options().maxConnections)); when they are all open, the waiting connection nearest its deadline is closed to make room, never one being answered.",
            check: { (1...1_000_000).contains($0) }),
        .number(
            "timeout", \.timeout, .within(1...86400), placeholder: "SECONDS", section: "LIMITS",
            help:
                "A request's line and headers must arrive within this long of the connection or the previous response (else 408; an idle kept-alive connection closes then), its body within this or 1 s per 64 KiB, whichever is longer (else 400); a connection on which nothing moves closes after this long too (default \(default: Options().timeout))."
        ),
        .value(
            "max-pixels", \.maxPixels, placeholder: "N", section: "LIMITS", expectation: "a whole number >= 1",
            help:
                "The most pixels one request may render, summed over an animation's frames (default \(default: Options().maxPixels): a 2048x2048 PNG); larger requests are refused before rendering.",
            check: { $0 >= 1 }),
        .value(
            "compression", \.compression, placeholder: "MODE", section: "SERVER",
            help:
                "How PNG and APNG responses are compressed when a request gives no compression= (default: \(default: Options().compression), the command line's bytes; fast saves CPU a request for files about 14 % larger)."
        ),
    ]
    static let discussion = """
        ROUTES:
          GET /render.png|svg|pdf|apng?OPTIONS   'pbrender render' with the same option names,
                                                  progress=0.5&shape=bar&line-width=8; a curve
                                                  file's JSON as curve=, or path-data=
          POST /render.png|svg|pdf|apng?OPTIONS  the same, with an SVG document or a curve
                                                  file's JSON as the body (at most 1 MiB)
          GET /badge.svg|png?OPTIONS              'pbrender badge': title=coverage&progress=0.87
          GET /healthz                            ok

        The bytes are exactly the command line's for the same options. Images carry an ETag
        (If-None-Match is answered 304) and Cache-Control: public, max-age=31536000, immutable:
        the URL fixes the image. Bad input is a 400 with the command line's message as plain
        text; every limit of the command line holds, plus --max-pixels, the URL's length (16 KB),
        100 parameters, --max-connections and --timeout, a total for each request that a client
        sending a byte at a time does not stretch. A Transfer-Encoding other than chunked is a
        501, ambiguous framing (Transfer-Encoding with Content-Length, say) a 400. Each request
        is logged to standard error in Common Log Format. The server keeps no state but its
        cache: run as many as you like behind nginx (Examples/nginx) or any load balancer and a
        CDN.

        EXAMPLES:
          pbrender serve --port 8080
          curl -o ring.png 'http://127.0.0.1:8080/render.png?progress=0.5&size=128'
          curl -o badge.svg 'http://127.0.0.1:8080/badge.svg?title=coverage&progress=0.87'
          curl -o logo.png --data-binary @logo.svg -H 'Content-Type: image/svg+xml' \\
            'http://127.0.0.1:8080/render.png?progress=0.6'
        """

    static func run(_ given: [ArgumentParser<Options>.Given], context: CommandContext) throws(CommandLineError) {
        var options = Options()
        try apply(given, to: &options)
        let configuration = options.configuration()
        let service = options.service()
        AllocatorPages.keep()
        AllocatorPages.releaseEverySecond()
        // A process may start with these signals blocked (inherited from its parent: a test runner, a
        // supervisor); unblocked here, before the server's threads inherit the mask, so they do stop it.
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        sigaddset(&stopSignals, SIGTERM)
        sigaddset(&stopSignals, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &stopSignals, nil)
        let signals: SignalWatch
        let server: HTTPServer
        do {
            signals = try SignalWatch()
            server = try HTTPServer(configuration: configuration, handler: service.handler)
        } catch {
            throw .failure("\(error)")
        }
        let host = options.host.contains(":") ? "[\(options.host)]" : options.host
        context.writeError(
            "pbrender: serving http://\(host):\(server.port)/ with \(configuration.threadCount) threads and a "
                + "\(options.cacheSize) cache; SIGTERM or SIGINT stops\n")
        let signal = server.run(until: signals)
        context.writeError("pbrender: stopped on \(signal == SIGINT ? "SIGINT" : "SIGTERM")\n")
    }
}

extension ServeCommand.Options {
    /// The longest request line served: a query of ``RenderService``'s 16 KiB and room for the method, path
    /// and version.
    static let maximumRequestLineLength = 16384 + 64

    /// The HTTP server's settings: where to listen, the threads, and the limits.
    func configuration(accessLog: AccessLog? = .standardError) -> HTTPServer.Configuration {
        let timeout = Duration.milliseconds(Int(timeout * 1000))
        return HTTPServer.Configuration(
            host: host, port: UInt16(port), threadCount: threads, connectionLimit: maxConnections,
            connectionTimeout: timeout, maximumRequestLineLength: Self.maximumRequestLineLength, accessLog: accessLog,
            maximumBodyBytes: RenderService.maximumBodyBytes, requestHeaderTimeout: timeout,
            requestBodyTimeout: timeout)
    }

    /// The routes, with the cache and the budget.
    func service() -> RenderService {
        RenderService(cacheCapacity: cacheSize, maximumPixels: maxPixels, compression: compression)
    }
}

extension ByteCount: OptionValue {
    package static var expectation: String { "a size like 64MB, 512KiB or 1000000" }

    package init(optionText text: String) throws(OptionValueError) {
        do {
            self = try ByteCount(parsing: text)
        } catch {
            throw .explained("\(error)")
        }
    }
}
