import Foundation
import PBFoundation
import PBRendering
import Testing

@Suite struct ProgressRemainingTimeTests {
    /// (seconds left, sentence), rounded as `remainingTime(seconds:)` documents, by hand.
    static let rounding: [(Double, String)] = [
        (0.2, "About 1 second remaining"),
        (1, "About 1 second remaining"),
        (29.5, "About 30 seconds remaining"),
        (59.4, "About 59 seconds remaining"),
        (59.5, "About 1 minute remaining"),
        (89, "About 1 minute remaining"),
        (90, "About 2 minutes remaining"),
        (3569, "About 59 minutes remaining"),
        (3570, "About 1 hour remaining"),
        (5400, "About 2 hours remaining"),
        (86_399, "About 1 day remaining"),
        (36 * 3600, "About 2 days remaining"),
        (1000 * 86_400, "About 1000 days remaining"),
    ]

    @Test(arguments: rounding)
    func roundsToTheLargestUnit(seconds: Double, expected: String) {
        #expect(ProgressTextFormatter().remainingTime(seconds: seconds) == expected)
    }

    @Test(arguments: [0, -1, Double.nan, .infinity])
    func nothingToShow(seconds: Double) {
        #expect(ProgressTextFormatter().remainingTime(seconds: seconds) == nil)
    }

    /// Other English locales use the same sentence with their own digits and grouping.
    @Test func englishLocalesGroupDigits() throws {
        let formatter = try ProgressTextFormatter(localeIdentifier: "en_US")
        #expect(formatter.remainingTime(seconds: 1000 * 86_400) == "About 1,000 days remaining")
        #expect(
            try ProgressTextFormatter(localeIdentifier: "en_GB").remainingTime(seconds: 120)
                == "About 2 minutes remaining")
    }

    /// Other languages: Foundation's relative time in the future.
    static let otherLanguages: [(String, Double, String)] = [
        ("fr_FR", 120, "dans 2 minutes"),
        ("fr_FR", 3600, "dans 1 heure"),
        ("de_DE", 120, "in 2 Minuten"),
        ("de_DE", 3 * 86_400, "in 3 Tagen"),
        ("ja_JP", 120, "2 \u{5206}\u{5F8C}"),
        ("ar_EG", 120, "\u{062E}\u{0644}\u{0627}\u{0644} \u{062F}\u{0642}\u{064A}\u{0642}\u{062A}\u{064A}\u{0646}"),
        ("ar_EG", 30, "\u{062E}\u{0644}\u{0627}\u{0644} \u{0663}\u{0660} \u{062B}\u{0627}\u{0646}\u{064A}\u{0629}"),
    ]

    @Test(arguments: otherLanguages)
    func otherLanguagesUseTheRelativeTime(locale: String, seconds: Double, expected: String) throws {
        #expect(try ProgressTextFormatter(localeIdentifier: locale).remainingTime(seconds: seconds) == expected)
    }

    // MARK: Estimates

    /// 60 s for a quarter: three quarters take 180 s more.
    @Test func estimatesFromTheRateSoFar() throws {
        let state = try ProgressState(fraction: 0.25).withElapsed(seconds: 60)
        #expect(state.secondsRemaining == 180)
        #expect(try LabelTemplate(parsing: "{remaining}").text(for: state) == "About 3 minutes remaining")
    }

    /// One minute from 12:00 to 12:01 for a third: two thirds take two minutes more.
    @Test func estimatesFromDates() throws {
        let start = try Date("2024-05-01T12:00:00Z", strategy: .iso8601)
        let now = try Date("2024-05-01T12:01:00Z", strategy: .iso8601)
        let state = try ProgressState(step: 1, of: 3).withElapsed(from: start, to: now)
        #expect(state.elapsedSeconds == 60)
        #expect(abs(try #require(state.secondsRemaining) - 120) < 1e-9)
        #expect(
            try LabelTemplate(parsing: "{step}/{stepCount}, {remaining}").text(for: state)
                == "1/3, About 2 minutes remaining")
    }

    @Test func aDownloadsTimeLeft() throws {
        // 3 MiB of 10 MiB (0.3) in 9 s: 7/3 × 9 s = 21 s more.
        let state = try ProgressState(bytesReceived: 3_145_728, bytesExpected: 10_485_760).withElapsed(seconds: 9)
        #expect(
            try LabelTemplate(parsing: "{bytes} of {totalBytes} — {remaining}").text(for: state)
                == "3.1 MB of 10.5 MB — About 21 seconds remaining")
    }

    @Test func noEstimateAtZeroWhileIndeterminateOrWhenDone() throws {
        let template = try LabelTemplate(parsing: "[{remaining}]")
        let atZero = try ProgressState(fraction: 0).withElapsed(seconds: 10)
        #expect(atZero.secondsRemaining == nil)
        #expect(try template.text(for: atZero) == "[]")
        let unknown = try ProgressState(bytesReceived: 5, bytesExpected: nil).withElapsed(seconds: 10)
        #expect(try template.text(for: unknown) == "[]")
        let done = try ProgressState(fraction: 1).withElapsed(seconds: 10)
        #expect(done.secondsRemaining == 0)
        #expect(try template.text(for: done) == "[]")
    }

    @Test func anAbsurdEstimateIsNone() throws {
        // 10^9 s for 10^-9: about 10^18 s, beyond 100 years.
        let state = try ProgressState(fraction: 1e-9).withElapsed(seconds: 1e9)
        #expect(state.secondsRemaining == nil)
    }

    @Test func withoutAnElapsedTimeTheTokenIsAnError() throws {
        #expect(throws: LabelTemplateError(kind: .missingFact(.remaining), offset: 5, line: 1, column: 6)) {
            try LabelTemplate(parsing: "42 — {remaining}").text(for: try ProgressState(fraction: 0.42))
        }
    }

    @Test func rejectsBadTimes() throws {
        let state = try ProgressState(fraction: 0.5)
        for bad in [-1, Double.infinity] {
            #expect(throws: ProgressStateError(.invalidElapsedTime(bad))) { try state.withElapsed(seconds: bad) }
        }
        #expect(throws: ProgressStateError.self) { try state.withElapsed(seconds: .nan) }
        let start = Timestamp(secondsSince1970: 100)
        let now = Timestamp(secondsSince1970: 50)
        #expect(throws: ProgressStateError(.startAfterNow(start: start, now: now))) {
            try state.withElapsed(from: start, to: now)
        }
        #expect(throws: ProgressStateError(.startAfterNow(start: start, now: now))) {
            try state.withElapsed(from: start.date, to: now.date)
        }
        #expect(
            ProgressStateError(.startAfterNow(start: start, now: now)).description
                == "the start (1970-01-01T00:01:40Z) is later than now (1970-01-01T00:00:50Z)")
    }
}
