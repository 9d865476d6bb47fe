#if FUZZING
    import PBRendering
    import PBSynchronization

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// A whole `pbrender` command line, run in process by `Tool.run`. The input up to its first
    /// byte 0x01 is the command line, its arguments separated by NUL bytes (as in `argv`); the
    /// rest is the file every read is served (`--path`, `--phases`, `--path -`'s standard input).
    /// Nothing touches the file system: outputs are confined to standard output (see
    /// `FuzzRun.confined`), and the run happens in an empty folder of its own that must stay
    /// empty.
    ///
    /// Checked: the exit code is 0, 1 or 2; a failure prints a message; a PNG or APNG written
    /// decodes to an image no larger than asked; an SVG written is well-formed XML
    /// (``XMLCheck``). Runtime failures (exit code 1) are reported once each.
    ///
    /// Inputs that ask for legitimately large work (see ``costLimits``) are rejected, not run:
    /// refusing those is the tool's limits' job, and fuzzing them would only find slowness.
    enum ArgumentsFuzzing {
        /// The runtime failures seen so far, each reported once.
        static let failures = Locked<Set<String>>([])

        /// For options whose value sets the size of the work (pixels, frames), the largest
        /// number a run may give. Beyond it, and up to 100000, the input is rejected; numbers
        /// beyond 100000 (`1e308`, `inf`) run, since each option's own limit must refuse them
        /// at once.
        static let costLimits: [String: Double] = [
            "width": 256, "height": 256, "size": 256, "scale": 2, "padding": 256, "line-width": 256,
            "track-width": 256, "duration": 2, "period": 2,
        ]

        /// The empty folder runs happen in, made on first use.
        static let folder: String = {
            var template = Array("/tmp/pbrender-fuzz-XXXXXX".utf8CString)
            guard let made = mkdtemp(&template), chdir(made) == 0 else {
                fuzzFailure("cannot make and enter a folder for the runs")
            }
            let path = String(cString: made)
            atexit { _ = rmdir(ArgumentsFuzzing.folder) }
            return path
        }()

        static func run(_ bytes: [UInt8]) -> Bool {
            let split = bytes.firstIndex(of: 0x01) ?? bytes.endIndex
            let arguments = bytes[..<split].split(separator: 0, omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
            let file = split < bytes.endIndex ? Array(bytes[(split + 1)...]) : []
            guard isAffordable(arguments) else { return false }
            _ = folder
            let result = FuzzRun(file: file).run(arguments)
            checkFolderIsEmpty(after: result.arguments)
            switch result.exitCode {
            case 0:
                checkOutput(result)
            case 1:
                result.expectMessage()
                let isNew = failures.withLock { $0.insert(result.error).inserted }
                if isNew { fuzzReport("new runtime failure: \(result.error)  for \(result.arguments)") }
            case 2:
                result.expectMessage()
            default:
                fuzzFailure("exit code \(result.exitCode) for \(result.arguments)")
            }
            return true
        }

        /// Whether every cost-setting option's numbers are within ``costLimits`` (or far past
        /// any limit).
        static func isAffordable(_ arguments: [String]) -> Bool {
            for (index, argument) in arguments.enumerated() where argument.hasPrefix("--") {
                let equals = argument.firstIndex(of: "=")
                let name = String(argument.dropFirst(2)[..<(equals ?? argument.endIndex)])
                guard let limit = costLimits[name] else { continue }
                let value =
                    equals.map { String(argument[argument.index(after: $0)...]) }
                    ?? (index + 1 < arguments.count ? arguments[index + 1] : "")
                for number in numbers(in: value) where abs(number) > limit && abs(number) <= 100_000 {
                    return false
                }
            }
            return true
        }

        /// The numbers in `text`: each longest run of digits, signs, points and exponents that
        /// reads as one, and a whole text that reads as one (`inf`, `nan` read as themselves).
        static func numbers(in text: String) -> [Double] {
            var out: [Double] = Double(text).map { [$0] } ?? []
            var run = ""
            for character in text + " " {
                if character.isASCII && (character.isNumber || "+-.eE".contains(character)) {
                    run.append(character)
                } else {
                    if let number = Double(run) { out.append(number) }
                    run = ""
                }
            }
            return out
        }

        /// What a successful run wrote must be what it claims.
        static func checkOutput(_ result: FuzzRun.Result) {
            let output = result.output
            if output.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
                do {
                    let image = try RGBAImage(png: output)
                    guard image.width <= 16384, image.height <= 16384 else {
                        fuzzFailure("a \(image) from \(result.arguments)")
                    }
                } catch {
                    fuzzFailure("the PNG written for \(result.arguments) does not decode: \(error)")
                }
            } else if output.starts(with: Array("<svg".utf8)) || output.starts(with: Array("<?xml".utf8)) {
                if let problem = XMLCheck.problem(in: String(decoding: output, as: UTF8.self)) {
                    fuzzFailure("the SVG written for \(result.arguments) is not well-formed XML: \(problem)")
                }
            }
        }

        /// Nothing may have been written in the folder of the runs.
        static func checkFolderIsEmpty(after arguments: [String]) {
            guard let directory = opendir(".") else { fuzzFailure("cannot list the folder of the runs") }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if name != "." && name != ".." {
                    fuzzFailure("the run \(arguments) wrote '\(name)' into its folder \(folder)")
                }
            }
        }
    }
#endif
