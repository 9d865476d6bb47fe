import Foundation
import Testing

@testable import PBCommandLine
@testable import PBJob

@Suite("The option schemas: what help and the badge derive from them")
struct SchemaTests {
    @Test("'pbrender help render' lists every key a curve file's style takes")
    func helpListsTheCurveFileKeys() {
        let help = RenderCommand.help.replacingOccurrences(of: "\n  ", with: " ")
        for case .style(let key) in RenderOptions.schema.compactMap(\.fileKey) {
            #expect(help.contains(" \(key),") || help.contains(" \(key)."), "\(key)")
        }
    }

    @Test("Every option a badge shares with render is render's declaration (a misspelt name would be dropped)")
    func badgeSharesEveryNamedOption() {
        let names = Set(BadgeOptions.schema.map(\.name))
        for name in BadgeOptions.sharedNames { #expect(names.contains(name), "\(name)") }
        #expect(BadgeOptions.schema.count == Set(BadgeOptions.schema.map(\.name)).count)
    }
}
