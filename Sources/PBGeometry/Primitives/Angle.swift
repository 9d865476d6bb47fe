#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A plane angle, as SwiftUI's `Angle`: the one angle type of pbrender's API, made from degrees
/// or radians and read in either. Positive angles turn from the positive x axis towards positive
/// y, which is clockwise on screen (y points down).
///
/// An angle keeps the value it was given (720° is two turns, as a sweep to `addArc` is); where an
/// angle is a direction (``sinCos``, the start of an arc) it is first reduced to within one turn,
/// exactly for degrees (the remainder by 360 of a double is exact), so 1e18° is the direction
/// 280° rather than whatever its conversion to radians would round to. The sine and cosine are
/// exact at multiples of 90°, so a circle that starts at -90° starts exactly at 12 o'clock.
public struct Angle: Hashable, Sendable, Comparable {
    /// The angle in degrees, as given.
    public var degrees: Double

    /// An angle of `degrees` degrees.
    public init(degrees: Double) {
        self.degrees = degrees
    }

    /// An angle of `radians` radians. (Beyond about 1e300 radians, whose conversion would
    /// overflow, the angle is first reduced by the double nearest 2π.)
    public init(radians: Double) {
        let radians = abs(radians) > 1e300 ? radians.truncatingRemainder(dividingBy: 2 * .pi) : radians
        self.degrees = radians * (180 / .pi)
    }

    /// An angle of `value` degrees.
    public static func degrees(_ value: Double) -> Angle { Angle(degrees: value) }

    /// An angle of `value` radians.
    public static func radians(_ value: Double) -> Angle { Angle(radians: value) }

    /// No turn at all.
    public static let zero = Angle(degrees: 0)

    /// The angle in radians.
    public var radians: Double { degrees * (.pi / 180) }

    /// Whether the angle is a finite number (not NaN or infinite).
    public var isFinite: Bool { degrees.isFinite }

    /// The same direction within one turn: the exact remainder of the degrees by 360, in
    /// `-360 < degrees < 360` (NaN and infinities stay as they are).
    public var normalized: Angle {
        guard degrees.isFinite, abs(degrees) >= 360 else { return self }
        return Angle(degrees: degrees.truncatingRemainder(dividingBy: 360))
    }

    /// The sine and cosine of the direction, exact (0 and ±1) at multiples of 90°.
    public var sinCos: (sin: Double, cos: Double) {
        let degrees = normalized.degrees
        let quarterTurns = degrees / 90
        if quarterTurns == quarterTurns.rounded() {
            switch Int(quarterTurns) {
            case 0, 4, -4: return (0, 1)
            case 1, -3: return (1, 0)
            case 2, -2: return (0, -1)
            default: return (-1, 0)
            }
        }
        let radians = degrees * (.pi / 180)
        return (sin(radians), cos(radians))
    }

    /// Whether `lhs` turns less than `rhs` (a signed comparison of the values given).
    public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.degrees < rhs.degrees }

    /// The opposite angle.
    public static prefix func - (angle: Angle) -> Angle { Angle(degrees: -angle.degrees) }
}

extension Angle: CustomStringConvertible {
    /// The angle in degrees, e.g. `90°`.
    public var description: String { "\(degrees)°" }
}
