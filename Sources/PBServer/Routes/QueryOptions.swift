import PBJob
import PBRendering

/// A query string read against a command's option declarations: each `name=value` pair is the
/// option of that name (`line-width=8` is `--line-width 8`), applied later by the same
/// `Option.apply` the command line uses, so the server reads every value as the CLI does.
enum QueryOptions {
    /// The options a query gives, in order.
    ///
    /// A flag is on when given without a value (`live`, `live=`) and reads `true`/`false` (and
    /// `yes`/`no`, `1`/`0`, `on`/`off`) otherwise; any other option takes its value as the command
    /// line takes the text after `--name`.
    ///
    /// - Parameters:
    ///   - query: The decoded query.
    ///   - schema: The command's options.
    ///   - refused: Options that make no sense over HTTP, by name, each with the reason.
    /// - Throws: an input error naming the parameter: an unknown name (with a suggestion), a
    ///   refused one, or one given twice that may be given once.
    /// - Complexity: O(*n* × *m*) for *n* parameters and *m* options.
    static func given<Root>(
        _ query: QueryString, schema: [Option<Root>], refused: [String: String]
    ) throws(CommandLineError) -> [ArgumentParser<Root>.Given] {
        var given: [ArgumentParser<Root>.Given] = []
        for parameter in query.parameters {
            let name = parameter.name
            if let reason = refused[name] { throw .input("parameter '\(name)' \(reason)") }
            guard let option = schema.first(where: { $0.name == name }) else {
                let known = schema.map(\.name).filter { refused[$0] == nil }
                throw .input("unknown parameter '\(name)'\(NameSuggestion.hint(for: name, among: known))")
            }
            if !option.isRepeatable, given.contains(where: { $0.option.name == name }) {
                throw .input("parameter '\(name)' is given more than once")
            }
            let input: OptionInput =
                option.placeholder == nil && parameter.value.isEmpty ? .present : .text(parameter.value)
            given.append(ArgumentParser.Given(option: option, input: input, text: parameter.value))
        }
        return given
    }

    /// The option `name` of `schema` given the value `text`, for what the server adds itself
    /// (`output=-`, the route's `format`).
    static func item<Root>(_ name: String, _ text: String, in schema: [Option<Root>]) -> ArgumentParser<Root>.Given? {
        schema.first { $0.name == name }.map { ArgumentParser.Given(option: $0, input: .text(text), text: text) }
    }
}
