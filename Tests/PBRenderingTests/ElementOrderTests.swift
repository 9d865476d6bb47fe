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
}
