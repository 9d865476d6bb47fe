import PBRendering

/// Every style property of a render, in the order help lists them.
enum StyleSettings {
    static let all: [StyleSetting] = [
        StyleSetting(
            key: "lineWidth", flag: "--line-width", valueName: "W", kind: .length,
            help: "Width of the progress stroke in points (default 12; 4 for a bar).",
            apply: { if case .number(let n) = $0 { $1.lineWidth = n } }),
        StyleSetting(
            key: "trackWidth", flag: "--track-width", valueName: "W", kind: .length,
            help: "Width of the track stroke (default: the line width).",
            apply: { if case .number(let n) = $0 { $1.trackWidth = n } }),
        StyleSetting(
            key: "lineCap", flag: "--line-cap", valueName: "CAP", kind: .choice(LineCap.allCases.map(\.rawValue)),
            help: "butt, round (default) or square; caps sit on the ends of the progress.",
            apply: { if case .text(let t) = $0, let cap = LineCap(rawValue: t) { $1.lineCap = cap } }),
        StyleSetting(
            key: "lineJoin", flag: "--line-join", valueName: "JOIN", kind: .choice(LineJoin.allCases.map(\.rawValue)),
            help: "miter (default), round or bevel.",
            apply: { if case .text(let t) = $0, let join = LineJoin(rawValue: t) { $1.lineJoin = join } }),
        StyleSetting(
            key: "miterLimit", flag: "--miter-limit", valueName: "M", kind: .length,
            help: "Longest miter as a multiple of the width before it is bevelled (default 10, at least 1).",
            apply: { if case .number(let n) = $0 { $1.miterLimit = n } }),
        StyleSetting(
            key: "dash", flag: "--dash", valueName: "LENGTHS", kind: .lengths,
            help: "Dash pattern laid along the whole path, e.g. '6,4'; progress reveals it, the dashes stay put.",
            apply: { if case .numbers(let n) = $0 { $1.dashPattern = n } }),
        StyleSetting(
            key: "dashPhase", flag: "--dash-phase", valueName: "D", kind: .number,
            help: "How far into the dash pattern the path starts (default 0).",
            apply: { if case .number(let n) = $0 { $1.dashPhase = n } }),
        StyleSetting(
            key: "progressColor", flag: "--progress-color", valueName: "COLOR", kind: .color,
            help: "Progress tint: #RGB, #RGBA, #RRGGBB, #RRGGBBAA or a name (default #007AFF).",
            apply: { if case .color(let c?) = $0 { $1.progressTintColor = c } }),
        StyleSetting(
            key: "trackColor", flag: "--track-color", valueName: "COLOR", kind: .color,
            help: "Track tint (default #E5E5EA).",
            apply: { if case .color(let c?) = $0 { $1.trackTintColor = c } }),
        StyleSetting(
            key: "background", flag: "--background", valueName: "COLOR", kind: .color,
            help: "Canvas colour (default transparent).",
            apply: { if case .color(let c?) = $0 { $1.backgroundColor = c } }),
        StyleSetting(
            key: "trackFill", flag: "--track-fill", valueName: "COLOR", kind: .fill,
            help: "Fill the whole path under the track (default none: stroke only).",
            apply: { if case .color(let c) = $0 { $1.trackFillColor = c } }),
        StyleSetting(
            key: "progressFill", flag: "--progress-fill", valueName: "COLOR", kind: .fill,
            help: "Fill the progress part of the path (default none).",
            apply: { if case .color(let c) = $0 { $1.progressFillColor = c } }),
        StyleSetting(
            key: "zeroDot", flag: "--zero-dot", valueName: "", kind: .flag,
            help: "At zero progress keep the dot a round or square cap makes (hidden by default).",
            apply: { if case .flag(let on) = $0 { $1.showsZeroProgressDot = on } }),
        StyleSetting(
            key: "eachSubpath", flag: "--each-subpath", valueName: "", kind: .flag,
            help: "Progress is a fraction of each subpath's length, not of the whole path.",
            apply: { if case .flag(let on) = $0 { $1.trimScope = on ? .eachSubpath : .wholePath } }),
    ]

    /// The JSON keys, for unknown-key messages.
    static var keys: [String] { all.map(\.key) }

    /// Applies a curve file's `style` object.
    static func apply(file node: JSONNode, fileName: String, to style: inout ProgressStyle) throws(CommandLineError) {
        let object = try JSONObjectReader(node, file: fileName, what: "'style'")
        try object.rejectUnknownKeys(known: keys, in: "'style'")
        for member in object.members {
            guard let setting = all.first(where: { $0.key == member.key }) else { continue }
            do {
                setting.apply(try setting.value(fromJSON: member.value.value), &style)
            } catch {
                throw .input(
                    error.isComplete
                        ? "'\(member.key)': \(error.expected)" : "'\(member.key)' must be \(error.expected)",
                    file: fileName, at: member.value.position)
            }
        }
    }

    /// Applies the style flags given on the command line (after the file's, so they win).
    static func apply(arguments: ParsedArguments, to style: inout ProgressStyle) throws(CommandLineError) {
        for setting in all where arguments.has(setting.flag) {
            let text: String? = if case .flag = setting.kind { nil } else { arguments.value(setting.flag) }
            do {
                setting.apply(try setting.value(fromText: text), &style)
            } catch {
                throw .usage(
                    error.isComplete
                        ? "option '\(setting.flag)': \(error.expected)"
                        : "option '\(setting.flag)' expects \(error.expected), not '\(text ?? "")'")
            }
        }
    }
}
