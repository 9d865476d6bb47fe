import PBRendering

extension TimingFunction: OptionValue {
    package static var expectation: String {
        "a timing function: linear, ease-in, ease-out, ease-in-out, default or cubic-bezier(x1,y1,x2,y2)"
    }

    package init(optionText text: String) throws(OptionValueError) {
        do {
            self = try TimingFunction(parsing: text)
        } catch {
            throw .explained("\(error)")
        }
    }
}

extension IndeterminateStyle: ChoiceOptionValue {}

extension AnimationPoster: OptionValue {
    package static var expectation: String { "first, last, or a progress (" + ProgressAmount.expectation + ")" }

    package init(optionText text: String) throws(OptionValueError) {
        switch text.lowercased() {
        case "first": self = .first
        case "last": self = .last
        default:
            guard let amount = try? ProgressAmount(optionText: text) else {
                throw .explained("'\(text)' is not \(Self.expectation)")
            }
            self = .progress(min(max(amount.value, 0), 1))
        }
    }
}
