import Foundation
import PBFoundation
import PBRendering
import PBTestSupport
import Testing

/// `ProgressState(_: Progress)` read from real `Progress` trees.
@Suite struct ProgressFoundationBridgeTests {
    /// A parent of 10 units with two children: one of 4 units holding 6 of the parent's, one of
    /// 100 units holding the other 4.
    func tree() -> (parent: Progress, small: Progress, large: Progress) {
        let parent = Progress(totalUnitCount: 10)
        let small = Progress(totalUnitCount: 4)
        let large = Progress(totalUnitCount: 100)
        parent.addChild(small, withPendingUnitCount: 6)
        parent.addChild(large, withPendingUnitCount: 4)
        return (parent, small, large)
    }

    @Test func childrenCountWithTheirPendingUnits() throws {
        let (parent, small, large) = tree()
        small.completedUnitCount = 2
        large.completedUnitCount = 25
        // 6/10 × 2/4 + 4/10 × 25/100 = 0.3 + 0.1
        let state = ProgressState(parent)
        let fraction = try #require(state.fraction)
        #expect(abs(fraction - 0.4) < 1e-12)
        // No child is finished, so the parent has completed none of its own units.
        #expect(state.completedUnitCount == 0 && state.totalUnitCount == 10)
        #expect(try LabelTemplate(parsing: "{percent}").text(for: state) == "40%")

        small.completedUnitCount = 4
        // The finished child's 6 units move into the parent's completed count: 0.6 + 0.1.
        let later = ProgressState(parent)
        #expect(abs(try #require(later.fraction) - 0.7) < 1e-12)
        #expect(later.completedUnitCount == 6)
        #expect(try LabelTemplate(parsing: "{completed} of {total}").text(for: later) == "6 of 10")
    }

    @Test func aFinishedTreeIsComplete() {
        let (parent, small, large) = tree()
        small.completedUnitCount = 4
        large.completedUnitCount = 100
        let state = ProgressState(parent)
        #expect(state.fraction == 1)
        #expect(state.completedUnitCount == 10)
    }

    @Test func aNegativeTotalIsIndeterminate() {
        let progress = Progress(totalUnitCount: -1)
        progress.completedUnitCount = 5
        let state = ProgressState(progress)
        #expect(state.isIndeterminate)
        #expect(state.completedUnitCount == 5 && state.totalUnitCount == nil)
        #expect(throws: LabelTemplateError(kind: .missingFact(.percent), offset: 0, line: 1, column: 1)) {
            try LabelTemplate(parsing: "{percent}").text(for: state)
        }
    }

    /// `isIndeterminate`'s documentation says zero of zero units is "no work after all", not
    /// indeterminate, with `fractionCompleted` 1; swift-corelibs-foundation 6.3 reports it as
    /// indeterminate with `fractionCompleted` 0. The bridge follows what `isIndeterminate` says.
    @Test func zeroOfZeroUnitsIsWhatFoundationSays() {
        let progress = Progress(totalUnitCount: 0)
        #expect(progress.isIndeterminate)
        #expect(ProgressState(progress).isIndeterminate)
        #expect(ProgressState(progress).totalUnitCount == 0)
    }

    @Test func aFileProgressCountsBytes() throws {
        let progress = Progress(totalUnitCount: 10_485_760)
        progress.kind = .file
        progress.completedUnitCount = 3_145_728
        let state = ProgressState(progress)
        #expect(state.fraction == 0.3)
        #expect(state.bytesReceived == 3_145_728 && state.bytesExpected == 10_485_760)
        #expect(try LabelTemplate(parsing: "{bytes} of {totalBytes}").text(for: state) == "3.1 MB of 10.5 MB")
    }

    @Test func otherKindsHaveNoBytes() {
        let progress = Progress(totalUnitCount: 10)
        progress.completedUnitCount = 3
        #expect(ProgressState(progress).bytesReceived == nil)
    }

    /// swift-corelibs-foundation leaves both descriptions empty; an empty one is no message.
    @Test func theEmptyDescriptionIsNoMessage() {
        let progress = Progress(totalUnitCount: 10)
        #expect(progress.localizedDescription == "")
        #expect(progress.localizedAdditionalDescription == "")
        #expect(ProgressState(progress).message == nil)
    }

    @Test func aDescriptionBecomesTheMessage() throws {
        let progress = DescribedProgress(totalUnitCount: 10)
        progress.completedUnitCount = 5
        let state = ProgressState(progress)
        #expect(state.message == "Copying “TextEdit”…")
        #expect(try LabelTemplate(parsing: "{message} {percent}").text(for: state) == "Copying “TextEdit”… 50%")
    }

    @Test func theEstimatedTimeRemainingIsUsed() throws {
        let progress = Progress(totalUnitCount: 10)
        progress.completedUnitCount = 1
        progress.setUserInfoObject(NSNumber(value: 120.0), forKey: .estimatedTimeRemainingKey)
        let state = ProgressState(progress)
        #expect(state.reportedSecondsRemaining == 120)
        #expect(try LabelTemplate(parsing: "remaining").text(for: state) == "About 2 minutes remaining")

        progress.setUserInfoObject(90, forKey: .estimatedTimeRemainingKey)
        #expect(ProgressState(progress).reportedSecondsRemaining == 90)
        progress.setUserInfoObject(-5, forKey: .estimatedTimeRemainingKey)
        #expect(ProgressState(progress).reportedSecondsRemaining == nil)
    }
}

/// A `Progress` whose subclass provides the description, as Foundation intends on Linux.
private final class DescribedProgress: Progress, @unchecked Sendable {
    override var localizedDescription: String! { "Copying “TextEdit”…" }

}

/// PBFoundation's DocC article.
@Suite struct PBFoundationArticleTests {
    /// PBFoundation's DocC article's example runs, and the article shows exactly these lines.
    @Test func theArticlesExampleRuns() throws {
        // README begin
        let download = Progress(totalUnitCount: 10_485_760)
        download.completedUnitCount = 3_145_728
        let started = Date(timeIntervalSince1970: 1_764_000_000)
        let now = started.addingTimeInterval(9)
        let state = try ProgressState(download).withElapsed(from: started, to: now)
        let french = try LabelTemplate(parsing: "{percent}, {remaining}").text(
            for: state, locale: Locale(identifier: "fr_FR"))
        // "30 %, dans 21 secondes"
        // README end
        #expect(french == "30\u{00A0}%, dans 21 secondes")
        #expect(
            try ReadmeSnippet.isShown(
                from: #filePath, importing: "Foundation",
                imports: ["import Foundation", "import PBFoundation", "import PBRendering"],
                in: "Sources/PBFoundation/PBFoundation.docc/PBFoundation.md"))
    }
}
