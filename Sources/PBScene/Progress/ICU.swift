internal import CICU
import PBSynchronization

/// ICU's locale data and formatters, for every locale but en_US_POSIX (``ProgressTextFormatter``),
/// loaded when the first one is asked for (Debian's `libicui18n.so.72`, never for a default label).
///
/// Numbers go through ICU's number skeletons (`percent scale/100 precision-integer`,
/// `measure-unit/digital-megabyte`), times through its relative-time formatter: the same calls
/// Foundation's format styles make, so the text is what a Swift app on Foundation shows, with the
/// data of the system's ICU.
enum ICU {
    /// ICU's functions, or `nil` when it cannot be loaded (``load()`` says why). Loaded once per
    /// process, on first use; every function here loads it, and answers `nil` (or false) without it.
    fileprivate static let icu: pb_icu_functions? = pb_icu_load() == 1 ? pb_icu().pointee : nil

    /// Loads ICU once per process.
    ///
    /// - Returns: `nil` when every function is there, else why not (the loader's words).
    static func load() -> String? {
        icu == nil ? String(cString: pb_icu_load_error()) : nil
    }

    /// The identifier ICU uses for `identifier` (ICU form `fr_FR`, BCP 47 `fr-FR`, keywords
    /// `ar_EG@numbers=latn`), canonicalised, with deprecated codes replaced (`iw_IL` is `he_IL`,
    /// `fr_FX` is `fr_FR`); `nil` when ICU cannot read it. The identifier goes to a BCP 47 tag and
    /// back, which replaces them (`uloc_canonicalize` alone keeps them). The corresponding C functions
    /// are `uloc_canonicalize`, `uloc_toLanguageTag` and `uloc_forLanguageTag`.
    static func canonicalIdentifier(_ identifier: String) -> String? {
        guard let icu = ICU.icu else { return nil }
        guard
            let canonical = text({ icu.uloc_canonicalize(identifier, $0, $1, &$2) }),
            let tag = text({ icu.uloc_toLanguageTag(canonical, $0, $1, 0, &$2) })
        else { return nil }
        return text { buffer, capacity, status in
            icu.uloc_forLanguageTag(tag, buffer, capacity, nil, &status)
        }
    }

    /// The identifiers of the locales ICU has data for (`fr_FR`, `zh_Hans_CN`, …). The corresponding
    /// C functions are `uloc_countAvailable` and `uloc_getAvailable`.
    static var availableIdentifiers: Set<String> {
        guard let icu = ICU.icu else { return [] }
        let count = icu.uloc_countAvailable()
        return Set(
            (0..<count).compactMap { index in
                icu.uloc_getAvailable(index).map { String(cString: $0) }
            })
    }

    /// Whether `region` is an ISO 3166 region code ICU knows (`FR`, not `ZZ`). The corresponding C
    /// function is `uloc_getISOCountries`.
    static func isISORegion(_ region: String) -> Bool {
        guard let icu = ICU.icu else { return false }
        guard var list = icu.uloc_getISOCountries() else { return false }
        while let code = list.pointee {
            if String(cString: code) == region { return true }
            list += 1
        }
        return false
    }

    /// The language (`fr`) and region (`FR`, or empty) of an identifier. The corresponding C functions
    /// are `uloc_getLanguage` and `uloc_getCountry`.
    static func parts(of identifier: String) -> (language: String, region: String) {
        guard let icu = ICU.icu else { return ("", "") }
        let language = text { icu.uloc_getLanguage(identifier, $0, $1, &$2) } ?? ""
        let region = text { icu.uloc_getCountry(identifier, $0, $1, &$2) } ?? ""
        return (language, region)
    }

    /// Whether the locale writes right to left (Arabic, Hebrew). The corresponding C function is
    /// `uloc_getCharacterOrientation`.
    static func isRightToLeft(_ identifier: String) -> Bool {
        guard let icu = ICU.icu else { return false }
        var status = PB_ICU_ZERO_ERROR
        return icu.uloc_getCharacterOrientation(identifier, &status) == PB_ICU_LAYOUT_RTL
    }

    /// `value` formatted by the number skeleton `skeleton` in the locale; `nil` when ICU fails. The
    /// corresponding C functions are `unumf_openForSkeletonAndLocale` and `unumf_formatDouble`.
    static func format(_ value: Double, skeleton: String, locale: String) -> String? {
        guard let icu else { return nil }
        return NumberFormatter.cached(skeleton: skeleton, locale: locale)?.format { formatter, result, status in
            icu.unumf_formatDouble(formatter, value, result, &status)
        }
    }

    /// `value` formatted by the number skeleton `skeleton` in the locale; `nil` when ICU fails. The
    /// corresponding C function is `unumf_formatInt`.
    static func format(_ value: Int64, skeleton: String, locale: String) -> String? {
        guard let icu else { return nil }
        return NumberFormatter.cached(skeleton: skeleton, locale: locale)?.format { formatter, result, status in
            icu.unumf_formatInt(formatter, value, result, &status)
        }
    }

    /// A unit of a relative time.
    enum TimeUnit: Hashable, Sendable {
        case second, minute, hour, day
    }

    /// `count` units from now in words, wide, with numbers (`dans 2 minutes`, `in 3 Tagen`, `2 分後`);
    /// `nil` when ICU fails. The corresponding C function is `ureldatefmt_formatNumeric`.
    static func relativeTime(_ count: Double, _ unit: TimeUnit, locale: String) -> String? {
        guard let icu = ICU.icu else { return nil }
        var status = PB_ICU_ZERO_ERROR
        guard
            let formatter = icu.ureldatefmt_open(
                locale, nil, PB_ICU_STYLE_LONG, PB_ICU_CAPITALIZATION_NONE, &status), status <= 0
        else { return nil }
        defer { icu.ureldatefmt_close(formatter) }
        let icuUnit: pb_icu_relative_unit =
            switch unit {
            case .second: PB_ICU_UNIT_SECOND
            case .minute: PB_ICU_UNIT_MINUTE
            case .hour: PB_ICU_UNIT_HOUR
            case .day: PB_ICU_UNIT_DAY
            }
        return utf16Text { buffer, capacity, status in
            icu.ureldatefmt_formatNumeric(formatter, count, icuUnit, buffer, capacity, &status)
        }
    }

    /// A string ICU writes into a buffer of `char`s, growing the buffer when it is too small.
    private static func text(
        _ write: (UnsafeMutablePointer<CChar>, Int32, inout pb_icu_status) -> Int32
    ) -> String? {
        var capacity: Int32 = 160
        for _ in 0..<2 {
            var status = PB_ICU_ZERO_ERROR
            let (length, result) = withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(capacity) + 1) {
                buffer -> (Int32, String?) in
                guard let base = buffer.baseAddress else { return (0, nil) }
                let length = write(base, capacity, &status)
                guard status <= 0, length <= capacity else { return (length, nil) }
                base[Int(length)] = 0
                return (length, String(cString: base))
            }
            if let result { return result }
            guard status == PB_ICU_BUFFER_OVERFLOW_ERROR else { return nil }
            capacity = length
        }
        return nil
    }

    /// A string ICU writes into a buffer of UTF-16 units, growing the buffer when it is too small.
    fileprivate static func utf16Text(
        _ write: (UnsafeMutablePointer<pb_icu_char>, Int32, inout pb_icu_status) -> Int32
    ) -> String? {
        var capacity: Int32 = 64
        for _ in 0..<2 {
            var status = PB_ICU_ZERO_ERROR
            let (length, result) = withUnsafeTemporaryAllocation(of: pb_icu_char.self, capacity: Int(capacity)) {
                buffer -> (Int32, String?) in
                guard let base = buffer.baseAddress else { return (0, nil) }
                let length = write(base, capacity, &status)
                guard status <= 0, length <= capacity else { return (length, nil) }
                return (length, String(decoding: buffer.prefix(Int(length)), as: UTF16.self))
            }
            if let result { return result }
            guard status == PB_ICU_BUFFER_OVERFLOW_ERROR else { return nil }
            capacity = length
        }
        return nil
    }

    /// One ICU number formatter (`UNumberFormatter`), kept for the life of the process: ICU documents it
    /// as immutable and safe to use from several threads at once.
    private final class NumberFormatter: @unchecked Sendable {
        let formatter: OpaquePointer

        private init(formatter: OpaquePointer) {
            self.formatter = formatter
        }

        deinit {
            ICU.icu?.unumf_close(formatter)
        }

        /// The formatters made so far, by locale and skeleton.
        private static let cache = Locked<[String: NumberFormatter]>([:])

        /// The formatter for `skeleton` in `locale`, made on first use; `nil` when ICU refuses it.
        static func cached(skeleton: String, locale: String) -> NumberFormatter? {
            guard let icu = ICU.icu else { return nil }
            let key = locale + "\u{0}" + skeleton
            if let formatter = cache.withLock({ $0[key] }) { return formatter }
            var status = PB_ICU_ZERO_ERROR
            let units = Array(skeleton.utf16)
            guard
                let made = icu.unumf_openForSkeletonAndLocale(
                    units, Int32(units.count), locale, &status), status <= 0
            else { return nil }
            let formatter = NumberFormatter(formatter: made)
            return cache.withLock { cache in
                if let existing = cache[key] { return existing }
                cache[key] = formatter
                return formatter
            }
        }

        /// Formats with `format` (which calls `unumf_format…` with this formatter and a result) and
        /// reads the result's text.
        func format(_ format: (OpaquePointer, OpaquePointer, inout pb_icu_status) -> Void) -> String? {
            guard let icu = ICU.icu else { return nil }
            var status = PB_ICU_ZERO_ERROR
            guard let result = icu.unumf_openResult(&status), status <= 0 else { return nil }
            defer { icu.unumf_closeResult(result) }
            format(formatter, result, &status)
            guard status <= 0 else { return nil }
            return ICU.utf16Text { buffer, capacity, status in
                icu.unumf_resultToString(result, buffer, capacity, &status)
            }
        }
    }
}
