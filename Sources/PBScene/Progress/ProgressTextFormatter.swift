/// Turns the facts of a ``ProgressState`` into words and numbers for one locale.
///
/// The default locale is `en_US_POSIX`, so output does not depend on the machine: `42%`,
/// `3.1 MB`, `1234567` (POSIX does not group digits). It is written by pbrender itself (ASCII
/// digits, English units), with no library to load. Every other locale, from
/// ``init(localeIdentifier:)``, is written by the system's ICU (Debian's libicu72, loaded when the
/// first such locale is asked for) through the number skeletons and relative-time formatter that
/// Foundation's format styles use, so a label reads as a Swift app on Foundation would write it.
/// As pinned by the tests:
///
/// | locale | percent | bytes | count |
/// |---|---|---|---|
/// | `en_US_POSIX` | `42%` | `3.1 MB` | `1234567` |
/// | `en_US` | `42%` | `3.1 MB` | `1,234,567` |
/// | `fr_FR` | `42 %` (U+00A0 no-break space) | `3,1 Mo` (U+202F narrow no-break space) | `1 234 567` (U+202F) |
/// | `de_DE` | `42 %` (U+00A0) | `3,1 MB` | `1.234.567` |
/// | `ar_EG` | `٤٢٪؜` (Arabic-Indic digits, U+066A, U+061C) | `٣٫١ م.ب` | `١٬٢٣٤٬٥٦٧` |
/// | `ja_JP` | `42%` | `3.1 MB` | `1,234,567` |
///
/// Rounding, one rule for every number shown (``percent(_:)``, ``fraction(_:)``,
/// ``precisePercent(_:)``, ``accessibilityPercent(_:)``, so every template token and every
/// locale): to the nearest value shown (halves away from zero), except at the two ends, where
/// a value that is not exactly there never shows it: above 0 never shows `0` and below 1 never
/// shows `100%` (the smallest and largest step are shown instead). So in whole percents
/// `0.4286` is `43%`, `0.125` is `13%`, `0.004` is `1%`, `0.995` and `0.9999` are `99%`, and
/// only 0 is `0%` and only 1 is `100%`; with two decimals, `2/3` is `66.67` and `0.9999` is
/// `99.99`. The scaling is decimal, on the shortest decimal that reads back as the double (as
/// ICU does), so 0.29 is `29%` and 0.145 is `15%`. Byte counts round halves to even, as ICU's
/// default does.
public struct ProgressTextFormatter: Hashable, Sendable {
    /// The ICU identifier of the locale everything is formatted for (``defaultLocaleIdentifier``,
    /// `fr_FR`, `ar_EG@numbers=latn`).
    public let localeIdentifier: String

    /// The default locale: `en_US_POSIX`, the same on every machine.
    public static let defaultLocaleIdentifier = "en_US_POSIX"

    /// A formatter for the default locale, `en_US_POSIX`.
    public init() {
        self.init(canonicalIdentifier: Self.defaultLocaleIdentifier)
    }

    /// A formatter for an identifier taken as it is, not checked: an identifier ICU has no data for
    /// formats with root-locale rules (use ``init(localeIdentifier:)`` to reject it).
    package init(canonicalIdentifier: String) {
        localeIdentifier = canonicalIdentifier
    }

    /// A formatter for the locale named by `identifier`, as `--locale` takes it: ICU form
    /// (`fr_FR`), BCP 47 (`fr-FR`) or with keywords (`ar_EG@numbers=latn`), canonicalised by
    /// ICU (`iw_IL` becomes `he_IL`, `fr_FX` becomes `fr_FR`).
    ///
    /// An identifier is accepted when it is among the locales ICU has data for, or when its
    /// language is and its region, if any, is an ISO region: ICU then finds the data through
    /// likely subtags (`zh_CN` is formatted as `zh_Hans_CN`, which is the identifier listed). A
    /// language without data (`xx_YY`), an unknown region (`fr_ZZ`, which would fall back to a
    /// decimal point) and the names of the C library's locale (`C`, `POSIX`, which ICU would read
    /// as `en_US_POSIX`, the default anyway) are rejected. `en_US_POSIX` itself loads nothing.
    ///
    /// - Parameter identifier: the locale identifier.
    /// - Throws: ``UnknownLocaleError`` when ICU has no data for it, or cannot be loaded.
    /// - Complexity: O(*n*) in the number of locales ICU has.
    public init(localeIdentifier identifier: String) throws(UnknownLocaleError) {
        if identifier == Self.defaultLocaleIdentifier {
            self.init()
            return
        }
        if let reason = ICU.load() {
            throw UnknownLocaleError(identifier: identifier, reason: "ICU could not be loaded: \(reason)")
        }
        guard !["c", "posix"].contains(identifier.lowercased()),
            let canonical = ICU.canonicalIdentifier(identifier), !canonical.isEmpty
        else { throw UnknownLocaleError(identifier: identifier) }
        let available = ICU.availableIdentifiers
        if !available.contains(canonical) {
            let (language, region) = ICU.parts(of: canonical)
            guard available.contains(language), region.isEmpty || ICU.isISORegion(region) else {
                throw UnknownLocaleError(identifier: identifier)
            }
        }
        self.init(canonicalIdentifier: canonical)
    }

    /// Whether this is the default locale, written without ICU.
    var isPOSIX: Bool { localeIdentifier == Self.defaultLocaleIdentifier }

    /// Whether the locale's language is English (the remaining time's sentence, the title's words).
    var isEnglish: Bool { isPOSIX || localeIdentifier == "en" || localeIdentifier.hasPrefix("en_") }

    /// The direction of text without letters ("42%") in the locale.
    var neutralDirection: TextDirection {
        !isPOSIX && ICU.isRightToLeft(localeIdentifier) ? .rightToLeft : .leftToRight
    }

    // MARK: Numbers

    /// `fraction` as a whole percent, rounded by the type's rule: `0.42` is `42%` (`42 %` in
    /// French), `0.4286` is `43%`, `0.004` is `1%`, `0.998` is `99%`.
    ///
    /// - Parameter fraction: a fraction in 0...1.
    public func percent(_ fraction: Double) -> String {
        number(Self.shown(fraction, step: .hundredth), percent: true, fractionDigits: 0) + (isPOSIX ? "%" : "")
    }

    /// `fraction` as a percent with at most two decimals, rounded by the type's rule and without
    /// trailing zeros, in the locale: `2/3` is `66.67%` (`66,67 %` in French), `0.9999` is
    /// `99.99%`, `0.5` is `50%`. The accessible title's number.
    ///
    /// - Parameter fraction: a fraction in 0...1.
    public func precisePercent(_ fraction: Double) -> String {
        number(Self.shown(fraction, step: .tenThousandth), percent: true, fractionDigits: 2) + (isPOSIX ? "%" : "")
    }

    /// `fraction` as a decimal number with at most two decimals, rounded by the type's rule and
    /// without trailing zeros: `3/7` is `0.43`, `0.5` is `0.5` (`0,5` in French), `1` is `1`,
    /// `0.999` is `0.99`, `0.001` is `0.01`.
    ///
    /// - Parameter fraction: a fraction in 0...1.
    public func fraction(_ fraction: Double) -> String {
        number(Self.shown(fraction, step: .hundredth), percent: false, fractionDigits: 2)
    }

    /// `value` (times 100 as a percent, whose sign ICU adds) with at most `fractionDigits`
    /// decimals, halves away from zero.
    private func number(_ value: Double, percent: Bool, fractionDigits: Int) -> String {
        if isPOSIX {
            let (integer, fraction) = ShortestDecimal(value).scaled(byPowerOfTen: percent ? 2 : 0)
                .rounded(maximumFractionDigits: fractionDigits, rule: .awayFromZero)
            return fraction.isEmpty ? integer : integer + "." + fraction
        }
        let precision = fractionDigits == 0 ? "precision-integer" : "." + String(repeating: "#", count: fractionDigits)
        let skeleton = (percent ? "percent scale/100 " : "") + precision + " rounding-mode-half-up"
        return ICU.format(value, skeleton: skeleton, locale: localeIdentifier) ?? "\(value)"
    }

    /// A count of units, steps or phases as an integer in the locale (`1234567` in POSIX,
    /// `1,234,567` in en_US, Arabic-Indic digits in ar_EG).
    ///
    /// - Parameter count: the count.
    public func count(_ count: Int64) -> String {
        isPOSIX ? String(count) : ICU.format(count, skeleton: "", locale: localeIdentifier) ?? String(count)
    }

    /// A byte count in Foundation's file style, decimal units (1 kB = 1000 bytes), whole bytes
    /// and kilobytes, megabytes to one decimal and larger units to two, halves to even:
    /// `3145728` is `3.1 MB`, `10485760` is `10.5 MB`, `90124` is `90 kB`, `999` is `1 kB` (a
    /// count that would round to 1000 of a unit is shown in the next). Zero is `0 bytes` (not
    /// spelled out as `Zero kB`, so `0 bytes of 10.5 MB` reads as a count).
    ///
    /// - Parameter bytes: the byte count.
    public func byteCount(_ bytes: Int64) -> String {
        let magnitude = Double(bytes.magnitude)
        let unit = ByteUnit.allCases.first { magnitude < $0.largestShown } ?? .petabyte
        let value = Double(bytes) / unit.size
        if isPOSIX {
            let (integer, fraction) = ShortestDecimal(value).rounded(
                maximumFractionDigits: unit.fractionDigits, rule: .toEven)
            let number = (bytes < 0 ? "-" : "") + integer + (fraction.isEmpty ? "" : "." + fraction)
            return number + " " + (unit == .byte ? (number == "1" ? "byte" : "bytes") : unit.symbol)
        }
        let precision = unit.fractionDigits == 0 ? "." : "." + String(repeating: "#", count: unit.fractionDigits)
        let width = unit == .byte ? " unit-width-full-name" : ""
        return ICU.format(
            value, skeleton: precision + " measure-unit/digital-" + unit.name + width, locale: localeIdentifier)
            ?? "\(bytes) bytes"
    }

    /// The units of a byte count.
    private enum ByteUnit: CaseIterable {
        case byte, kilobyte, megabyte, gigabyte, terabyte, petabyte

        /// Its size in bytes.
        var size: Double {
            switch self {
            case .byte: 1
            case .kilobyte: 1e3
            case .megabyte: 1e6
            case .gigabyte: 1e9
            case .terabyte: 1e12
            case .petabyte: 1e15
            }
        }

        /// The decimals it is shown with, at most.
        var fractionDigits: Int {
            switch self {
            case .byte, .kilobyte: 0
            case .megabyte: 1
            default: 2
            }
        }

        /// The first count of bytes shown in the next unit: one that rounds to 1000 of this one
        /// (999.5 kB with no decimals, 999.95 MB with one, 999.995 GB with two).
        var largestShown: Double {
            switch self {
            case .byte: 999
            case .kilobyte: 999_499
            case .megabyte: 999_949_999
            case .gigabyte: 999_994_999_999
            case .terabyte: 999_994_999_999_999
            case .petabyte: .infinity
            }
        }

        /// ICU's name of the unit (`measure-unit/digital-megabyte`).
        var name: String { "\(self)" }

        /// The unit's symbol in English.
        var symbol: String {
            switch self {
            case .byte: "B"
            case .kilobyte: "kB"
            case .megabyte: "MB"
            case .gigabyte: "GB"
            case .terabyte: "TB"
            case .petabyte: "PB"
            }
        }
    }

    /// The progress in percent for `aria-valuenow`: at most two decimals, rounded by the type's
    /// rule, no trailing zeros, no grouping, ASCII digits whatever the locale: `0.37` is `37`,
    /// `0.125` is `12.5`, `1/3` is `33.33`, `2/3` is `66.67`, `0.9999` and `0.99999` are `99.99`,
    /// `1e-10` is `0.01`, `1` is `100`. The same digits as ``precisePercent(_:)`` in
    /// `en_US_POSIX` without the percent sign, so `aria-valuenow` and the default `<title>` agree.
    ///
    /// - Parameter fraction: a fraction in 0...1.
    public static func accessibilityPercent(_ fraction: Double) -> String {
        ProgressTextFormatter().number(shown(fraction, step: .tenThousandth), percent: true, fractionDigits: 2)
    }

    /// The smallest step a number is shown to, as a fraction.
    enum Step {
        /// 0.01: a whole percent, or a fraction with two decimals.
        case hundredth
        /// 0.0001: a percent with two decimals.
        case tenThousandth
    }

    /// `fraction` moved off the ends for display: a value above 0 that would round to 0 becomes
    /// the smallest step, a value below 1 that would round to 1 the largest step below 1; any
    /// other value is unchanged (and rounded to nearest by the caller). The bounds are the
    /// decimal halfway points, written as literals so that they are the doubles of those
    /// decimals: a double at or past one has a shortest decimal at or past it, which is what is
    /// rounded.
    static func shown(_ fraction: Double, step: Step) -> Double {
        let (low, high, smallest, largest) =
            switch step {
            case .hundredth: (0.005, 0.995, 0.01, 0.99)
            case .tenThousandth: (0.000_05, 0.999_95, 0.000_1, 0.999_9)
            }
        if fraction > 0, fraction < low { return smallest }
        if fraction < 1, fraction >= high { return largest }
        return fraction
    }

    // MARK: Time left

    /// The estimated time left as a sentence, or `nil` when there is nothing to show (`seconds`
    /// is 0, negative or not finite).
    ///
    /// Rounding: the estimate is rounded to the nearest whole second (halves up, at least 1);
    /// if that is under 60 it is shown in seconds, otherwise it is rounded to whole minutes,
    /// shown if under 60, otherwise to whole hours, shown if under 24, otherwise to whole days.
    /// So 29.5 s is "About 30 seconds", 89 s "About 1 minute", 90 s "About 2 minutes",
    /// 3569 s "About 59 minutes", 3570 s "About 1 hour", 36 h "About 2 days".
    ///
    /// The sentence exists in English only: for a locale whose language is English it is "About
    /// 2 minutes remaining", the count and unit in ICU's wide unit format (`1,000 days` in en_US),
    /// which is what Foundation's `Duration.UnitsFormatStyle` gives; for any other language the
    /// rounded time is ICU's relative time in the future, as Foundation's relative-date style
    /// gives it ("dans 2 minutes", "in 2 Minuten", "2 分後", "خلال دقيقتين"), which is grammatical
    /// in that language without a translation of ours.
    ///
    /// - Parameter seconds: the estimated seconds left (see ``ProgressState/secondsRemaining``).
    public func remainingTime(seconds: Double) -> String? {
        timeText(seconds: seconds) { "About \($0) remaining" }
    }

    /// The time left until a known end (a countdown, ``ProgressSchedule``) as a sentence: "3 days
    /// left", "1 minute left", or `nil` when there is nothing to show (`seconds` is 0, negative or
    /// not finite).
    ///
    /// Rounded as ``remainingTime(seconds:)`` rounds, and worded alike without the "About" an
    /// estimate has: English locales "3 days left" (the count and unit in ICU's wide unit format),
    /// any other language ICU's relative time in the future ("dans 3 jours").
    ///
    /// - Parameter seconds: the seconds until the end.
    public func timeLeft(seconds: Double) -> String? {
        timeText(seconds: seconds) { "\($0) left" }
    }

    /// `seconds` rounded to one unit, in a sentence: `english` wraps the count and unit for the
    /// default and English locales, any other language has ICU's relative time.
    private func timeText(seconds: Double, english: (String) -> String) -> String? {
        guard let (count, unit) = Self.roundedRemainingTime(seconds: seconds) else { return nil }
        if isPOSIX {
            return english("\(count) \(unit)\(count == 1 ? "" : "s")")
        }
        if isEnglish {
            let skeleton = "measure-unit/duration-\(unit) unit-width-full-name"
            guard let duration = ICU.format(count, skeleton: skeleton, locale: localeIdentifier) else { return nil }
            return english(duration)
        }
        return ICU.relativeTime(Double(count), unit.relativeUnit, locale: localeIdentifier)
    }

    /// The fewest seconds left that are written as `seconds` is (``remainingTime(seconds:)`` and
    /// ``timeLeft(seconds:)``): the lower end of its rounding step, at or below which a countdown's
    /// text may change; `nil` when `seconds` shows nothing (0, negative, not finite), which stays
    /// so.
    ///
    /// The steps follow the rounding rule: whole seconds below 59.5 (the first, 1 second, reaches
    /// down to 0, where the text is gone), then whole minutes from 59.5 s, hours from 3570 s (59.5
    /// minutes) and days from 84,600 s (23.5 hours), each count `c` of a unit `u` from `(c − 0.5) × u`.
    /// At the lower end itself the text is still `seconds`'s (halves round up), except at 0.
    public static func remainingTimeStepStart(seconds: Double) -> Double? {
        guard let (count, unit) = roundedRemainingTime(seconds: seconds) else { return nil }
        if unit == .second && count == 1 { return 0 }
        let unitStart: Double =
            switch unit {
            case .second: 0
            case .minute: 59.5
            case .hour: 59.5 * 60
            case .day: 23.5 * 3600
            }
        return max(unitStart, (Double(count) - 0.5) * Double(unit.seconds))
    }

    /// `seconds` rounded as ``remainingTime(seconds:)`` states: a count of one unit, or `nil`
    /// when `seconds` is not a positive finite number.
    static func roundedRemainingTime(seconds: Double) -> (count: Int64, unit: TimeUnit)? {
        guard seconds.isFinite, seconds > 0 else { return nil }
        for unit in [TimeUnit.second, .minute, .hour] {
            let count = (seconds / Double(unit.seconds)).rounded(.toNearestOrAwayFromZero)
            if count < Double(unit.countBeforeNextUnit) { return (max(1, Int64(count)), unit) }
        }
        // Below 2^53 days: an exact integer, and `count * 86_400` fits an Int64 for estimates
        // up to ``ProgressState/maximumSecondsRemaining`` and far beyond.
        let days = min((seconds / 86_400).rounded(.toNearestOrAwayFromZero), 1e12)
        return (Int64(days), .day)
    }

    /// The units a time left is shown in.
    enum TimeUnit: Hashable, Sendable {
        case second, minute, hour, day

        /// The unit's length in seconds.
        var seconds: Int64 {
            switch self {
            case .second: 1
            case .minute: 60
            case .hour: 3600
            case .day: 86_400
            }
        }

        /// How many of this unit make the next one (days have none).
        var countBeforeNextUnit: Int64 {
            switch self {
            case .second, .minute: 60
            case .hour: 24
            case .day: .max
            }
        }

        /// The matching unit of ICU's relative times.
        var relativeUnit: ICU.TimeUnit {
            switch self {
            case .second: .second
            case .minute: .minute
            case .hour: .hour
            case .day: .day
            }
        }
    }
}
