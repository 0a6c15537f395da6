import DetentMotion
import DetentTime
import DetentWorld

/// The finger a pointer holds on a live world (Detent Studio's mouse, trackpad or touchscreen):
/// its touch, and how the pointer's clock maps onto the world's — the touch-down's pointer time
/// and world time, so each later sample keeps the spacing the pointer gave it.
struct PointerTouch {
    let touch: Touch
    /// The touch-down's time on the pointer's clock (seconds).
    let pointerStart: Double
    /// The touch-down's world time (ns).
    let worldStart: Nanoseconds
}

/// Why a pointer sample was refused (the daemon answers -32602 with it).
public struct PointerRefusal: Error, CustomStringConvertible {
    public let description: String
}

extension LiveSession {
    /// What a pointer does: put the finger down, move it, lift it, or lose it to the system.
    public enum PointerPhase: String, CaseIterable, Sendable { case down, move, up, cancel }

    /// One pointer sample, `point` in window points, `time` on the pointer's own clock in
    /// seconds (a browser event's `timeStamp` / 1000). The touch-down is due at the world's
    /// present; every later sample at the present of the touch-down plus the pointer time
    /// passed since it — so the velocity tracker measures the pointer's real speed, whatever
    /// the latency of the way here, and in slow motion the drag plays out in slow motion too.
    /// A sample older than the finger's last one is due with it; one that comes after the
    /// frame it was due in was delivered is due just after that frame instead, so the world
    /// takes it on the frame a spec scheduling it at that time would (a recording replays
    /// frame for frame). One finger at a time: a `down` while one is down is refused, as are
    /// moves with no finger down.
    /// Returns the touch's id and the world time the sample is due at.
    @discardableResult
    public func pointer(_ phase: PointerPhase, at point: Point, time: Double) throws -> (touch: Int, due: Nanoseconds) {
        session.checkQueue()
        guard time.isFinite, point.x.isFinite, point.y.isFinite else { throw PointerRefusal(description: "a pointer sample's time and point must be finite numbers") }
        let touches = driver.perform { driver.world.touches }
        // A finger a script lifted (the world was reset, ...) is no longer held.
        if let held = pointerTouch, held.touch.isLifting { pointerTouch = nil }
        let due: Nanoseconds, id: Int
        switch phase {
        case .down:
            if let held = pointerTouch {
                throw PointerRefusal(description: "a finger is already down (touch \(held.touch.id)): Detent's touches are one finger at a time; send 'up' or 'cancel' first")
            }
            catchUp()
            due = driver.world.time
            let touch = touches.begin(at: point, time: due)
            pointerTouch = PointerTouch(touch: touch, pointerStart: time, worldStart: due)
            id = touch.id
        case .move, .up, .cancel:
            guard let held = pointerTouch else { throw PointerRefusal(description: "no finger is down: send 'down' first") }
            id = held.touch.id
            let elapsed = VirtualTime.nanoseconds(fromSeconds: max(0, time - held.pointerStart))
            let late = driver.world.time + VirtualTime.dueTolerance + 1   // due by no frame delivered yet
            due = max(held.worldStart + elapsed, held.touch.scheduledEnd, late)
            do {
                switch phase {
                case .move: try touches.move(held.touch, to: point, at: due)
                case .up: try touches.end(held.touch, at: due)
                default: try touches.cancel(held.touch, at: due)
                }
            } catch {
                throw PointerRefusal(description: "\(error)")
            }
            if phase != .move {
                pointerTouch = nil
                liftingPointer = held.touch
            }
        }
        driver.wake()
        return (id, due)
    }
}
