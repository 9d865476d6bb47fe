import PBRendering
import PBSnapshotTesting
import PBTestCore
import Testing

// The snapshot-testing example of the README and the article is this test, run as written: its
// reference is in `__Snapshots__/SnapshotArticleTests/`, beside this file, as the article says a
// reference is (byte for byte `Snapshots/shapes/ring.0.5.png`, which the command line drew).
// README begin
@Test func halfDone() throws {
    var indicator = ProgressIndicator(shape: .ring)
    indicator.progress = 0.5
    assertSnapshot(of: try indicator.scene(), as: .image)
}
// README end

@Test(
    "The README and the snapshot-testing article show exactly the test above",
    arguments: ["README.md", "Sources/PBSnapshotTesting/PBSnapshotTesting.docc/SnapshotTesting.md"])
func snapshotExampleIsShown(in document: String) throws {
    #expect(
        try ReadmeSnippet.isShown(
            from: #filePath, importing: "",
            imports: ["import PBRendering", "import PBSnapshotTesting", "import Testing"], in: document, indent: 0))
}
