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
/// Rounding: percents and fractions are cut toward zero, so a label never claims more than
/// was done (`99.9 %` done shows `99%`; `100%` only when complete). The decimal scaling is
/// Foundation's (ICU's decimal arithmetic), so 0.29 is `29%`, not the `28%` that truncating
/// `0.29 * 100 = 28.999…` would give.
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

    /// `fraction` as a whole percent, cut toward zero: `0.42` is `42%` (`42 %` in French).
    ///
    /// - Parameter fraction: a fraction in 0...1.
    public func percent(_ fraction: Double) -> String {
        fraction.formatted(.percent.precision(.fractionLength(0)).rounded(rule: .towardZero).locale(locale))
    }

    /// `fraction` as a decimal number with at most two decimals, cut toward zero and without
    /// trailing zeros: `3/7` is `0.42`, `0.5` is `0.5` (`0,5` in French), `1` is `1`.
    ///
    /// - Parameter fraction: a fraction in 0...1.
    public func fraction(_ fraction: Double) -> String {
        fraction.formatted(.number.precision(.fractionLength(0...2)).rounded(rule: .towardZero).locale(locale))
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

    /// The progress in percent for `aria-valuenow`: at most two decimals, cut toward zero, no
    /// trailing zeros, no grouping, ASCII digits whatever the locale: `0.37` is `37`, `0.125`
    /// is `12.5`, `1/3` is `33.33`, `0.99999` is `99.99`, `1` is `100`.
    ///
    /// - Parameter fraction: a fraction in 0...1.
    public static func accessibilityPercent(_ fraction: Double) -> String {
        fraction.formatted(
            .number.scale(100).precision(.fractionLength(0...2)).rounded(rule: .towardZero).grouping(.never)
                .locale(defaultLocale))
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
