import PBScene

/// Which frames of a schedule an animated GIF shows, and when each starts, in the hundredths of
/// a second a GIF's delays count.
///
/// Frame `k` starts at `FrameSchedule.startTime(ofFrame:unitsPerSecond:)` in hundredths: its
/// exact time rounded to the nearest hundredth, halves up. A frame lasts until the next frame
/// shown starts (the last until the schedule's end, also rounded), so no rounding accumulates:
/// every frame shown starts within half a hundredth of its time, and the delays add up to the
/// animation's length rounded to the hundredth.
///
/// Browsers and mail clients show a delay under 2 hundredths as 10 (a 60 fps animation would play
/// at about a third of its speed), so a frame that would be shown for less than
/// ``minimumDelay`` is left out and the frame before it stays up until the next one: at 50 fps
/// or less every frame is shown; above, some are left out, evenly (at 60 fps the starts fall 2,
/// 1, 2 hundredths apart, so one frame in three is left out: 40 images a second). The
/// first frame and an animation's last (its end state) are always shown; when the last comes
/// too soon after the one before, that one is left out instead. A loop's last frame is left out
/// when it would be shown for less than ``minimumDelay`` before the loop starts again.
struct GIFFrameTimes: Equatable {
    /// The shortest delay a frame is shown for: 2 hundredths of a second.
    static let minimumDelay = 2

    /// Whether each frame of the schedule is shown.
    let isShown: [Bool]
    /// When each frame starts, in hundredths of a second, and the end at `frameCount`.
    let starts: [Int]

    /// The frames `schedule` shows in a GIF.
    init(_ schedule: FrameSchedule) {
        let count = schedule.frameCount
        starts = (0...count).map { schedule.startTime(ofFrame: $0, unitsPerSecond: 100) }
        var shown = [Bool](repeating: false, count: count)
        shown[0] = true
        var previous = 0
        for index in 1..<count where starts[index] - starts[previous] >= Self.minimumDelay {
            shown[index] = true
            previous = index
        }
        if schedule.isLoop {
            if previous > 0, starts[count] - starts[previous] < Self.minimumDelay { shown[previous] = false }
        } else if !shown[count - 1] {
            // The end state is shown; the frame before it gives way unless it is the first.
            if previous > 0 { shown[previous] = false }
            shown[count - 1] = true
        }
        isShown = shown
    }
}
