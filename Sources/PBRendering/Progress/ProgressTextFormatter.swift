import Foundation

/// Turns the facts of a ``ProgressState`` into words and numbers for one locale, through
/// Foundation's format styles (no number rules of our own).
///
/// The default locale is `en_US_POSIX`, so output does not depend on the machine: `42%`,
/// `3.1 MB`, `1234567` (POSIX does not group digits). Other locales come from
/// ``init(localeIdentifier:)``. What swift-corelibs-foundation 6.3 (ICU 74 data) produces,
/// as pinned by the tests:
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
/// `99.99`. The decimal scaling is Foundation's (ICU's decimal arithmetic on the shortest
/// decimal that reads back as the double), so 0.29 is `29%` and 0.145 is `15%`.
public struct ProgressTextFormatter: Hashable, Sendable {
    /// The locale everything is formatted for.
    public var locale: Locale

    /// The default locale: `en_US_POSIX`, the same on every machine.
    public static let defaultLocale = Locale(identifier: "en_US_POSIX")

    /// A formatter for `locale` (by default ``defaultLocale``).
    ///
    /// - Parameter locale: the locale to format for; an identifier Foundation has no data
    ///   for formats with root-locale rules (use ``init(localeIdentifier:)`` to reject it).
    public init(locale: Locale = ProgressTextFormatter.defaultLocale) {
        self.locale = locale
    }

    /// A formatter for the locale named by `identifier`, as `--locale` takes it: ICU form
    /// (`fr_FR`), BCP 47 (`fr-FR`) or with keywords (`ar_EG@numbers=latn`), canonicalised by
    /// Foundation (`iw_IL` becomes `he_IL`, `fr_FX` becomes `fr_FR`).
    ///
    /// An identifier is accepted when it is among `Locale.availableIdentifiers` (the locales
    /// this Foundation has data for), or when its language is and its region, if any, is an ISO
    /// region: ICU then finds the data through likely subtags (`zh_CN` is formatted as `zh_Hans_CN`, which
    /// is the identifier listed). A language without data (`xx_YY`) or an unknown region
    /// (`fr_ZZ`, which would fall back to a decimal point) is rejected.
    ///
    /// - Parameter identifier: the locale identifier.
    /// - Throws: ``UnknownLocaleError`` when Foundation has no data for it.
    /// - Complexity: O(*n*) in the number of available locales.
    public init(localeIdentifier identifier: String) throws(UnknownLocaleError) {
        let canonical = Locale.identifier(.icu, from: identifier)
        let available = Set(Locale.availableIdentifiers)
        let locale = Locale(identifier: canonical)
        if !available.contains(canonical) {
            guard let language = locale.language.languageCode?.identifier, available.contains(language),
                locale.region.map({ Locale.Region.isoRegions.contains($0) }) ?? true
            else { throw UnknownLocaleError(identifier: identifier) }
        }
        self.init(locale: locale)
    }

    // MARK: Numbers

    /// `fraction` as a whole percent, rounded by the type's rule: `0.42` is `42%` (`42 %` in
    /// French), `0.4286` is `43%`, `0.004` is `1%`, `0.998` is `99%`.
    ///
    /// - Parameter fraction: a fraction in 0...1.
    public func percent(_ fraction: Double) -> String {
        Self.shown(fraction, step: .hundredth).formatted(
            .percent.precision(.fractionLength(0)).rounded(rule: .toNearestOrAwayFromZero).locale(locale))
    }

    /// `fraction` as a percent with at most two decimals, rounded by the type's rule and without
    /// trailing zeros, in the locale: `2/3` is `66.67%` (`66,67 %` in French), `0.9999` is
    /// `99.99%`, `0.5` is `50%`. The accessible title's number.
    ///
    /// - Parameter fraction: a fraction in 0...1.
    public func precisePercent(_ fraction: Double) -> String {
        Self.shown(fraction, step: .tenThousandth).formatted(
            .percent.precision(.fractionLength(0...2)).rounded(rule: .toNearestOrAwayFromZero).locale(locale))
    }

    /// `fraction` as a decimal number with at most two decimals, rounded by the type's rule and
    /// without trailing zeros: `3/7` is `0.43`, `0.5` is `0.5` (`0,5` in French), `1` is `1`,
    /// `0.999` is `0.99`, `0.001` is `0.01`.
    ///
    /// - Parameter fraction: a fraction in 0...1.
    public func fraction(_ fraction: Double) -> String {
        Self.shown(fraction, step: .hundredth).formatted(
            .number.precision(.fractionLength(0...2)).rounded(rule: .toNearestOrAwayFromZero).locale(locale))
    }

    /// A count of units, steps or phases as an integer in the locale (`1234567` in POSIX,
    /// `1,234,567` in en_US, Arabic-Indic digits in ar_EG).
    ///
    /// - Parameter count: the count.
    public func count(_ count: Int64) -> String {
        count.formatted(.number.locale(locale))
    }

    /// A byte count in Foundation's file style, decimal units (1 kB = 1000 bytes):
    /// `3145728` is `3.1 MB`, `10485760` is `10.5 MB`, `90124` is `90 kB`. Zero is `0 bytes`
    /// (not spelled out as `Zero kB`, so `0 bytes of 10.5 MB` reads as a count).
    ///
    /// - Parameter bytes: the byte count.
    public func byteCount(_ bytes: Int64) -> String {
        bytes.formatted(.byteCount(style: .file, spellsOutZero: false).locale(locale))
    }

    /// The progress in percent for `aria-valuenow`: at most two decimals, rounded by the type's
    /// rule, no trailing zeros, no grouping, ASCII digits whatever the locale: `0.37` is `37`,
    /// `0.125` is `12.5`, `1/3` is `33.33`, `2/3` is `66.67`, `0.9999` and `0.99999` are `99.99`,
    /// `1e-10` is `0.01`, `1` is `100`. The same digits as ``precisePercent(_:)`` in
    /// `en_US_POSIX` without the percent sign, so `aria-valuenow` and the default `<title>` agree.
    ///
    /// - Parameter fraction: a fraction in 0...1.
    public static func accessibilityPercent(_ fraction: Double) -> String {
        shown(fraction, step: .tenThousandth).formatted(
            .number.scale(100).precision(.fractionLength(0...2)).rounded(rule: .toNearestOrAwayFromZero)
                .grouping(.never).locale(defaultLocale))
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
    /// decimals: a double at or past one has a shortest decimal at or past it, which is what
    /// Foundation rounds.
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
    /// The count and unit are Foundation's `Duration.UnitsFormatStyle` (wide), which knows
    /// each language's plural forms. The sentence around it exists in English only (Foundation
    /// on Linux has no `DateComponentsFormatter` and leaves `Progress`'s additional description
    /// empty): for a locale whose language is English it is "About 2 minutes remaining"; for
    /// any other language the rounded time is given by Foundation's relative-date style in
    /// the future ("dans 2 minutes", "in 2 Minuten", "2 分後", "خلال دقيقتين"), which is
    /// grammatical in that language without a translation of ours.
    ///
    /// - Parameter seconds: the estimated seconds left (see ``ProgressState/secondsRemaining``).
    public func remainingTime(seconds: Double) -> String? {
        guard let (count, unit) = Self.roundedRemainingTime(seconds: seconds) else { return nil }
        if locale.language.languageCode == .english {
            let duration = Duration.seconds(count * unit.seconds)
                .formatted(.units(allowed: [unit.durationUnit], width: .wide).locale(locale))
            return "About \(duration) remaining"
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let now = Date(timeIntervalSinceReferenceDate: 0)
        var style = Date.AnchoredRelativeFormatStyle(
            anchor: now.addingTimeInterval(Double(count * unit.seconds)), presentation: .numeric, unitsStyle: .wide,
            locale: locale, calendar: calendar)
        style.allowedFields = [unit.relativeField]
        return style.format(now)
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

        /// The matching unit of `Duration.UnitsFormatStyle`.
        var durationUnit: Duration.UnitsFormatStyle.Unit {
            switch self {
            case .second: .seconds
            case .minute: .minutes
            case .hour: .hours
            case .day: .days
            }
        }

        /// The matching field of `Date.RelativeFormatStyle`.
        var relativeField: Date.RelativeFormatStyle.Field {
            switch self {
            case .second: .second
            case .minute: .minute
            case .hour: .hour
            case .day: .day
            }
        }
    }
}
