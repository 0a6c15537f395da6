import DetentLayout
import DetentMotion

extension ScrollContent {
    /// The offsets the content scrolls between in a viewport `viewport` points tall: from its
    /// top (−inset.top) to where its end (plus the bottom inset) meets the viewport's bottom.
    public func scrollRange(viewport: Double) -> ClosedRange<Double> {
        let top = 0 - insets.top
        return top...max(top, contentHeight + insets.bottom - viewport)
    }

    /// The content's momentum after a flick of `velocity` (pt/s, positive: offset growing —
    /// a finger moving up) at `rate` per millisecond (`[drawer]` content_deceleration_rate,
    /// UIScrollView's `normal` 0.998), from `startTime` (seconds of virtual time), kept to
    /// `scrollRange(viewport:)`; nil for a finger that stopped.
    public func momentum(velocity: Double, rate: Double, startTime: Double, viewport: Double) -> ScrollMomentum? {
        guard velocity != 0 else { return nil }
        return ScrollMomentum(from: offset, velocity: velocity, rate: rate, startTime: startTime, bounds: scrollRange(viewport: viewport))
    }
}
