#if FUZZING
    import PBCommandLine
    import Synchronization

    /// One in-process run of `pbrender` whose only readable file is the fuzz input.
    struct FuzzRun {
        /// The name the input is read under.
        static let fileName = "fuzz.json"

        /// The file's bytes.
        var file: [UInt8]

        /// The outcome of a run.
        struct Result {
            var arguments: [String]
            var exitCode: Int32
            var output: [UInt8]
            var error: String

            /// Success or an input error, never a runtime failure: measuring and trimming touch
            /// no file but the input, so exit code 1 means something broke inside.
            func expectCleanExit() {
                guard exitCode == 0 || exitCode == 2 else {
                    fuzzFailure("exit code \(exitCode) for \(arguments): \(error)")
                }
                if exitCode == 2 && !error.hasPrefix("pbrender: error: ") {
                    fuzzFailure("an input error without a message for \(arguments): '\(error)'")
                }
            }
        }

        /// Runs `pbrender` with `arguments`.
        func run(_ arguments: [String]) -> Result {
            let output = Mutex<[UInt8]>([])
            let error = Mutex("")
            let file = self.file
            let context = CommandContext(
                writeOutput: { bytes in output.withLock { $0 += bytes } },
                writeError: { text in error.withLock { $0 += text } },
                readFile: { name throws(CommandLineError) in
                    guard name == Self.fileName else { throw .usage("cannot read '\(name)'") }
                    return file
                })
            let code = Tool.run(arguments, context: context)
            return Result(
                arguments: arguments, exitCode: code, output: output.withLock { $0 }, error: error.withLock { $0 })
        }
    }
#endif
