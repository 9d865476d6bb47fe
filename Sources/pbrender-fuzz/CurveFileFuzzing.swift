#if FUZZING
    @testable import PBCommandLine
    @testable import PBServer
    @testable import PBJob
    import PBGeometry
    import PBRendering

    /// A curve file: decoded by `CurveFile.decode`, its option members applied by the render
    /// schema, the indicator they describe built and its style validated; then measured and
    /// trimmed through the public command line (`pbrender measure --json`, `pbrender trim`).
    /// The first byte picks the options of the commands.
    ///
    /// Every refusal must be an input error located in the file (`fuzz.json:line:column` with a
    /// line and column inside it); trimmed output must read back as path data.
    enum CurveFileFuzzing {
        static func run(_ bytes: [UInt8]) -> Bool {
            guard let options = bytes.first else { return true }
            let file = Array(bytes.dropFirst())
            decodeAndApply(file)
            let accuracy = ["1e-9", "1e-3", "1e-15", "0.1"][Int(options & 3)]
            var seed = fuzzSeed(bytes)
            func fraction() -> String { "\(fuzzFraction(&seed))" }
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
            return true
        }

        /// Decodes `file`, applies its options as `pbrender render` does and builds the
        /// indicator; every error on the way must be an input error.
        static func decodeAndApply(_ file: [UInt8]) {
            let curve: CurveFile
            var options = RenderOptions()
            do {
                curve = try CurveFile.decode(file, file: FuzzRun.fileName)
                try curve.apply(to: &options)
            } catch {
                expectLocated(error, in: file)
                return
            }
            do {
                let indicator = try options.indicator(
                    input: .curveFile(curve), context: FuzzRun(file: []).context(.init())
                )
                .indicator
                try indicator.style.validate()
            } catch let error as CommandLineError {
                guard error.exitCode == .usageError else {
                    fuzzFailure("a curve file's options fail at run time: \(error.message)")
                }
            } catch {
                guard let error = error as? RenderError, error.isInputError else {
                    fuzzFailure("a curve file's style fails at run time: \(error)")
                }
            }
        }

        /// A refusal of `file` must be an input error at a line and column inside it.
        static func expectLocated(_ error: CommandLineError, in file: [UInt8]) {
            guard case .located(let name, let position, let message) = error.kind, name == FuzzRun.fileName,
                !message.isEmpty, error.exitCode == .usageError
            else {
                fuzzFailure("a curve file is refused without a place in it: \(error.message)")
            }
            let lines = 1 + file.count { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
            guard (1...lines).contains(position.line), (1...(file.count + 1)).contains(position.column) else {
                fuzzFailure("\(error.message): \(position) is outside the file (\(lines) lines, \(file.count) bytes)")
            }
        }
    }
#endif
