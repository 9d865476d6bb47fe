import Testing

@testable import PBGeometry

/// The standard rules are typed in (so that no process computes them at start); here they are
/// computed again and compared bit for bit.
@Suite struct GaussLegendreRulesTests {
    @Test func theStandardTablesAreTheComputedRules() {
        let computed = GaussLegendreRules(orders: GaussLegendreRules.standardOrders)
        let standard = GaussLegendreRules.standard
        #expect(standard.orders == computed.orders)
        #expect(standard.offsets == computed.offsets)
        #expect(standard.nodes.map(\.bitPattern) == computed.nodes.map(\.bitPattern))
        #expect(standard.weights.map(\.bitPattern) == computed.weights.map(\.bitPattern))
        #expect(standard.middleWeights.map(\.bitPattern) == computed.middleWeights.map(\.bitPattern))
        #expect(standard.maximumOrder == 96)
        if standard.nodes != computed.nodes || standard.weights != computed.weights {
            // What GaussLegendreRules+Standard.swift should hold.
            print("standardNodes:", computed.nodes, "\nstandardWeights:", computed.weights)
            print("standardMiddleWeights:", computed.middleWeights)
        }
    }

    /// Each order's rule integrates x^(2n-2) over [-1, 1] exactly (2 / (2n - 1)), to rounding.
    @Test func everyStandardRuleIsExactForItsDegree() {
        let rules = GaussLegendreRules.standard
        for (index, order) in rules.orders.enumerated() {
            let degree = 2 * order - 2
            var sum = rules.middleWeights[index] * (degree == 0 ? 1 : 0)
            for k in rules.offsets[index]..<rules.offsets[index + 1] {
                var power = 1.0
                for _ in 0..<degree { power *= rules.nodes[k] }
                sum += 2 * rules.weights[k] * power
            }
            let exact = 2 / Double(degree + 1)
            #expect(abs(sum - exact) <= 1e-14, "order \(order): \(sum) against \(exact)")
        }
    }
}
