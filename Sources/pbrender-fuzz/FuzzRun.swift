#if FUZZING
    import PBCommandLine
    import PBSynchronization

    /// One in-process run of `pbrender` that never touches the file system: every file it reads
    /// (and standard input) is served from memory, standard output and error are collected,
    /// and the arguments are rewritten so that nothing is written anywhere else (see
    /// ``confined(_:)``).
    struct FuzzRun {
        /// The name the input is read under by the targets that pass it as a file.
        static let fileName = "fuzz.json"

        /// The bytes served for every file read (any name) and for standard input.
        var file: [UInt8]

        /// The outcome of a run.
        struct Result {
            var arguments: [String]
            var exitCode: Int32
            var output: [UInt8]
            var error: String

            /// Success or an input error, never a runtime failure: with everything in memory,
            /// exit code 1 means something broke inside. An input error must say what.
            func expectCleanExit() {
                guard exitCode == 0 || exitCode == 2 else {
                    fuzzFailure("exit code \(exitCode) for \(arguments): \(error)")
                }
                expectMessage()
            }

            /// A failed run prints one `pbrender: error: …` line (and, for usage errors, the
            /// usage after it).
            func expectMessage() {
                guard exitCode != 0 else { return }
                // By bytes: a message that starts with a combining mark (a file name's) joins the
                // prefix's last space into one character, and a character comparison misses it.
                let prefix = "pbrender: error: ".utf8
                let message = error.split(separator: "\n").first { $0.utf8.starts(with: prefix) }
                guard let message, message.utf8.count > prefix.count else {
                    fuzzFailure("exit code \(exitCode) without an error message for \(arguments): '\(error)'")
                }
            }
        }

        /// Runs `pbrender` with `arguments`, confined to memory.
        func run(_ arguments: [String]) -> Result {
            let arguments = Self.confined(arguments)
            let streams = Streams()
            let code = Tool.run(arguments, context: context(streams))
            return Result(
                arguments: arguments, exitCode: code, output: streams.output.withLock { $0 },
                error: streams.error.withLock { $0 })
        }

        /// What a run wrote to standard output and standard error.
        struct Streams {
            let output = Locked<[UInt8]>([])
            let error = Locked("")
        }

        /// A context that serves ``file`` for every read and collects what is written in
        /// `streams`.
        func context(_ streams: Streams) -> CommandContext {
            let file = self.file
            return CommandContext(
                writeOutput: { bytes in streams.output.withLock { $0 += bytes } },
                writeError: { text in streams.error.withLock { $0 += text } },
                readFile: { _ in file },
                readStandardInput: { file })
        }

        /// `arguments` rewritten so that a run writes nothing but standard output: the value of
        /// every `-o` or `--output` becomes `-`, and a render that names no output gets `-o -`
        /// (it would otherwise write `progress.png`). Reads need no rewriting: every read goes
        /// through the context.
        ///
        /// Frame sequences (`-o 'frame-%03d.png'`) therefore never run here: they write files by
        /// design (their frames are the scenes an animation to standard output draws too).
        /// `serve` is never started (it would listen on a port): a run that names it becomes
        /// `--help`.
        static func confined(_ arguments: [String]) -> [String] {
            if arguments.first == "serve" { return ["--help"] }
            var out: [String] = []
            var hasOutput = false
            var index = 0
            while index < arguments.count {
                let argument = arguments[index]
                index += 1
                if argument == "-o" || argument == "--output" {
                    hasOutput = true
                    out.append(argument)
                    if index < arguments.count {
                        out.append("-")
                        index += 1
                    }
                } else if argument.hasPrefix("--output=") {
                    hasOutput = true
                    out.append("--output=-")
                } else {
                    out.append(argument)
                }
            }
            let writes = arguments.first.map { $0.hasPrefix("-") || $0 == "render" } ?? false
            if writes && !hasOutput { out += ["-o", "-"] }
            return out
        }
    }
#endif
