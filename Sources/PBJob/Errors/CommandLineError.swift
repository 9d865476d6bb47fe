import PBRendering

/// The exit status of `pbrender`.
public enum ExitCode: Int32, Sendable {
    /// Everything worked.
    case success = 0
    /// A runtime failure: reading or writing a file, the renderer.
    case failure = 1
    /// A usage or input error: a bad option, a malformed file, an invalid value.
    case usageError = 2
}

/// An error that ends a `pbrender` run (or a request to `pbrender serve`): a kind with its facts,
/// put into words in one place (``message``), with the exit code and HTTP status it ends in.
public struct CommandLineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// The command line is wrong (an unknown option, a missing value): printed with the
        /// command's usage line.
        case usage(Sentence)
        /// An option's value is not what it expects: the option's name (`line-width`), the text
        /// given, and what it expects ("a number >= 0").
        case invalidValue(option: String, value: String, expected: String)
        /// An option's value is wrong in a way a whole sentence says (a colour parser's).
        case rejectedValue(option: String, reason: String)
        /// The input is wrong in a way the message says (a combination of options, a path with
        /// nothing to measure).
        case input(Sentence)
        /// Something wrong at a place in an input file.
        case located(file: String, position: TextPosition, message: String)
        /// The renderer refused or failed.
        case render(RenderError)
        /// A file could not be read (an input error) or written (a runtime failure).
        case file(FileError)
        /// A runtime failure the message says.
        case failure(String)
    }

    /// What went wrong.
    public var kind: Kind
    /// The usage line of the command, shown after a usage error.
    public var usage: String?
    /// The options that gave the renderer's values, where they are not the values' own names
    /// (`width` from `--size`).
    public var valueNames: [String: String] = [:]

    /// Creates an error.
    public init(_ kind: Kind, usage: String? = nil) {
        self.kind = kind
        self.usage = usage
    }

    /// A usage error (exit code 2, printed with the usage line).
    package static func usage(_ message: Sentence) -> CommandLineError { CommandLineError(.usage(message)) }
    /// An input error (exit code 2).
    package static func input(_ message: Sentence) -> CommandLineError { CommandLineError(.input(message)) }
    /// A runtime failure (exit code 1).
    package static func failure(_ message: String) -> CommandLineError { CommandLineError(.failure(message)) }
    /// An error at a place in a file (exit code 2).
    package static func input(_ message: String, file: String, at position: TextPosition) -> CommandLineError {
        CommandLineError(.located(file: file, position: position, message: message))
    }

    /// The exit status: 2 for what the input asked, 1 for failures of the system or renderer.
    public var exitCode: ExitCode {
        switch kind {
        case .usage, .invalidValue, .rejectedValue, .input, .located: .usageError
        case .render(let error): error.isInputError ? .usageError : .failure
        case .file(let error): error.operation == .read ? .usageError : .failure
        case .failure: .failure
        }
    }

    /// The HTTP status a server answers with: 400 for bad input, 500 for failures.
    public var httpStatus: Int { exitCode == .usageError ? 400 : 500 }

    /// The error as one line, as the command line says it, without the `error:` prefix; names
    /// the renderer gives values (`lineWidth`) are named as their options (`option '--line-width'`).
    public var message: String { message(naming: .commandLine) }

    /// The error as one line, naming options as `naming` says (a server names query parameters:
    /// `parameter 'line-width'`). Control characters the input brought into it (a newline in an
    /// option's name) are written as escapes (`\n`, `\u{3}`), so the message stays one line.
    public func message(naming: OptionNaming) -> String {
        Self.escapingControlCharacters(in: words(naming: naming))
    }

    /// `text` with each control character as an escape: `\n`, `\r`, `\t`, otherwise `\u{…}`.
    package static func escapingControlCharacters(in text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.properties.generalCategory == .control:
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The message before escaping.
    private func words(naming: OptionNaming) -> String {
        switch kind {
        case .usage(let message), .input(let message):
            return message.written(naming: naming)
        case .failure(let message):
            return message
        case .invalidValue(let option, let value, let expected):
            return "\(naming.named(option)) expects \(expected), not '\(value)'"
        case .rejectedValue(let option, let reason):
            return "\(naming.named(option)): \(reason)"
        case .located(let file, let position, let message):
            return "\(file):\(position): \(message)"
        case .render(let error):
            return error.message(naming: { naming.named(kebabCase(valueNames[$0] ?? $0)) })
        case .file(let error):
            return error.description
        }
    }

    /// The message.
    public var description: String { message }

    /// The error with `line` as its usage line, when it is a usage error without one.
    package func withUsage(_ line: String) -> CommandLineError {
        guard case .usage = kind, usage == nil else { return self }
        var error = self
        error.usage = line
        return error
    }

    /// The error with the renderer's values named as the options in `names` (`width` as `size`).
    package func renamingValues(_ names: [String: String]) -> CommandLineError {
        var error = self
        error.valueNames.merge(names) { $1 }
        return error
    }
}

/// `lineWidth` as `line-width`: how a camel-case value name reads as an option.
package func kebabCase(_ name: String) -> String {
    var out = ""
    for character in name {
        if character.isUppercase {
            out += "-" + character.lowercased()
        } else {
            out.append(character)
        }
    }
    return out
}
