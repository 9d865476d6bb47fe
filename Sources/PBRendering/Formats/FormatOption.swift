import PBStyle

/// An option only some formats read, declared by the format (``ImageFormat/options``): the
/// command line, help, curve files and the server's query strings take it like any other option
/// (`--matte white`, `matte=white`), and its value reaches the encoder in ``EncodingSettings``.
public struct FormatOption: Sendable {
    /// A value of a format's option.
    public enum Value: Hashable, Sendable {
        /// A colour (`--matte #fff`).
        case color(Color)
        /// On or off (`--dither`, `dither=false`).
        case flag(Bool)
        /// One of the option's names.
        case choice(String)
    }

    /// What an option's value is.
    public enum Kind: Hashable, Sendable {
        /// A colour, read as `--color` is.
        case color
        /// A flag: given alone for on, or `true`/`false`.
        case flag
        /// One of these names.
        case choice([String])
    }

    /// The name without dashes (`matte`: `--matte`, `matte=`).
    public let name: String
    /// The placeholder in help (`COLOR`); `nil` for a flag.
    public let placeholder: String?
    /// What it does, for help.
    public let help: String
    /// What its value is.
    public let kind: Kind
    /// The value when it is not given.
    public let defaultValue: Value

    /// Declares an option.
    public init(name: String, placeholder: String?, help: String, kind: Kind, defaultValue: Value) {
        self.name = name
        self.placeholder = placeholder
        self.help = help
        self.kind = kind
        self.defaultValue = defaultValue
    }
}
