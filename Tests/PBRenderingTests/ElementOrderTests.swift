import PBGeometry
import PBRendering
import Testing

/// How progress spreads over a drawing's elements: each order's windows, computed by hand.
@Suite("ElementOrder")
struct ElementOrderTests {
    /// Lengths 10, 30 and 60: 100 in all, so fractions of the whole are easy to place.
    static let lengths = [10.0, 30, 60]

    func expectWindows(
        _ order: ElementOrder, from start: Double = 0, to end: Double, _ expected: [(Double, Double)],
        lengths: [Double] = lengths, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let windows = order.windows(lengths: lengths, from: start, to: end)
        #expect(windows.count == expected.count, sourceLocation: sourceLocation)
        for (window, want) in zip(windows, expected) {
            #expect(
                abs(window.start - want.0) <= 1e-14 && abs(window.end - want.1) <= 1e-14,
                "\(order) \(start)...\(end): \(window) is not \(want)", sourceLocation: sourceLocation)
        }
    }

    @Test("sequence: the whole drawing as one path; 0.3 of 100 is the first element, then 20 of the second's 30")
    func sequence() {
        expectWindows(.sequence, to: 0.3, [(0, 1), (0, 2.0 / 3), (0, 0)])
        expectWindows(.sequence, from: 0.05, to: 0.7, [(0.5, 1), (0, 1), (0, 0.5)])
        expectWindows(.sequence, to: 1, [(0, 1), (0, 1), (0, 1)])
        expectWindows(.sequence, to: 0, [(0, 0), (0, 0), (0, 0)])
        // An element of no length draws nothing, and the others keep their places.
        expectWindows(.sequence, to: 0.5, [(0, 1), (0, 0), (0, 0.375)], lengths: [20, 0, 80])
    }

    @Test("together: every element at the same fraction of its own length")
    func together() {
        expectWindows(.together, to: 0.3, [(0, 0.3), (0, 0.3), (0, 0.3)])
        expectWindows(.together, from: 0.25, to: 2, [(0.25, 1), (0.25, 1), (0.25, 1)])
    }

    @Test("delayed 0.5 of 3: windows [0, 0.5], [0.25, 0.75], [0.5, 1], each at uniform speed")
    func delayed() {
        expectWindows(.delayed(0.5), to: 0.3, [(0, 0.6), (0, 0.1), (0, 0)])
        expectWindows(.delayed(0.5), to: 0.6, [(0, 1), (0, 0.7), (0, 0.2)])
        expectWindows(.delayed(0.5), to: 1, [(0, 1), (0, 1), (0, 1)])
        // Delay 0 is together; one element draws over the whole progress.
        expectWindows(.delayed(0), to: 0.3, [(0, 0.3), (0, 0.3), (0, 0.3)])
        expectWindows(.delayed(0.5), to: 0.3, [(0, 0.3)], lengths: [5])
        // Delay 1 of 2: the first appears at once, the second when the progress reaches 1.
        expectWindows(.delayed(1), to: 0.2, [(0, 1), (0, 0)], lengths: [1, 1])
        expectWindows(.delayed(1), to: 0, [(0, 0), (0, 0)], lengths: [1, 1])
    }

    @Test("endMaps: each element's end as scale × p + shift, by hand, and where the windows put it at every p")
    func endMaps() {
        // 10, 30, 60 of 100: the second element starts at 0.1 and is whole at 0.4.
        let sequence = ElementOrder.sequence.endMaps(lengths: Self.lengths)
        #expect(sequence.map(\.scale) == [10, 100.0 / 30, 100.0 / 60])
        #expect(sequence.map(\.shift) == [0, -10.0 / 30, -40.0 / 60])
        #expect(ElementOrder.together.endMaps(lengths: Self.lengths).map(\.scale) == [1, 1, 1])
        // delayed 0.5 of 3: windows of 0.5 starting at 0, 0.25 and 0.5.
        let delayed = ElementOrder.delayed(0.5).endMaps(lengths: Self.lengths)
        #expect(delayed.map(\.scale) == [2, 2, 2] && delayed.map(\.shift) == [0, -0.5, -1])
        // delayed 1: each appears whole at once, at 0, 0.5 and 1.
        let jumps = ElementOrder.delayed(1).endMaps(lengths: Self.lengths)
        #expect(jumps.allSatisfy { $0.scale == .infinity } && jumps.map(\.shift) == [0, -0.5, -1])
        for order in [ElementOrder.sequence, .together, .delayed(0.5), .delayed(1), .delayed(0)] {
            let maps = order.endMaps(lengths: Self.lengths)
            for step in 0...40 {
                let progress = Double(step) / 40
                let windows = order.windows(lengths: Self.lengths, from: 0, to: progress)
                for (index, (window, map)) in zip(windows, maps).enumerated() {
                    let layer = ElementProgressLayer(layerIndex: 0, strokeStart: 0, scale: map.scale, shift: map.shift)
                    #expect(
                        abs(layer.end(at: progress) - window.end) <= 1e-14,
                        "\(order) element \(index) at \(progress): \(layer.end(at: progress)) against \(window.end)")
                }
            }
        }
    }
}
