import Foundation
import PBFoundation
import PBRendering
import Testing

/// `Timestamp` reads RFC 3339 with the C library's calendar; Foundation's ISO 8601 parser is the
/// oracle where both accept a text, and Foundation's formatter where they write one.
@Suite struct TimestampTests {
    static let accepted = [
        "2024-01-01T00:00:00Z", "2024-01-01T02:00:00+02:00", "2024-01-01T02:00:00+0200", "2023-12-31T19:00:00-05:00",
        "2024-01-01T00:00:00.5Z", "2024-01-01T00:00:00.125Z", "2024-02-29T23:59:59Z", "1970-01-01T00:00:00Z",
        "1969-12-31T23:59:59Z", "2100-03-01T12:34:56Z", "2026-12-01T10:00:00Z", "1900-01-01T00:00:00Z",
        "2024-06-30T23:30:00-0930",
    ]

    @Test(arguments: accepted)
    func readsWhatFoundationReads(text: String) throws {
        let ours = try #require(Timestamp(rfc3339: text))
        let theirs = try Date(text, strategy: .iso8601)
        #expect(abs(ours.secondsSince1970 - theirs.timeIntervalSince1970) < 1e-6, "\(text)")
    }

    /// Lower-case `t` and `z` (RFC 3339 allows them; Foundation does not).
    @Test func lowerCaseSeparators() {
        #expect(Timestamp(rfc3339: "2024-01-01t00:00:00z")?.secondsSince1970 == 1_704_067_200)
    }

    static let refused = [
        "", "2024-01-01", "2024-01-01T00:00:00", "2024-01-01 00:00:00Z", "2024-1-1T0:0:0Z", "2024-02-30T00:00:00Z",
        "2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z", "2024-00-10T00:00:00Z", "2024-01-01T24:00:00Z",
        "2024-01-01T00:60:00Z", "2024-01-01T00:00:60Z", "2024-01-01T00:00:00.Z", "2024-01-01T00:00:00+24:00",
        " 2024-01-01T00:00:00Z", "2024-01-01T00:00:00Z ", "2024-01-01T00:00:00+2", "tomorrow",
    ]

    /// Dates that do not exist (Foundation rolls 30 February over to 1 March), missing zones,
    /// short fields and spaces are refused.
    @Test(arguments: refused)
    func refuses(text: String) {
        #expect(Timestamp(rfc3339: text) == nil, "\(text)")
    }

    @Test(arguments: [0, 1_704_067_200, 1_704_067_200.5, 1_704_067_200.125, -1, 4_102_444_800, 951_782_400])
    func writesWhatFoundationWrites(seconds: Double) {
        let ours = Timestamp(secondsSince1970: seconds).rfc3339
        let date = Date(timeIntervalSince1970: seconds)
        let whole = seconds == seconds.rounded(.down)
        let theirs = date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: !whole))
        // Foundation writes three decimals ("00.500Z"); ours drops trailing zeros.
        var expected = String(theirs.dropLast())
        while whole == false, expected.hasSuffix("0") { expected.removeLast() }
        #expect(ours == expected + "Z")
        #expect(Timestamp(rfc3339: ours)?.secondsSince1970 == seconds)
    }

    @Test func roundsToTheMillisecondAndCarries() {
        #expect(Timestamp(secondsSince1970: 59.9996).rfc3339 == "1970-01-01T00:01:00Z")
        #expect(Timestamp(secondsSince1970: 0.0004).rfc3339 == "1970-01-01T00:00:00Z")
        #expect(Timestamp(secondsSince1970: -0.5).rfc3339 == "1969-12-31T23:59:59.5Z")
    }

    @Test func foundationDatesConvert() {
        let date = Date(timeIntervalSince1970: 1_704_067_200.25)
        #expect(Timestamp(date).secondsSince1970 == 1_704_067_200.25)
        #expect(Timestamp(date).date == date)
    }
}
