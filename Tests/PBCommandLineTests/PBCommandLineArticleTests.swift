import PBCommandLine
import PBTestSupport
import Testing

/// PBCommandLine's DocC article: its example runs, and the article shows exactly these lines.
@Suite struct PBCommandLineArticleTests {
    @Test func theArticlesExampleRuns() throws {
        // README begin
        let job = try RenderJob(arguments: ["--shape", "bar", "--progress", "75%", "--format", "svg"])
        let image = try job.render()  // image.bytes: the SVG; image.contentType: "image/svg+xml"
        // README end
        #expect(image.contentType == "image/svg+xml")
        #expect(
            try ReadmeSnippet.isShown(
                from: #filePath, importing: "PBCommandLine",
                in: "Sources/PBCommandLine/PBCommandLine.docc/PBCommandLine.md"
            ))
    }
}
