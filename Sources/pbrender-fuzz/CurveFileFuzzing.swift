#if FUZZING
    import PBCommandLine
    import PBGeometry

    /// A curve file through the public command line: `pbrender measure` and `pbrender trim`,
    /// reading the input as the file. The first byte picks the options.
    enum CurveFileFuzzing {
        static func run(_ bytes: [UInt8]) {
            guard let options = bytes.first else { return }
            let file = Array(bytes.dropFirst())
            let accuracy = ["1e-9", "1e-3", "1e-15", "0.1"][Int(options & 3)]
            var seed = fuzzSeed(bytes)
            func fraction() -> String { "\(SVGPathFuzzing.fraction(&seed))" }
            let measure = FuzzRun(file: file).run(
                [
                    "measure", "--path", FuzzRun.fileName, "--at", fraction(), "--at", "1", "--json",
                    "--accuracy", accuracy,
                ])
            measure.expectCleanExit()
            var trimArguments = [
                "trim", "--path", FuzzRun.fileName, "--from", fraction(), "--to", fraction(), "--offset",
                options & 4 == 0 ? "0" : fraction(), "--accuracy", accuracy,
            ]
            if options & 8 != 0 { trimArguments.append("--each-subpath") }
            let trim = FuzzRun(file: file).run(trimArguments)
            trim.expectCleanExit()
            if trim.exitCode == 0 {
                let data = String(decoding: trim.output, as: UTF8.self)
                do {
                    _ = try Path(svgPathData: String(data.dropLast()))
                } catch {
                    fuzzFailure("pbrender trim printed data that does not read back: '\(data)': \(error)")
                }
            }
        }
    }
#endif
