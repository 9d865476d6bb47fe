import Foundation
import PBTestSupport
import Testing

@testable import PBCommandLine
@testable import PBJob
@testable import PBServer

/// Random queries from the option names and awkward values: every one is answered 200 or 400 (a
/// one-line message), never a crash, a 500 or a hang.
@Suite("Random queries")
struct RandomQueryTests {
    static let values = [
        "", "0", "1", "-1", "0.5", "50%", "3/4", "1e308", "-1e308", "nan", "inf", "abc", "%25", "%00", "+",
        "%23FF0000", "red", "ring", "bar", "M0,0L10,10", "M", "{percent}", "{", "0:red,0.5:blue", "6,4", "0,0",
        "true", "false", "64x32", "x", "Sans 0", "Sans 9999", "fr_FR", "zz_ZZ", "2026-01-01T00:00:00Z", "%E2%9C%93",
        "%C3%28", "%ZZ", String(repeating: "9", count: 40), String(repeating: "%7B", count: 50),
    ]

    @Test("Random render and badge queries are 200 or 400, each 400 one line", arguments: [1, 2, 3] as [UInt64])
    func randomQueries(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let service = RenderService(cacheCapacity: ByteCount(bytes: 1_000_000), maximumPixels: 1 << 18)
        let renderNames = RenderOptions.schema.map(\.name) + ["curve", "nonsense"]
        let badgeNames = BadgeOptions.schema.map(\.name)
        let routes = ["/render.png", "/render.svg", "/render.pdf", "/render.apng", "/badge.svg", "/badge.png"]
        var served = 0
        for _ in 0..<200 {
            let route = routes.randomElement(using: &random) ?? "/render.png"
            let names = route.hasPrefix("/badge") ? badgeNames : renderNames
            var parameters = ["progress=\(Double(Int.random(in: 0...100, using: &random)) / 100)"]
            for _ in 0..<Int.random(in: 0...5, using: &random) {
                let name = names.randomElement(using: &random) ?? "progress"
                let value = Self.values.randomElement(using: &random) ?? ""
                parameters.append(Bool.random(using: &random) ? "\(name)=\(value)" : name)
            }
            let target = route + "?" + parameters.joined(separator: "&")
            let response = service.respond(to: HTTPRequest(target: target))
            let body = String(decoding: response.body, as: UTF8.self)
            #expect(response.status == .ok || response.status == .badRequest, "seed \(seed): \(target): \(body)")
            if response.status == .ok { served += 1 }
            if response.status == .badRequest {
                #expect(body.hasSuffix("\n") && !body.dropLast().contains("\n"), "seed \(seed): \(target): \(body)")
            }
        }
        // Not all refused: the random options also make images.
        #expect(served > 20, "seed \(seed): \(served) of 200 served")
    }
}
