/// The content height a push or pop shows, points (SPEC §4: in a sheet the container height
/// animates from the outgoing screen's content height to the incoming one's with the
/// transition's progress).
///
/// When either screen's content height changes while the transition runs (issue 11 §7), the
/// blend does not jump onto the line between the new ends: it bends through the height on
/// show at that moment, then runs from there to the new incoming height with the rest of the
/// progress — and, should an interactive pop be cancelled, back to the outgoing height with
/// the progress it gives back. At progress 0 and 1 it is always exactly the outgoing and the
/// incoming screen's height.
struct ContentHeightBlend {
    /// Where the blend bends: a progress strictly between 0 and 1, and the height there, points.
    private struct Bend {
        var progress: Double
        var height: Double
    }

    /// The outgoing and incoming screens' content heights the blend last took, points.
    private(set) var from: Double
    private(set) var to: Double
    private var bend: Bend?

    init(from: Double, to: Double) {
        self.from = from
        self.to = to
    }

    /// The height shown at `progress` (in [0, 1]), points.
    func height(at progress: Double) -> Double {
        guard let bend else { return from + (to - from) * progress }
        if progress <= bend.progress { return from + (bend.height - from) * (progress / bend.progress) }
        return bend.height + (to - bend.height) * ((progress - bend.progress) / (1 - bend.progress))
    }

    /// Takes the ends' current heights at `progress`: if either changed, the height shown at
    /// `progress` stays and the blend bends through it. At progress 0 or 1 there is nothing to
    /// bend: the blend is simply the new line (the height shown is that end's own).
    mutating func follow(from newFrom: Double, to newTo: Double, at progress: Double) {
        guard newFrom != from || newTo != to else { return }
        let shown = height(at: progress)
        from = newFrom
        to = newTo
        bend = progress > 0 && progress < 1 ? Bend(progress: progress, height: shown) : nil
    }
}

extension NavigationTransition {
    /// The content height on show now, points: the blend with the screens' current heights
    /// taken at the current progress (a change made since the last frame moves nothing yet).
    var contentHeight: Double {
        var blend = content
        blend.follow(from: from.content.height, to: to.content.height, at: progress)
        return blend.height(at: progress)
    }

    /// Takes the screens' current content heights into the blend; call before the progress
    /// moves, so a change bends the blend where it was on show.
    func followContent() {
        content.follow(from: from.content.height, to: to.content.height, at: progress)
    }
}
