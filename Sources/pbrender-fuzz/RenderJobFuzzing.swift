#if FUZZING
    import PBRendering
    import PBSynchronization
    @testable import PBCommandLine
    @testable import PBServer
    @testable import PBJob

    /// `RenderJob`, the render that the command line, the server and Swift code share, made from
    /// fuzzed text: `RenderJob(query:kind:format:)` (a URL's query) or `RenderJob(arguments:context:)`
    /// (a command line, its files served from memory), then rendered.
    ///
    /// The first byte picks the front end and its settings: bit 0 the query (0) or the arguments
    /// (1); for a query, bit 1 `render`'s options or `badge`'s, bits 2-4 the format the "route"
    /// names (none, or one of `ImageFormat.all`), and bit 5 a `POST`: the query is the rest
    /// up to its first byte 0x01 and the body (a document or curve file) what follows. Otherwise a
    /// query is the rest of the input;
    /// arguments are the rest up to its first byte 0x01, separated by NUL bytes, and what follows
    /// is the file every read is served.
    ///
    /// Checked: no crash; an error is one non-empty line, and an initializer's error is an input
    /// or usage error (exit code 2), never a runtime failure; a job whose pixels (summed over its
    /// frames) fit ``maximumPixels`` renders, and its bytes start with its format's signature
    /// (and a PNG decodes to the job's raster size, an SVG is well-formed XML). A job over the
    /// budget, or one whose options ask for large work (``ArgumentsFuzzing/isAffordable(_:)``),
    /// is rejected, not rendered: refusing those is the server's budget's job.
    enum RenderJobFuzzing {
        /// The most pixels a job may render, summed over its frames: a 256 x 256 still.
        static let maximumPixels = 1 << 16

        /// The runtime failures of the initializers seen so far, each reported once.
        static let failures = Locked<Set<String>>([])

        static func run(_ bytes: [UInt8]) -> Bool {
            guard let options = bytes.first else { return true }
            let rest = Array(bytes.dropFirst())
            let job: RenderJob
            let what: String
            do {
                if options & 1 == 0 {
                    let split = options & 32 == 0 ? rest.endIndex : rest.firstIndex(of: 0x01) ?? rest.endIndex
                    let query = String(decoding: rest[..<split], as: UTF8.self)
                    let body = split < rest.endIndex ? Array(rest[(split + 1)...]) : nil
                    guard ArgumentsFuzzing.isAffordable(pseudoArguments(query)) else { return false }
                    let kind: RenderJob.Kind = options & 2 == 0 ? .progress : .badge
                    let formats: [ImageFormat?] = [nil] + ImageFormat.all
                    let format = formats[Int(options >> 2 & 7) % formats.count]
                    what =
                        "query \(query.debugDescription) (\(kind), format \(format.map { "\($0)" } ?? "none"))"
                        + (body.map { ", body of \($0.count) bytes" } ?? "")
                    job = try RenderJob(query: query, kind: kind, format: format, body: body)
                } else {
                    let split = rest.firstIndex(of: 0x01) ?? rest.endIndex
                    let arguments = rest[..<split].split(separator: 0, omittingEmptySubsequences: false).map {
                        String(decoding: $0, as: UTF8.self)
                    }
                    let file = split < rest.endIndex ? Array(rest[(split + 1)...]) : []
                    guard ArgumentsFuzzing.isAffordable(arguments) else { return false }
                    what = "arguments \(arguments)"
                    job = try RenderJob(arguments: arguments, context: FuzzRun(file: file).context(FuzzRun.Streams()))
                }
            } catch {
                checkOneLine(error, "\(bytes.prefix(300))")
                if error.exitCode != .usageError {
                    let isNew = failures.withLock { $0.insert(error.description).inserted }
                    if isNew { fuzzReport("new runtime failure: \(error)  for \(bytes.prefix(300))") }
                }
                return true
            }
            if case .frames = job.content { return true }  // written frame by frame, to files
            if let (width, height, frames) = job.rasterSize {
                let (area, overflow1) = width.multipliedReportingOverflow(by: height)
                let (total, overflow2) = area.multipliedReportingOverflow(by: max(frames, 1))
                guard !overflow1, !overflow2, total <= maximumPixels else { return false }
            }
            let image: RenderedImage
            do {
                image = try job.render()
            } catch {
                checkOneLine(error, what)
                guard error.exitCode == .usageError else { fuzzFailure("\(what): rendering failed: \(error)") }
                return true
            }
            check(image, of: job, what)
            return true
        }

        /// A query's parameters as `--name=value` arguments, undecoded, for the cost check.
        static func pseudoArguments(_ query: String) -> [String] {
            query.split(separator: "&").map { "--" + $0 }
        }

        /// An error's message is one non-empty line.
        static func checkOneLine(_ error: CommandLineError, _ what: String) {
            let text = error.description
            guard !text.isEmpty, !text.contains("\n"), !text.contains("\r") else {
                fuzzFailure("\(what): an error that is not one line: \(text.debugDescription)")
            }
        }

        /// The image is of the job's format and starts with its signature; a PNG decodes to the
        /// job's size, an SVG is well-formed XML.
        static func check(_ image: RenderedImage, of job: RenderJob, _ what: String) {
            let bytes = image.bytes
            guard image.format == job.format else { fuzzFailure("\(what): a \(image.format) for a \(job.format) job") }
            guard job.format.isSigned(bytes) else {
                fuzzFailure("\(what): a \(job.format) that starts with \(bytes.prefix(16))")
            }
            if let problem = decodingChecks[job.format.name]?(bytes, job) { fuzzFailure("\(what): \(problem)") }
        }

        /// What decoding finds wrong with a format's bytes, for the formats decoded here.
        static let decodingChecks: [String: @Sendable ([UInt8], RenderJob) -> String?] = [
            "png": { bytes, job in
                do {
                    let decoded = try RGBAImage(png: bytes)
                    if let (width, height, _) = job.rasterSize, decoded.width != width || decoded.height != height {
                        return "a \(decoded.width) x \(decoded.height) PNG for \(width) x \(height)"
                    }
                    return nil
                } catch {
                    return "the PNG does not decode: \(error)"
                }
            },
            "svg": { bytes, _ in
                XMLCheck.problem(in: String(decoding: bytes, as: UTF8.self)).map {
                    "the SVG is not well-formed XML: \($0)"
                }
            },
        ]
    }
#endif
