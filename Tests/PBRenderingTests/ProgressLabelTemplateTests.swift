import Foundation
import PBRendering
import Testing

@Suite struct ProgressLabelTemplateTests {
    static let download = try? ProgressState(bytesReceived: 3_145_728, bytesExpected: 10_485_760)

    func text(_ template: String, _ state: ProgressState?, locale: String = "en_US_POSIX") throws -> String {
        let state = try #require(state)
        return try LabelTemplate(parsing: template).text(
            for: state, formatter: ProgressTextFormatter(localeIdentifier: locale))
    }

    @Test func fillsInADownload() throws {
        #expect(try text("{percent} — {bytes} of {totalBytes}", Self.download) == "30% — 3.1 MB of 10.5 MB")
        #expect(
            try text("{percent} — {bytes} sur {totalBytes}", Self.download, locale: "fr_FR")
                == "30\u{00A0}% — 3,1\u{202F}Mo sur 10,5\u{202F}Mo")
        #expect(
            try text("{fraction} ({completed}/{total})", Self.download, locale: "en_US") == "0.3 (3,145,728/10,485,760)"
        )
    }

    @Test func fillsInStepsAndPhases() throws {
        let steps = try ProgressState(step: 3, of: 7)
        #expect(try text("Step {step} of {stepCount}: {percent}", steps) == "Step 3 of 7: 43%")
        #expect(
            try text("{step}/{stepCount}", steps, locale: "ar_EG") == "\u{0663}/\u{0667}")
        let plan = try PhasePlan([
            ProgressPhase(weight: 1, message: "Connecting to Server"),
            ProgressPhase(weight: 3, message: "Receiving Tables"),
        ])
        let sync = try ProgressState(phases: plan, phase: 2, progressInPhase: 0.5)
        // (1 + 3 × 0.5) / 4 = 62.5 %, rounded half up
        #expect(try text("{message} ({phase} of {phaseCount}) {percent}", sync) == "Receiving Tables (2 of 2) 63%")
    }

    @Test func titleAndMessageAreFreeText() throws {
        var state = try ProgressState(fraction: 0.5)
        state.title = "wallpaper.jpg"
        state.message = "{percent} is not a token here"
        #expect(try text("{title}: {message}", state) == "wallpaper.jpg: {percent} is not a token here")
    }

    @Test func doubledBracesAreLiteral() throws {
        let state = try ProgressState(fraction: 0.42)
        #expect(try text("{{percent}} is {percent}", state) == "{percent} is 42%")
        #expect(try text("}}{{", state) == "}{")
        #expect(try text("{{{percent}}}", state) == "{42%}")
    }

    @Test func plainTextAndEmptyTemplates() throws {
        let state = try ProgressState(fraction: 0.42)
        #expect(try text("Syncing…", state) == "Syncing…")
        #expect(try LabelTemplate(parsing: "").isEmpty)
        #expect(try text("", state) == "")
        #expect(try text("line 1\n{percent}", state) == "line 1\n42%")
    }

    /// Every token's name alone is its shorthand; anything else is plain text.
    @Test(arguments: LabelToken.allCases)
    func shorthands(token: LabelToken) throws {
        let template = try LabelTemplate(parsing: token.rawValue)
        #expect(template.tokens == [token])
        #expect(template.source == token.rawValue)
    }

    @Test func aShorthandMustBeTheWholeTemplate() throws {
        let state = try ProgressState(fraction: 0.42)
        #expect(try text("percent", state) == "42%")
        #expect(try text(" percent", state) == " percent")
        #expect(try text("Percent", state) == "Percent")
        #expect(try LabelTemplate(parsing: "percent done").tokens.isEmpty)
    }

    @Test func tokensInOrder() throws {
        #expect(
            try LabelTemplate(parsing: "{bytes} of {totalBytes}, {bytes}").tokens == [.bytes, .totalBytes, .bytes])
    }

    // MARK: Errors

    static let parseErrors: [(String, LabelTemplateError.Kind, Int, Int, Int)] = [
        ("{precent}", .unknownToken("precent"), 0, 1, 1),
        ("42 {Percent}", .unknownToken("Percent"), 3, 1, 4),
        ("{}", .unknownToken(""), 0, 1, 1),
        ("{ percent }", .unknownToken(" percent "), 0, 1, 1),
        ("abc {percent", .unclosedBrace, 4, 1, 5),
        ("{per{cent}}", .unclosedBrace, 0, 1, 1),
        ("{", .unclosedBrace, 0, 1, 1),
        ("a } b", .unmatchedClosingBrace, 2, 1, 3),
        ("{{}", .unmatchedClosingBrace, 2, 1, 3),
        ("line one\n  {nope}", .unknownToken("nope"), 11, 2, 3),
        // "é" as e + U+0301 and 👍🏽 (two scalars) are one character each: "{x}" is the 4th.
        ("e\u{0301}👍🏽 {x}", .unknownToken("x"), 3, 1, 4),
    ]

    @Test(arguments: parseErrors)
    func parseErrorsSayWhatAndWhere(
        template: String, kind: LabelTemplateError.Kind, offset: Int, line: Int, column: Int
    ) {
        #expect(throws: LabelTemplateError(kind: kind, offset: offset, line: line, column: column)) {
            try LabelTemplate(parsing: template)
        }
    }

    @Test func theLengthIsLimited() throws {
        let longest = String(repeating: "a", count: LabelTemplate.maximumLength)
        #expect(try LabelTemplate(parsing: longest).source == longest)
        #expect(throws: LabelTemplateError(kind: .tooLong(length: 257, limit: 256), offset: 256, line: 1, column: 257))
        {
            try LabelTemplate(parsing: longest + "b")
        }
    }

    @Test func errorDescriptions() {
        #expect(
            LabelTemplateError(kind: .unknownToken("precent"), offset: 3, line: 1, column: 4).description
                == "unknown token '{precent}' at offset 3 (line 1, column 4); known tokens: {percent}, {fraction}, "
                + "{completed}, {total}, {bytes}, {totalBytes}, {step}, {stepCount}, {phase}, {phaseCount}, "
                + "{message}, {remaining}, {title}")
        #expect(
            LabelTemplateError(kind: .unclosedBrace, offset: 4, line: 1, column: 5).description
                == "'{' is not closed by '}' (write '{{' for a brace) at offset 4 (line 1, column 5)")
        #expect(
            LabelTemplateError(kind: .missingFact(.bytes), offset: 0, line: 1, column: 1).description
                == "the label uses {bytes}, but the progress has no byte counts at offset 0 (line 1, column 1)")
        #expect(LabelTemplateError(kind: .unknownToken("x"), offset: 0, line: 1, column: 1).unknownName == "x")
        #expect(LabelTemplateError(kind: .unclosedBrace, offset: 0, line: 1, column: 1).unknownName == nil)
    }

    /// (template, state, the first token without a fact, its offset).
    static let missing: [(String, ProgressState?, LabelToken, Int)] = [
        ("{bytes}", try? ProgressState(step: 3, of: 7), .bytes, 0),
        ("{percent} {totalBytes}", try? ProgressState(bytesReceived: 5, bytesExpected: nil), .percent, 0),
        ("{bytes} of {totalBytes}", try? ProgressState(bytesReceived: 5, bytesExpected: nil), .totalBytes, 11),
        ("{step}", try? ProgressState(fraction: 0.5), .step, 0),
        ("a {phase}", try? ProgressState(fraction: 0.5), .phase, 2),
        ("{message}", try? ProgressState(fraction: 0.5), .message, 0),
        ("{title}", try? ProgressState(fraction: 0.5), .title, 0),
        ("{completed}", try? ProgressState(fraction: 0.5), .completed, 0),
        ("fraction", ProgressState.indeterminate, .fraction, 0),
    ]

    @Test(arguments: missing)
    func aMissingFactIsAnError(template: String, state: ProgressState?, token: LabelToken, offset: Int) throws {
        let state = try #require(state)
        #expect(throws: LabelTemplateError(kind: .missingFact(token), offset: offset, line: 1, column: offset + 1)) {
            try LabelTemplate(parsing: template).text(for: state)
        }
    }

    // MARK: Standard labels

    @Test func standardLabels() throws {
        #expect(
            try LabelTemplate.standard(for: try #require(Self.download)).text(for: #require(Self.download)) == "30%")
        let unknown = try ProgressState(bytesReceived: 3_145_728, bytesExpected: ProgressState.unknownLength)
        #expect(try LabelTemplate.standard(for: unknown).text(for: unknown) == "3.1 MB")
        var busy = ProgressState.indeterminate
        busy.message = "Connecting to Server"
        #expect(try LabelTemplate.standard(for: busy).text(for: busy) == "Connecting to Server")
        #expect(LabelTemplate.standard(for: .indeterminate).isEmpty)
        #expect(LabelTemplate.standard(for: unknown).tokens == [.bytes])
    }

    @Test func localeShorthand() throws {
        let state = try ProgressState(fraction: 0.42)
        #expect(
            try LabelTemplate(parsing: "percent").text(for: state, locale: Locale(identifier: "de_DE")) == "42\u{00A0}%"
        )
    }
}
