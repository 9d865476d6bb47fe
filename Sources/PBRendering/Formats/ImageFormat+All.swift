extension ImageFormat {
    /// Every format pbrender writes, in the order help and messages list them. A format is
    /// declared in its own file beside its encoder; listing it here is all that makes the command
    /// line, the server and Swift code write it.
    public static let all: [ImageFormat] = [.png, .svg, .pdf, .apng, .webp, .gif]
}
