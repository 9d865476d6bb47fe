import PBGeometry
import Testing

/// `Rect`'s arithmetic, as `CGRect` has it.
@Suite("Rect")
struct RectTests {
    @Test("insetBy shrinks by the amount on every side, and grows by a negative one")
    func inset() {
        let rect = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(rect.insetBy(5) == Rect(x: 15, y: 25, width: 20, height: 30))
        #expect(rect.insetBy(-5) == Rect(x: 5, y: 15, width: 40, height: 50))
        #expect(rect.insetBy(0) == rect)
    }

    @Test("insetBy past the middle leaves a zero width or height about the same centre")
    func insetPastTheMiddle() {
        let rect = Rect(x: 10, y: 20, width: 30, height: 40)
        // 30 wide: an inset of 16 would leave -2; 40 tall leaves 8.
        #expect(rect.insetBy(16) == Rect(x: 25, y: 36, width: 0, height: 8))
        #expect(rect.insetBy(100) == Rect(x: 25, y: 40, width: 0, height: 0))
    }

    @Test("The centre, sides and size")
    func parts() {
        let rect = Rect(origin: Point(10, 20), size: Size(width: 30, height: 40))
        #expect(rect == Rect(x: 10, y: 20, width: 30, height: 40))
        #expect(rect.midX == 25 && rect.midY == 40 && rect.center == Point(25, 40))
        #expect(rect.maxX == 40 && rect.maxY == 60 && rect.size == Size(width: 30, height: 40))
    }
}
