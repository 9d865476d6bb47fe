public import Foundation
public import PBRendering

extension ProgressState {
    /// The state a `Foundation.Progress` shows now.
    ///
    /// - The fraction is `fractionCompleted` (which counts the children's share of their
    ///   pending unit counts), pinned to 0...1; `nil` when `isIndeterminate` (a negative total
    ///   or completed count) or when the fraction is not finite.
    /// - The unit counts are `completedUnitCount` and `totalUnitCount` where not negative. A
    ///   parent's completed count counts only finished children, so `{completed}` can lag
    ///   behind `{percent}`.
    /// - For a progress of kind `.file`, whose units are bytes, the unit counts are also the
    ///   byte counts.
    /// - The message is `localizedDescription` when not empty. (swift-corelibs-foundation
    ///   returns an empty string unless a subclass overrides it, and leaves
    ///   `localizedAdditionalDescription` empty too.)
    /// - `userInfo[.estimatedTimeRemainingKey]` (a number of seconds, finite and at least 0)
    ///   becomes ``reportedSecondsRemaining``.
    ///
    /// - Parameter progress: the progress to read (read once; later changes are not seen).
    public init(_ progress: Progress) {
        let fraction = progress.fractionCompleted
        self.init(pinnedFraction: progress.isIndeterminate || !fraction.isFinite ? nil : Self.pinned(fraction))
        let completed = progress.completedUnitCount
        let total = progress.totalUnitCount
        completedUnitCount = completed >= 0 ? completed : nil
        totalUnitCount = total >= 0 ? total : nil
        if progress.kind == .file {
            bytesReceived = completedUnitCount
            bytesExpected = totalUnitCount
        }
        if let description = progress.localizedDescription, !description.isEmpty {
            message = description
        }
        if let seconds = Self.seconds(progress.userInfo[.estimatedTimeRemainingKey]), seconds.isFinite, seconds >= 0 {
            reportedSecondsRemaining = seconds
        }
    }

    /// A number of seconds stored in a user-info value (an `NSNumber`, `Double` or `Int`).
    private static func seconds(_ value: Any?) -> Double? {
        switch value {
        case let number as NSNumber: number.doubleValue
        case let seconds as Double: seconds
        case let seconds as Int: Double(seconds)
        default: nil
        }
    }
}
