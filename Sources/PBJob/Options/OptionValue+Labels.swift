import PBRendering

extension LabelTemplate: OptionValue {
    package static var expectation: String { "a label template like '{percent}' or 'percent'" }

    package init(optionText text: String) throws(OptionValueError) {
        do {
            self = try LabelTemplate(parsing: text)
        } catch {
            let hint =
                error.unknownName.flatMap { NameSuggestion.closest(to: $0, among: LabelToken.allCases.map(\.rawValue)) }
                .map { " (did you mean '{\($0)}'?)" } ?? ""
            throw .explained("\(error)\(hint)")
        }
    }
}

extension Font: OptionValue {
    package static var expectation: String { "a Pango font description like 'Sans Bold 14'" }

    package init(optionText text: String) throws(OptionValueError) {
        do {
            self = try Font(description: text)
        } catch {
            throw .explained("\(error)")
        }
    }
}

extension LabelPosition: ChoiceOptionValue {}

/// Bytes received over bytes expected, as `--bytes 3145728/10485760`; `?` for an unknown total.
public struct ByteCounts: OptionValue, Hashable {
    /// The bytes received so far.
    public var received: Int64
    /// The bytes expected in all, `nil` when unknown.
    public var expected: Int64?

    package static var expectation: String {
        "bytes received/expected, like 3145728/10485760 (or 3145728/? for an unknown total)"
    }

    package init(optionText text: String) throws(OptionValueError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let received = Int64(parts[0]), received >= 0 else { throw .invalid }
        self.received = received
        if parts[1] == "?" {
            expected = nil
        } else {
            guard let expected = Int64(parts[1]), expected >= 0 else { throw .invalid }
            self.expected = expected
        }
    }
}

/// Step n of m, as `--step 3/7`.
public struct StepCount: OptionValue, Hashable {
    /// The current step, from 1.
    public var step: Int
    /// The number of steps.
    public var count: Int

    package static var expectation: String { "a step and a count of steps, like 3/7" }

    package init(optionText text: String) throws(OptionValueError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let step = Int(parts[0]), let count = Int(parts[1]) else { throw .invalid }
        (self.step, self.count) = (step, count)
    }
}

/// A moment in RFC 3339, ISO 8601's internet profile (`2026-12-01T10:00:00Z`, offsets and fractions of a
/// second allowed).
extension Timestamp: OptionValue {
    package static var expectation: String { "an ISO 8601 date and time like 2026-12-01T10:00:00Z" }

    package init(optionText text: String) throws(OptionValueError) {
        guard let timestamp = Timestamp(rfc3339: text) else { throw .invalid }
        self = timestamp
    }
}
