import DetentMotion

/// Where a released pager goes (SPEC §15), as a pure function of the release so that it can
/// be checked alone. Offsets in points, velocity in pt/s in offset space (positive: toward
/// later pages, so the finger's x velocity negated).
///
/// 1. projection = offset + projected travel at `rate` ((v/1000)·r/(1−r), SPEC §2);
/// 2. the page nearest the projection, clamped to 1…pages;
/// 3. seed 002's rule: when (that page's offset − offset) · v < 0 — the gesture and the
///    choice disagree — the next page beyond the offset in the direction of v instead; when
///    there is none (the offset is at or past the end it moves toward), the clamped choice.
public struct PagerRelease: Equatable, Sendable {
    /// Where the offset would coast to, points.
    public let projection: Double
    /// The page nearest the projection, clamped to 1…pages.
    public let nearestPage: Int
    /// The page the pager settles at.
    public let page: Int
    /// That page's offset, points: the settling spring's target.
    public let target: Double

    /// The release of a pager shown at `offset` moving at `velocity` (both finite).
    public init(offset: Double, velocity: Double, geometry: PagerGeometry, rate: DecelerationRate) {
        projection = rate.project(position: offset, velocity: velocity)
        nearestPage = geometry.nearestPage(to: projection)
        var page = nearestPage
        if (geometry.offset(ofPage: page) - offset) * velocity < 0 {
            let onward = velocity > 0 ? geometry.page(after: offset) : geometry.page(before: offset)
            page = onward ?? page
        }
        self.page = page
        target = geometry.offset(ofPage: page)
    }
}
