import PBRendering

extension Option {
    /// The option a format declares (``ImageFormat/options``), read like any other (`--matte
    /// white`, `matte=white`, a curve file's `style.matte`) into the values at `keyPath`, by name.
    /// Its help names the formats that read it.
    package static func format(
        _ option: FormatOption,
        _ keyPath: @autoclosure @escaping @Sendable () -> WritableKeyPath<Root, [String: FormatOption.Value]>
    ) -> Option {
        let readers = ImageFormat.all.filter { $0.options.contains { $0.name == option.name } }
        let expectation: String =
            switch option.kind {
            case .color: Color.expectation
            case .flag: Bool.expectation
            case .choice(let names): "one of " + names.map { "'\($0)'" }.joined(separator: ", ")
            }
        return Option(
            name: option.name, shortName: nil, placeholder: option.placeholder,
            help: option.help + " (" + ImageFormat.list(readers, displayNames: true, conjunction: "and") + " only.)",
            section: "FORMATS", fileKey: .style(option.name), isRepeatable: false, expectation: expectation
        ) { root, input throws(OptionValueError) in
            root[keyPath: keyPath()][option.name] = try value(of: option, input)
        }
    }

    /// The value `input` gives `option`.
    private static func value(of option: FormatOption, _ input: OptionInput) throws(OptionValueError)
        -> FormatOption.Value
    {
        switch (option.kind, input) {
        case (.flag, .present): return .flag(true)
        case (.flag, .text(let text)): return .flag(try Bool(optionText: text))
        case (.flag, .json(let json)): return .flag(try Bool(json: json))
        case (_, .present): throw .invalid
        case (.color, .text(let text)): return .color(try Color(optionText: text))
        case (.color, .json(let json)): return .color(try Color(json: json))
        case (.choice(let names), _):
            let text: String
            switch input {
            case .text(let given): text = given
            case .json(let json):
                guard case .string(let given) = json else { throw .wrongType(json.kindDescription) }
                text = given
            case .present: throw .invalid
            }
            guard names.contains(text) else {
                guard let near = NameSuggestion.closest(to: text, among: names) else { throw .invalid }
                throw .explained(
                    "'\(text)' is not one of \(names.map { "'\($0)'" }.joined(separator: ", ")) (did you mean '\(near)'?)"
                )
            }
            return .choice(text)
        }
    }
}

extension ImageFormat {
    /// The options formats declare, each once (two formats may share one), in ``all``'s order.
    package static var declaredOptions: [FormatOption] {
        var seen = Set<String>()
        return all.flatMap(\.options).filter { seen.insert($0.name).inserted }
    }
}
