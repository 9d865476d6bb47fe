#if FUZZING
    import PBRendering
    import PBSynchronization

    /// A curve file (path and `style`) through `pbrender render`, on a canvas of at most 64 x 64
    /// pixels so that each input stays fast. The first byte picks the options.
    enum RenderFuzzing {
        /// The runtime failures (exit code 1) seen so far, each reported once.
        static let failures = Locked<Set<String>>([])

        static func run(_ bytes: [UInt8]) -> Bool {
            guard let options = bytes.first else { return true }
            let file = Array(bytes.dropFirst())
            var seed = fuzzSeed(bytes)
            func fraction() -> String { "\(fuzzFraction(&seed))" }
            let progress = [fraction(), "1", "0", "50%"][Int(options & 3)]
            var arguments = ["render", "--path", FuzzRun.fileName, "--progress", progress, "-o", "-"]
            if options & 4 != 0 { arguments += ["--stroke-start", fraction()] }
            let scale = options & 8 == 0 ? 1 : 2
            let format = (options >> 4) & 3
            if format == 3 {
                // No canvas: it fits the stroke. Only a vector format, whose cost does not grow
                // with the canvas.
                arguments += ["--format", "svg"]
            } else {
                arguments += ["--width", "\(64 / scale)", "--height", "\(64 / scale)", "--scale", "\(scale)"]
                arguments += ["--format", format == 2 ? "svg" : "png"]
            }
            let result = FuzzRun(file: file).run(arguments)
            switch result.exitCode {
            case 0:
                guard format < 2 else { return true }
                do {
                    let image = try RGBAImage(png: result.output)
                    guard image.width == 64, image.height == 64 else {
                        fuzzFailure("rendered \(image) for a 64 x 64 canvas: \(arguments)")
                    }
                } catch {
                    fuzzFailure("the rendered PNG does not decode: \(error)")
                }
            case 1:
                let isNew = failures.withLock { $0.insert(result.error).inserted }
                if isNew {
                    let input = String(decoding: file.prefix(2000), as: UTF8.self)
                    fuzzReport("new runtime failure: \(result.error)  for \(arguments) with:\n\(input)")
                }
            default:
                result.expectCleanExit()
            }
            return true
        }
    }
#endif
