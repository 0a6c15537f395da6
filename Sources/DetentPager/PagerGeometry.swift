/// Pages side by side along x (SPEC §15): `pageCount` pages of `pageWidth` points with
/// `spacing` points between them, counted from 1 as Lua counts. Page i rests at offset
/// (i − 1) · stride, stride = page width + spacing; an offset is UIScrollView's
/// `contentOffset.x` in points, growing toward later pages.
public struct PagerGeometry: Equatable, Sendable {
    /// How many pages, at least 1.
    public let pageCount: Int
    /// Width of one page, points (> 0).
    public let pageWidth: Double
    /// Gap between two pages, points (≥ 0).
    public let spacing: Double

    /// Checks the numbers a script gave: `pages` ≥ 1, a finite `pageWidth` > 0 and a finite
    /// `spacing` ≥ 0, else a `PagerError` naming the wrong one.
    public init(pages: Int, pageWidth: Double, spacing: Double) throws(PagerError) {
        guard pages >= 1 else { throw .invalidPageCount(pages) }
        guard pageWidth.isFinite, pageWidth > 0 else { throw .invalidPageWidth(pageWidth) }
        guard spacing.isFinite, spacing >= 0 else { throw .invalidSpacing(spacing) }
        pageCount = pages
        self.pageWidth = pageWidth
        self.spacing = spacing
    }

    /// Distance between the offsets of two neighbouring pages, points.
    public var stride: Double { pageWidth + spacing }

    /// The offset at which `page` (1…pageCount) rests, points.
    public func offset(ofPage page: Int) -> Double { Double(page - 1) * stride }

    /// Offsets the pager rests between: the first page's (0) to the last page's, points.
    public var offsetRange: ClosedRange<Double> { 0...offset(ofPage: pageCount) }

    /// Whether `page` is one of the pager's pages.
    public func contains(page: Int) -> Bool { page >= 1 && page <= pageCount }

    /// The page whose offset is nearest `offset` (finite, points), clamped to 1…pageCount. A
    /// tie halfway between two pages goes to the later one.
    public func nearestPage(to offset: Double) -> Int {
        let index = (offset / stride).rounded(.toNearestOrAwayFromZero)
        return Int(min(max(index, 0), Double(pageCount - 1))) + 1
    }

    /// The first page whose offset lies strictly beyond `offset` (finite, points) toward later
    /// pages, or nil when none does.
    public func page(after offset: Double) -> Int? {
        // A candidate from the division, corrected against the offsets themselves so that
        // rounding in offset / stride never picks the page the pager already sits on.
        var index = Int(min(max((offset / stride).rounded(.down), -1), Double(pageCount - 1))) + 1
        while index > 0, self.offset(ofPage: index) > offset { index -= 1 }
        while index < pageCount, self.offset(ofPage: index + 1) <= offset { index += 1 }
        return index < pageCount ? index + 1 : nil
    }

    /// The last page whose offset lies strictly before `offset` (finite, points) toward
    /// earlier pages, or nil when none does.
    public func page(before offset: Double) -> Int? {
        var index = Int(min(max((offset / stride).rounded(.up), 0), Double(pageCount))) - 1
        while index < pageCount - 1, self.offset(ofPage: index + 2) < offset { index += 1 }
        while index >= 0, self.offset(ofPage: index + 1) >= offset { index -= 1 }
        return index >= 0 ? index + 1 : nil
    }
}
