import Dispatch
import DetentPlatform
import FoundationEssentials

/// The one-line live status (`:status`): virtual time, frame, measured frame rate, speed and
/// each engine's state. The frame rate is measured here, in the console, from how many
/// frames the display link delivered per wall second (the engines never read a wall clock).
struct StatusLine {
    private var last: (wall: UInt64, frames: Int64)?
    private var fps: Double = 0

    /// The line for `status`, updating the measured rate when half a second has passed.
    mutating func text(_ status: ConsoleStatus, width: Int) -> String {
        let now = DispatchTime.now().uptimeNanoseconds
        if let last {
            let elapsed = Double(now - last.wall) / 1e9
            if elapsed >= 0.5 {
                fps = Double(status.framesDelivered - last.frames) / elapsed
                self.last = (now, status.framesDelivered)
            }
        } else {
            last = (now, status.framesDelivered)
        }
        var parts = [String(printf: "t=%.3fs", status.time), "frame \(status.frame)", String(printf: "%.0f fps", fps)]
        if status.paused { parts.append("paused") }
        if status.speed != 1 { parts.append(String(printf: "%gx", status.speed)) }
        let line = "[" + parts.joined(separator: " ") + "] " + status.engines.joined(separator: " | ")
        return line.count > width ? String(line.prefix(max(1, width - 1))) + "…" : line
    }
}
