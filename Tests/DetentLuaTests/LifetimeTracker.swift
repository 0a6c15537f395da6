/// Counts live instances, to prove that closing a state releases every Swift object it held
/// (the idea of swift-collections' LifetimeTracker).
final class LifetimeTracker {
    private(set) var live = 0
    private(set) var created = 0

    final class Instance {
        let tracker: LifetimeTracker
        init(_ tracker: LifetimeTracker) {
            self.tracker = tracker
            tracker.live += 1
            tracker.created += 1
        }
        deinit { tracker.live -= 1 }
    }

    func instance() -> Instance { Instance(self) }
}
