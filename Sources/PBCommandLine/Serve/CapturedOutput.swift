import PBSynchronization

/// What a command writes while it answers a request: standard output collected in memory, and a
/// context whose only readable file is the request's curve file (under the name `curve`).
final class CapturedOutput: Sendable {
    /// The file name the request's `curve` parameter is read under.
    static let curveFileName = "curve"

    private let bytes = Locked<[UInt8]>([])
    private let curve: [UInt8]?

    /// A capture whose context reads `curve` (the request's curve-file JSON) as the file `curve`.
    init(curve: [UInt8]?) {
        self.curve = curve
    }

    /// Everything written to standard output so far.
    var output: [UInt8] { bytes.withLock { $0 } }

    /// The context commands run in: standard output captured, standard error (warnings) dropped,
    /// no terminal, no files but the curve file, no standard input.
    var context: CommandContext {
        CommandContext(
            writeOutput: { [self] written in bytes.withLock { $0 += written } },
            writeError: { _ in },
            readFile: { [curve] name throws(CommandLineError) in
                guard name == Self.curveFileName, let curve else {
                    throw .input("a request reads no files on the server")
                }
                return curve
            },
            readStandardInput: { () throws(CommandLineError) in
                throw .input("a request has no standard input")
            })
    }
}
