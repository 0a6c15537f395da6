import DetentMotion
import DetentTime

/// A push or pop in flight: who leaves, who arrives, and how progress runs — on a timing
/// curve, or driven by a finger (interactive pop) and then completed on a curve.
///
/// A class, stepped in place: the engine reads and advances it every tick, and as a value
/// (a dozen words, two screens, two arrays and a curve) every read copied it and retained
/// what it holds.
final class NavigationTransition {
    enum Kind: String { case push, pop }

    /// How the progress is driven right now.
    enum Drive {
        /// progress = curve((t − start) / duration)
        case timed(start: Nanoseconds, duration: Double, curve: TimingCurve)
        /// progress follows the finger (linear in translation)
        case interactive
        /// after release: from `from` to `to` over `duration` on `curve`
        case completing(start: Nanoseconds, from: Double, to: Double, duration: Double, curve: TimingCurve)
    }

    let kind: Kind
    /// The operation that started it (`push`, `pop`, `pop_to`, `pop_to_root`, `set`,
    /// `interactive_pop`), for `NavigationNotification`.
    let operation: String
    let from: Screen
    let to: Screen
    /// Screens leaving the stack along with `from` (pop_to, set) — no appearance calls.
    let removed: [Screen]
    /// The stack once the transition completes.
    let finalStack: [Screen]
    var drive: Drive
    /// Eased progress in [0, 1]: 0 shows `from`, 1 shows `to`.
    var progress: Double = 0
    /// diff = to.safeTop − from.safeTop (SPEC §4 compensation), points.
    var topInsetDiff: Double = 0
    /// Bar heights at the two ends, points (0 when that end hides the bar).
    var fromBarInset: Double = 0
    var toBarInset: Double = 0
    var fromBarHeight: Double = 0
    var toBarHeight: Double = 0
    /// The content height shown, blended between the two screens' (`ContentHeightBlend`).
    var content: ContentHeightBlend
    /// Which transition of its engine this is (1 for the first begun): a container that follows
    /// the ends tells a new transition from content changing in the one under way.
    let number: Int

    init(kind: Kind, operation: String, from: Screen, to: Screen, removed: [Screen], finalStack: [Screen], drive: Drive,
         content: ContentHeightBlend, number: Int) {
        self.kind = kind
        self.operation = operation
        self.from = from
        self.to = to
        self.removed = removed
        self.finalStack = finalStack
        self.drive = drive
        self.content = content
        self.number = number
    }

    var isInteractive: Bool {
        if case .interactive = drive { return true }
        return false
    }

    /// Advances timed and completing drives to `time`; returns true when the drive is done.
    func advance(to time: Nanoseconds) -> Bool {
        followContent()
        switch drive {
        case let .timed(start, duration, curve):
            let linear = duration > 0 ? min(max(VirtualTime.seconds(time - start) / duration, 0), 1) : 1
            progress = linear >= 1 ? 1 : curve.value(at: linear)
            return linear >= 1
        case .interactive:
            return false
        case let .completing(start, from, to, duration, curve):
            let linear = duration > 0 ? min(max(VirtualTime.seconds(time - start) / duration, 0), 1) : 1
            progress = linear >= 1 ? to : from + (to - from) * curve.value(at: linear)
            return linear >= 1
        }
    }
}
