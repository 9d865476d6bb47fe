import PBJob
import PBTestSupport
import Testing

/// PBJob's DocC article: its example runs, and the article shows exactly these lines.
@Suite struct PBJobArticleTests {
    @Test func theArticlesExampleRuns() throws {
        // README begin
        var indicator = ProgressIndicator(shape: .ring)
        indicator.progress = 0.5
        let job = try RenderJob(indicator: indicator, format: .svg)
        let image = try job.render()  // image.bytes, image.contentType ("image/svg+xml")
        // README end
        #expect(image.contentType == "image/svg+xml" && image.bytes.starts(with: Array("<svg".utf8)))
        #expect(try ReadmeSnippet.isShown(from: #filePath, importing: "PBJob", in: "Sources/PBJob/PBJob.docc/PBJob.md"))
    }
}
