/// A family of Gauss–Legendre rules of increasing order, stored for symmetric evaluation: for
/// each order, the positive nodes with their weights, and the weight of the node at 0 (odd
/// orders only).
///
/// The integrator of `Hodograph` picks, piece by piece, the smallest order whose error bound
/// meets the tolerance, so the family is dense at low orders (every order from 4 to 16), where
/// most curves fall, and sparser above, up to 96: one long rule is cheaper than splitting a
/// piece into pieces that each pay again for working out their bound.
struct GaussLegendreRules: Sendable {
    /// The orders, ascending.
    let orders: [Int]
    /// The positive nodes of every order, order after order.
    let nodes: [Double]
    /// The weights of ``nodes``.
    let weights: [Double]
    /// Where each order's nodes begin in ``nodes``, and (last) the end of the table.
    let offsets: [Int]
    /// Each order's weight of the node at 0, or 0 for an even order.
    let middleWeights: [Double]
    /// For each `n` up to the highest order, the index of the smallest order of at least `n`.
    private let ruleIndices: [Int]

    /// The highest order.
    var maximumOrder: Int { ruleIndices.count - 1 }

    /// The index in ``orders`` of the smallest order of at least `order` (at most
    /// ``maximumOrder``).
    @inline(__always)
    func rule(atLeast order: Int) -> Int { ruleIndices[order] }

    /// The index of the smallest rule whose error bound is within `tolerance`, or `nil` when
    /// none is, for the integral over a piece of half-width `half` of a function analytic
    /// inside the Bernstein ellipse with semi-major axis `A = √axisSquared` (`A > 1`) and
    /// bounded by `bound` there.
    ///
    /// With `ρ = A + √(A² - 1)`, the n-point rule errs by at most
    /// `half * 64 M ρ⁻²ⁿ / (15 (1 - ρ⁻²))` (L. N. Trefethen, *Approximation Theory and
    /// Approximation Practice*, ch. 19); this is solved for `n` with bounds on the binary
    /// logarithms that can only raise `n` (their margin also covers the rounding of the
    /// quotient).
    @inline(__always)
    func rule(half: Double, bound: Double, axisSquared: Double, tolerance: Double) -> Int? {
        let rhoSquared = 2 * axisSquared - 1 + 2 * (axisSquared * (axisSquared - 1)).squareRoot()
        let scale = half * (64.0 / 15) * bound
        // log2(scale ρ² / ((ρ² - 1) tolerance)) / log2(ρ²).
        let order = (scale * rhoSquared / ((rhoSquared - 1) * tolerance)).log2UpperBound / rhoSquared.log2LowerBound
        guard order <= Double(maximumOrder) else { return nil }
        return rule(atLeast: order > 0 ? order.ceilingInteger : 0)
    }

    /// The orders of ``standard``.
    static let standardOrders = Array(4...16) + [18, 20, 22, 24, 28, 32, 40, 48, 56, 64, 80, 96]

    /// The rules used to measure Bézier curves and elliptical arcs: ``standardOrders``, from the
    /// tables in `GaussLegendreRules+Standard.swift`, which are `init(orders: standardOrders)`'s own
    /// numbers written out (the tests compare them bit for bit), so no process pays for Newton's
    /// method on 326 roots (1.25 million instructions) to draw one image.
    static let standard = GaussLegendreRules(
        orders: standardOrders, nodes: standardNodes, weights: standardWeights, middleWeights: standardMiddleWeights)

    /// The rules of the given orders, computed (``GaussLegendre``).
    init(orders: [Int]) {
        precondition(!orders.isEmpty && orders.allSatisfy { $0 >= 2 } && orders == orders.sorted())
        var (nodes, weights, middleWeights) = ([Double](), [Double](), [Double]())
        for order in orders {
            let rule = GaussLegendre(order: order)
            // `GaussLegendre` lists its nodes ascending and symmetric about 0.
            for i in (order + 1) / 2..<order {
                nodes.append(rule.nodes[i])
                weights.append(rule.weights[i])
            }
            middleWeights.append(order % 2 == 1 ? rule.weights[order / 2] : 0)
        }
        self.init(orders: orders, nodes: nodes, weights: weights, middleWeights: middleWeights)
    }

    /// The rules of the given orders from their positive nodes and weights, order after order, and
    /// each order's weight at 0.
    init(orders: [Int], nodes: [Double], weights: [Double], middleWeights: [Double]) {
        var offsets: [Int] = []
        var count = 0
        for order in orders {
            offsets.append(count)
            count += order / 2
        }
        offsets.append(count)
        precondition(nodes.count == count && weights.count == count && middleWeights.count == orders.count)
        self.orders = orders
        self.nodes = nodes
        self.weights = weights
        self.offsets = offsets
        self.middleWeights = middleWeights
        ruleIndices = (0...(orders.last ?? 0)).map { n in orders.firstIndex { $0 >= n } ?? 0 }
    }
}

extension Double {
    /// At most `log2(self)`, and within 0.09 of it, for a positive normal number: with
    /// `self = m 2^e` (`1 <= m < 2`), `e + m - 1`, since `log2 m >= m - 1` on `[1, 2]`;
    /// -1075 for a subnormal number and -infinity for zero. (Read from the bits: this is on
    /// the hot path.)
    @inline(__always)
    fileprivate var log2LowerBound: Double {
        if self < .leastNormalMagnitude { return self > 0 ? -1075 : -.infinity }
        let exponent = Double(Int((bitPattern >> 52) & 0x7ff) - 1023)
        let significand = Double(bitPattern: (bitPattern & 0x000f_ffff_ffff_ffff) | 0x3ff0_0000_0000_0000)
        return exponent + (significand - 1)
    }

    /// At least `log2(self)`, and within 0.09 of it, for a positive number: `log2 m <= m - 1 +
    /// 0.0861` on `[1, 2]` (the largest gap, at `m = 1 / ln 2`); -1022 below the normal range.
    @inline(__always)
    fileprivate var log2UpperBound: Double {
        self < .leastNormalMagnitude ? -1022 : log2LowerBound + 0.0861
    }

    /// The least integer at least `self`, for `0 < self < 2^62`, without a library call.
    @inline(__always)
    fileprivate var ceilingInteger: Int {
        let truncated = Int(self)
        return Double(truncated) < self ? truncated + 1 : truncated
    }
}
