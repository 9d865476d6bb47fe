import PBCommandLine
import PBRendering
import Synchronization
import Testing

/// A package that depends on pbrender renders through `RenderJob` exactly what the `pbrender`
/// tool writes for the same options: `Tool.run` is the tool's whole code (its `main` calls it),
/// run here with standard output captured.
@Suite struct RenderJobTests {
    /// What `pbrender ARGUMENTS` writes to standard output, and its exit code.
    static func tool(_ arguments: [String]) -> (code: Int32, output: [UInt8]) {
        let output = Output()
        var context = CommandContext.system
        context.writeOutput = { bytes in output.bytes.withLock { $0 += bytes } }
        context.outputIsTerminal = false
        let code = Tool.run(arguments, context: context)
        return (code, output.bytes.withLock { $0 })
    }

    /// Standard output, collected.
    final class Output: Sendable {
        let bytes = Mutex<[UInt8]>([])
    }

    @Test(arguments: [
        (["--progress", "0.5"], "image/png"),
        (["--shape", "bar", "--progress", "75%", "--format", "svg"], "image/svg+xml"),
        (["--progress", "0.3", "--label", "percent", "--format", "pdf"], "application/pdf"),
        (["--animate-to", "0.8", "--duration", "0.2", "--size", "32", "--format", "apng"], "image/apng"),
        (["badge", "--title", "coverage", "--progress", "0.87", "--format", "png"], "image/png"),
    ])
    func argumentsGiveTheToolsBytes(arguments: [String], contentType: String) throws {
        let image = try RenderJob(arguments: arguments).render()
        let cli = Self.tool(arguments + ["-o", "-"])
        #expect(cli.code == 0)
        #expect(image.bytes.count == cli.output.count)
        #expect(image.bytes == cli.output, "\(arguments)")
        #expect(image.contentType == contentType)
        #expect(image.entityTag.hasPrefix("\"") && image.entityTag.count == 18)
    }

    @Test func aQueryGivesTheToolsBytes() throws {
        let web = try RenderJob(query: "progress=0.5&shape=bar&format=svg").render()
        #expect(web.bytes == Self.tool(["--progress", "0.5", "--shape", "bar", "-o", "-", "--format", "svg"]).output)
        #expect(web.contentType == "image/svg+xml")
        let badge = try RenderJob(query: "title=tests&progress=217/250&total=250", kind: .badge, format: .svg).render()
        #expect(
            badge.bytes
                == Self.tool(
                    [
                        "badge", "--title", "tests", "--progress", "217/250", "--total", "250", "--format", "svg", "-o",
                        "-",
                    ]
                ).output)
    }

    @Test func typedValuesGiveTheToolsBytes() throws {
        var indicator = ProgressIndicator(shape: .bar)
        indicator.values = [0.25]
        let typed = try RenderJob(indicator: indicator, format: .png).render()
        #expect(typed.bytes == Self.tool(["--shape", "bar", "--progress", "0.25", "-o", "-"]).output)
    }

    @Test func errorsAreTheToolsMessages() {
        #expect(throws: CommandLineError.self) { try RenderJob(query: "progress=lots") }
        do {
            _ = try RenderJob(query: "progress=lots")
        } catch {
            #expect(
                String(describing: error)
                    == "option '--progress' expects a fraction (0.5), a percentage (50%) or a ratio (512/1024), not 'lots'"
            )
            #expect(error.httpStatus == 400 && error.exitCode == .usageError)
        }
    }
}
