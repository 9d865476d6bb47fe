public import Foundation
public import PBRendering

extension ProgressState {
    /// This state with the work started at `start`, measured at `now` (pass both for
    /// reproducible output): ``PBRendering/ProgressState/withElapsed(from:to:)-(Timestamp,_)`` for
    /// Foundation's dates.
    ///
    /// - Parameters:
    ///   - start: when the work started.
    ///   - now: the moment the state describes.
    /// - Throws: `ProgressStateError` with kind `startAfterNow` when `start` is later.
    public func withElapsed(from start: Date, to now: Date) throws(ProgressStateError) -> ProgressState {
        try withElapsed(from: Timestamp(start), to: Timestamp(now))
    }
}

extension Timestamp {
    /// The moment of a Foundation date.
    public init(_ date: Date) {
        self.init(secondsSince1970: date.timeIntervalSince1970)
    }

    /// The moment as a Foundation date.
    public var date: Date { Date(timeIntervalSince1970: secondsSince1970) }
}
