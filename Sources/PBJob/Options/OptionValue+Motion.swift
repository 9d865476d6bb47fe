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
