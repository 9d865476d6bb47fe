import Foundation
import PBRendering
import Testing

/// The exact strings swift-corelibs-foundation 6.3 produces on this machine, written out by
/// hand with the invisible characters as escapes: U+00A0 no-break space, U+202F narrow
/// no-break space, U+066A Arabic percent sign, U+061C Arabic letter mark, U+066B Arabic
/// decimal separator, U+066C Arabic thousands separator.
@Suite struct ProgressTextFormatterTests {
    static func formatter(_ identifier: String) throws -> ProgressTextFormatter {
        try ProgressTextFormatter(localeIdentifier: identifier)
    }

    static let percents: [(String, Double, String)] = [
        ("en_US_POSIX", 0.42, "42%"),
        ("en_US", 0.42, "42%"),
        ("fr_FR", 0.42, "42\u{00A0}%"),
        ("de_DE", 0.42, "42\u{00A0}%"),
        ("ar_EG", 0.42, "\u{0664}\u{0662}\u{066A}\u{061C}"),
        ("ja_JP", 0.42, "42%"),
        ("en_US_POSIX", 1, "100%"),
        ("ar_EG", 1, "\u{0661}\u{0660}\u{0660}\u{066A}\u{061C}"),
    ]

    @Test(arguments: percents)
    func percent(locale: String, fraction: Double, expected: String) throws {
        #expect(try Self.formatter(locale).percent(fraction) == expected)
    }

    /// To the nearest whole percent (halves away from zero), but never 0 % above 0 nor 100 %
    /// below 1: 0.4286 is 43 %, 12.5 % is 13 %, 0.29 (whose double is 0.28999999999999998) is
    /// 29 % and 0.145 (0.14499999999999999) is 15 %, because the scaling by 100 is decimal; the
    /// animation frame 0.1 + 0.5 × 0.6 = 0.39999999999999997 is 40 %, as its still is.
    static let roundings: [(Double, String)] = [
        (0.4286, "43%"), (0.999, "99%"), (0.9999, "99%"), (0.995, "99%"), (0.994, "99%"), (0.125, "13%"),
        (0.29, "29%"), (0.145, "15%"), (0.58, "58%"), (0.005, "1%"), (0.004, "1%"), (1e-9, "1%"),
        (3.0 / 7, "43%"), (0, "0%"), (1, "100%"), (0.1 + 0.5 * 0.6, "40%"), (0.424, "42%"),
    ]

    @Test(arguments: roundings)
    func percentIsRoundedToNearestButNotToTheEnds(fraction: Double, expected: String) {
        #expect(ProgressTextFormatter().percent(fraction) == expected)
    }

    /// Every tenth of a percent, against integer arithmetic: k / 1000 is the whole percent
    /// (k + 5) / 10, moved to 1 or 99 when it would claim an end it is not at.
    @Test func percentOfEveryPermille() {
        let formatter = ProgressTextFormatter()
        for k in 0...1000 {
            let expected = k == 0 || k == 1000 ? k / 10 : min(max((k + 5) / 10, 1), 99)
            #expect(formatter.percent(Double(k) / 1000) == "\(expected)%", "k = \(k)")
        }
    }

    /// The rule holds in every locale (here French and Arabic) and for the fraction token.
    @Test func roundingIsTheSameInEveryLocaleAndForFractions() throws {
        #expect(try Self.formatter("fr_FR").percent(0.4286) == "43\u{00A0}%")
        #expect(try Self.formatter("fr_FR").percent(0.9999) == "99\u{00A0}%")
        #expect(try Self.formatter("ar_EG").percent(0.001) == "\u{0661}\u{066A}\u{061C}")
        #expect(try Self.formatter("de_DE").fraction(0.999) == "0,99")
        let posix = ProgressTextFormatter()
        #expect(posix.fraction(0.999) == "0.99")
        #expect(posix.fraction(0.001) == "0.01")
        #expect(posix.fraction(0.4286) == "0.43")
        #expect(posix.fraction(0.125) == "0.13")
    }

    /// The accessible title's percent: two decimals, the same rule, in the locale.
    @Test func precisePercent() throws {
        let posix = ProgressTextFormatter()
        #expect(posix.precisePercent(2.0 / 3) == "66.67%")
        #expect(posix.precisePercent(0.9999) == "99.99%")
        #expect(posix.precisePercent(0.99999) == "99.99%")
        #expect(posix.precisePercent(1e-10) == "0.01%")
        #expect(posix.precisePercent(0.5) == "50%")
        #expect(posix.precisePercent(1) == "100%")
        #expect(try Self.formatter("fr_FR").precisePercent(0.4236) == "42,36\u{00A0}%")
    }

    @Test func fraction() throws {
        let posix = ProgressTextFormatter()
        #expect(posix.fraction(3.0 / 7) == "0.43")
        #expect(posix.fraction(0.5) == "0.5")
        #expect(posix.fraction(1) == "1")
        #expect(posix.fraction(0) == "0")
        #expect(try Self.formatter("fr_FR").fraction(0.5) == "0,5")
        #expect(try Self.formatter("ar_EG").fraction(0.25) == "\u{0660}\u{066B}\u{0662}\u{0665}")
    }

    static let counts: [(String, String)] = [
        ("en_US_POSIX", "1234567"),
        ("en_US", "1,234,567"),
        ("fr_FR", "1\u{202F}234\u{202F}567"),
        ("de_DE", "1.234.567"),
        ("ar_EG", "\u{0661}\u{066C}\u{0662}\u{0663}\u{0664}\u{066C}\u{0665}\u{0666}\u{0667}"),
        ("ja_JP", "1,234,567"),
    ]

    @Test(arguments: counts)
    func count(locale: String, expected: String) throws {
        #expect(try Self.formatter(locale).count(1_234_567) == expected)
    }

    /// Decimal units (1 kB = 1000 bytes), one decimal from MB up: 3,145,728 B = 3.145728 MB.
    static let bytes: [(String, Int64, String)] = [
        ("en_US_POSIX", 3_145_728, "3.1 MB"),
        ("en_US_POSIX", 10_485_760, "10.5 MB"),
        ("en_US_POSIX", 90_124, "90 kB"),
        ("en_US_POSIX", 999, "1 kB"),
        ("en_US_POSIX", 1, "1 byte"),
        ("en_US_POSIX", 0, "0 bytes"),
        ("en_US_POSIX", 1_500_000_000_000, "1.5 TB"),
        ("fr_FR", 3_145_728, "3,1\u{202F}Mo"),
        ("de_DE", 3_145_728, "3,1 MB"),
        ("ar_EG", 3_145_728, "\u{0663}\u{066B}\u{0661} \u{0645}.\u{0628}"),
        ("ja_JP", 10_485_760, "10.5 MB"),
    ]

    @Test(arguments: bytes)
    func byteCount(locale: String, bytes: Int64, expected: String) throws {
        #expect(try Self.formatter(locale).byteCount(bytes) == expected)
    }

    static let accessibility: [(Double, String)] = [
        (0.37, "37"), (0.125, "12.5"), (1.0 / 3, "33.33"), (2.0 / 3, "66.67"), (0.99999, "99.99"), (0.9999, "99.99"),
        (1, "100"), (0, "0"), (0.29, "29"), (0.000_123, "0.01"), (1e-10, "0.01"), (0.999_999, "99.99"),
    ]

    @Test(arguments: accessibility)
    func accessibilityPercent(fraction: Double, expected: String) {
        #expect(ProgressTextFormatter.accessibilityPercent(fraction) == expected)
    }

    /// Every hundredth of a percent, against integer arithmetic: k / 10000 is k / 100 percent,
    /// written with up to two decimals and no trailing zeros.
    @Test func accessibilityPercentOfEveryTenThousandth() {
        for k in 0...10_000 {
            var expected = "\(k / 100)"
            if k % 100 != 0 {
                let hundredths = k % 100
                expected +=
                    hundredths % 10 == 0
                    ? ".\(hundredths / 10)" : (hundredths < 10 ? ".0\(hundredths)" : ".\(hundredths)")
            }
            #expect(ProgressTextFormatter.accessibilityPercent(Double(k) / 10_000) == expected, "k = \(k)")
        }
    }

    /// Every thousandth of a percent, against integer arithmetic: k / 100000 is (k + 5) / 10
    /// hundredths of a percent, moved to 0.01 or 99.99 when it would claim an end it is not at.
    @Test func accessibilityPercentOfEveryHundredThousandth() {
        for k in 0...100_000 {
            let hundredths = k == 0 || k == 100_000 ? k / 10 : min(max((k + 5) / 10, 1), 9999)
            var expected = "\(hundredths / 100)"
            let rest = hundredths % 100
            if rest != 0 { expected += rest % 10 == 0 ? ".\(rest / 10)" : (rest < 10 ? ".0\(rest)" : ".\(rest)") }
            #expect(ProgressTextFormatter.accessibilityPercent(Double(k) / 100_000) == expected, "k = \(k)")
        }
    }

    @Test(arguments: ["en_US_POSIX", "en_US", "fr_FR", "de_DE", "ar_EG", "ja_JP", "he_IL", "zh_Hans_CN", "hi_IN"])
    func theseLocalesHaveData(identifier: String) throws {
        #expect(try Self.formatter(identifier).localeIdentifier == identifier)
    }

    @Test func bcp47IdentifiersAreCanonicalised() throws {
        #expect(try Self.formatter("fr-FR").localeIdentifier == "fr_FR")
        #expect(try Self.formatter("ja-JP").percent(0.5) == "50%")
    }

    /// Not listed, but their language is and ICU resolves them (`zh_CN` through `zh_Hans_CN`).
    @Test func identifiersResolvedThroughLikelySubtags() throws {
        #expect(try Self.formatter("zh_CN").remainingTime(seconds: 120) == "2\u{5206}\u{949F}\u{540E}")
        #expect(try Self.formatter("sr_RS").count(1_234_567) == "1.234.567")
        // Arabic with Latin digits: the percent sign is wrapped in U+200E left-to-right marks.
        #expect(try Self.formatter("ar_EG@numbers=latn").percent(0.42) == "42\u{200E}%\u{200E}")
    }

    @Test(arguments: ["xx_YY", "", "fr_ZZ", "en_YY", "klingon", "C", "POSIX"])
    func unknownLocalesAreRejected(identifier: String) {
        #expect(throws: UnknownLocaleError(identifier: identifier)) {
            try ProgressTextFormatter(localeIdentifier: identifier)
        }
    }

    /// ICU maps deprecated identifiers to current ones (France's old `FX` region is `FR`).
    @Test func deprecatedIdentifiersAreMapped() throws {
        #expect(try Self.formatter("fr_FX").localeIdentifier == "fr_FR")
    }

    @Test func theDefaultIsPOSIX() {
        #expect(ProgressTextFormatter().localeIdentifier == "en_US_POSIX")
    }
}
