#if FUZZING
    import Foundation
    import PBRendering

    /// Label templates and fonts. The first byte picks the states and the locale; the rest is
    /// a template, optionally followed by byte 0x01 and a font description (`--font`).
    ///
    /// `LabelTemplate(parsing:)` on the template: a refusal must point inside the template,
    /// at the line and column its offset gives; a template read must keep its source, and
    /// `text(for:)` must give, for states of every kind (fraction, bytes, steps, phases,
    /// indeterminate, with and without an elapsed time), either the text or a `missingFact`
    /// naming one of the template's own tokens; a template without tokens gives its literal
    /// text (`{{` and `}}` unescaped) for every state. Each text is laid out by Pango
    /// (`TextLayout`) in the font. `Font(description:)` on the font: a font read must read back
    /// from its own description as the same font.
    enum LabelFuzzing {
        /// Formatters for a few locales with other digits, separators and directions.
        static let formatters: [ProgressTextFormatter] =
            ["en_US_POSIX", "de_DE", "ar_EG", "hi_IN", "ja_JP", "fa_IR", "he_IL", "fr_CH"].compactMap {
                try? ProgressTextFormatter(localeIdentifier: $0)
            }

        static func run(_ bytes: [UInt8]) -> Bool {
            guard let options = bytes.first else { return true }
            let rest = bytes.dropFirst()
            let split = rest.firstIndex(of: 0x01)
            let template = String(decoding: rest[..<(split ?? rest.endIndex)], as: UTF8.self)
            let fontText = split.map { String(decoding: rest[rest.index(after: $0)...], as: UTF8.self) }
            let font = fontText.map(checkFont) ?? .default
            guard let parsed = parse(template) else { return true }
            var seed = fuzzSeed(bytes)
            let formatter = formatters[Int(options) % formatters.count]
            let literal = parsed.tokens.isEmpty ? unescaped(template) : nil
            for state in states(&seed, message: template) {
                let text: String
                do {
                    text = try parsed.text(for: state, formatter: formatter)
                } catch {
                    guard case .missingFact(let token) = error.kind, parsed.tokens.contains(token) else {
                        fuzzFailure("'\(template)' for \(state) throws \(error)")
                    }
                    continue
                }
                if let literal, text != literal {
                    fuzzFailure("'\(template)' has no tokens but gives '\(text)', not '\(literal)'")
                }
                layOut(text, font: font, options: options)
            }
            return true
        }

        /// The template, or nil after checking where its error points.
        static func parse(_ template: String) -> LabelTemplate? {
            do {
                let parsed = try LabelTemplate(parsing: template)
                guard parsed.source == template else { fuzzFailure("'\(template)' keeps '\(parsed.source)'") }
                return parsed
            } catch {
                let characters = Array(template)
                guard (0...characters.count).contains(error.offset) else {
                    fuzzFailure("'\(template)': \(error) at offset \(error.offset), outside the template")
                }
                let before = characters[..<error.offset]
                let newlines = before.indices.filter { before[$0].isNewline }
                let line = 1 + newlines.count
                let column = error.offset - (newlines.last.map { $0 + 1 } ?? 0) + 1
                guard error.line == line, error.column == column else {
                    fuzzFailure(
                        "'\(template)': offset \(error.offset) is \(line):\(column), not \(error.line):\(error.column)")
                }
                return nil
            }
        }

        /// The literal text of a template without tokens: `{{` is `{`, `}}` is `}`.
        static func unescaped(_ template: String) -> String {
            var out = ""
            var characters = template[...]
            while let character = characters.popFirst() {
                out.append(character)
                if character == "{" || character == "}", characters.first == character { characters.removeFirst() }
            }
            return out
        }

        /// States of every kind, with numbers from the seed (extremes included).
        static func states(_ seed: inout UInt64, message: String) -> [ProgressState] {
            func number() -> Double { fuzzFraction(&seed) }
            func large() -> Int64 {
                let choices: [Int64] = [0, 1, 999, 1000, 1023, 1024, 1_000_000, 5_000_000_000, Int64.max, -1]
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return choices[Int(seed >> 60) % choices.count]
            }
            var states: [ProgressState] = [.indeterminate]
            if let state = try? ProgressState(fraction: number()) { states.append(state) }
            if let state = try? ProgressState(bytesReceived: large(), bytesExpected: large()) { states.append(state) }
            if let state = try? ProgressState(bytesReceived: large(), bytesExpected: nil) { states.append(state) }
            if let state = try? ProgressState(step: Int(large() % 1000), of: Int(large() % 1000)) {
                states.append(state)
            }
            if let plan = try? PhasePlan([
                ProgressPhase(weight: 1, message: message), ProgressPhase(weight: 2, message: ""),
            ]),
                let state = try? ProgressState(phases: plan, phase: 1, progressInPhase: min(max(number(), 0), 1))
            {
                states.append(state)
            }
            let elapsed = ([0, 1e-300, 59.5, 3600, 86_400 * 400, 1e300] as [Double])[Int(seed >> 61) % 6]
            for state in states.prefix(3) {
                if var timed = try? state.withElapsed(seconds: elapsed) {
                    timed.title = message
                    states.append(timed)
                }
            }
            return states
        }

        /// Lays `text` out (left-to-right or right-to-left neutral direction by the option
        /// byte); a refusal must be one of `TextLayout`'s documented ones.
        static func layOut(_ text: String, font: Font, options: UInt8) {
            do {
                let layout = try TextLayout(
                    text: text, font: font, alignment: options & 8 == 0 ? .leading : .center,
                    neutralDirection: options & 16 == 0 ? .leftToRight : .rightToLeft)
                guard layout.width.isFinite, layout.height.isFinite, layout.lineCount >= 1 else {
                    fuzzFailure("'\(text)' lays out as \(layout.logicalExtents), \(layout.lineCount) lines")
                }
            } catch {
                return
            }
        }

        /// The font the description names (the default when it is refused); a font read must
        /// read back from its description.
        static func checkFont(_ description: String) -> Font {
            guard let font = try? Font(description: description) else { return .default }
            do {
                let back = try Font(description: font.description)
                guard back == font else {
                    fuzzFailure(
                        "\(description.debugDescription) is \(font.description.debugDescription), which reads back as \(back.description.debugDescription)"
                    )
                }
            } catch {
                fuzzFailure(
                    "\(description.debugDescription) is \(font.description.debugDescription), which does not read back: \(error)"
                )
            }
            return font
        }
    }
#endif
