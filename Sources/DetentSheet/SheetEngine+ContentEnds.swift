import DetentNavigation

/// Content that changes while a push or pop runs (issue 11 §7). During a transition the
/// content detent's height moves every frame with the progress, so "the target changed" says
/// nothing; what tells a content change is an end of the blend moving. The sheet then starts
/// its default timing from the height on show towards the (still moving) target, as it does
/// for a change outside a transition, instead of jumping onto the blend's new line.
extension SheetEngine {
    /// The capped heights the content asks for at both ends of the transition under way,
    /// points, and which transition it is; outside one, the content height at both ends.
    struct ContentEnds: Equatable {
        var transition: Int?
        var from: Double
        var to: Double
    }

    var contentEnds: ContentEnds {
        guard let ends = navigation.transitionEnds else { return ContentEnds(transition: nil, from: contentHeight, to: contentHeight) }
        let capped = cappedHeights(ends)
        return ContentEnds(transition: ends.number, from: capped.from, to: capped.to)
    }

    /// Whether the content asks for something else than at the last layout, other than by a
    /// transition's progress: within one transition (or outside any) an end moved; where a
    /// transition began or ended since, the new outgoing end is not where the old incoming end
    /// was. Records the ends for the next layout; call once per layout.
    func contentEndsMoved() -> Bool {
        let now = contentEnds
        defer { seenContentEnds = now }
        guard let seen = seenContentEnds else { return false }
        return now.transition == seen.transition ? now != seen : now.from != seen.to
    }
}
