import PBStyle
import PBTestSupport
import Testing

/// PBStyle's DocC article.
@Suite struct PBStyleArticleTests {
    /// The article's example runs, and the article shows exactly these lines.
    @Test func theArticlesExampleRuns() throws {
        // README begin
        let blue = try Color(parsing: "systemBlue")
        let dark = blue.resolved(for: .dark)  // #0a84ff
        let stroke = StrokeStyle(lineWidth: 12, lineCap: .round)
        // README end
        #expect(dark == Color(red: 10 / 255, green: 132 / 255, blue: 1))
        #expect(stroke.lineWidth == 12 && stroke.lineCap == .round)
        #expect(
            try ReadmeSnippet.isShown(
                from: #filePath, importing: "PBStyle", in: "Sources/PBStyle/PBStyle.docc/PBStyle.md"))
    }
}
