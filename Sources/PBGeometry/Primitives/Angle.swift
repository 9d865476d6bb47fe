#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A plane angle, as SwiftUI's `Angle`: the one angle type of pbrender's API, made from degrees
/// or radians and read in either. Positive angles turn from the positive x axis towards positive
/// y, which is clockwise on screen (y points down).
///
/// Every angle in pbrender is a direction or a sweep of at most one turn, so an angle keeps its
/// magnitude within one turn: larger magnitudes are reduced, exactly for degrees (the remainder
/// by 360 of a double is exact), and a whole number of turns beyond one is one turn, keeping its
/// sign (so a sweep of 720° is a whole circle, and 1e18° is 1e18 mod 360 = 280°). Radians beyond
/// a turn are reduced by the double nearest 2π, which is deterministic but not exact.
///
/// The sine and cosine of an angle (``sinCos``) are exact at multiples of 90°, so a circle that
/// starts at -90° starts exactly at 12 o'clock.
public struct Angle: Hashable, Sendable, Comparable {
    /// The angle in degrees, within `-360...360`.
    public private(set) var degrees: Double

    /// An angle of `degrees` degrees (reduced to within one turn; see ``Angle``).
    public init(degrees: Double) {
        self.degrees = Self.reduced(degrees, turn: 360)
    }

    /// An angle of `radians` radians (reduced to within one turn; see ``Angle``).
    public init(radians: Double) {
        let radians = Self.reduced(radians, turn: 2 * .pi)
        self.degrees = min(max(radians * (180 / .pi), -360), 360)
        if !radians.isFinite { self.degrees = radians }
    }

    /// An angle of `value` degrees.
    public static func degrees(_ value: Double) -> Angle { Angle(degrees: value) }

    /// An angle of `value` radians.
    public static func radians(_ value: Double) -> Angle { Angle(radians: value) }

    /// No turn at all.
    public static let zero = Angle(degrees: 0)

    /// The angle in radians, within `-2π...2π`.
    public var radians: Double { degrees * (.pi / 180) }

    /// Whether the angle is a finite number (not NaN or infinite).
    public var isFinite: Bool { degrees.isFinite }

    /// The sine and cosine, exact (0 and ±1) at multiples of 90°.
    public var sinCos: (sin: Double, cos: Double) {
        let quarterTurns = degrees / 90
        if quarterTurns == quarterTurns.rounded() {
            switch Int(quarterTurns) {
            case 0, 4, -4: return (0, 1)
            case 1, -3: return (1, 0)
            case 2, -2: return (0, -1)
            default: return (-1, 0)
            }
        }
        let radians = self.radians
        return (sin(radians), cos(radians))
    }

    /// `value` reduced to within one `turn` of zero: the exact remainder, with a whole number of
    /// turns beyond one kept as one turn of the same sign. NaN and infinities are kept as they are.
    private static func reduced(_ value: Double, turn: Double) -> Double {
        guard value.isFinite, abs(value) > turn else { return value }
        let remainder = value.truncatingRemainder(dividingBy: turn)
        return remainder == 0 ? (value < 0 ? -turn : turn) : remainder
    }

    /// Whether `lhs` turns less than `rhs` (a signed comparison).
    public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.degrees < rhs.degrees }

    /// The opposite angle.
    public static prefix func - (angle: Angle) -> Angle { Angle(degrees: -angle.degrees) }
}

extension Angle: CustomStringConvertible {
    /// The angle in degrees, e.g. `90°`.
    public var description: String { "\(degrees)°" }
}
