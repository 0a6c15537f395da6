/// A pager request that cannot be met, as a sentence naming what was wrong and what was
/// expected (the Lua binding raises it as the error message).
public enum PagerError: Error, Equatable, CustomStringConvertible {
    /// `pages` below 1.
    case invalidPageCount(Int)
    /// `page_width` not finite or not above 0.
    case invalidPageWidth(Double)
    /// `spacing` not finite or below 0.
    case invalidSpacing(Double)
    /// `at` outside 1…pages: (at, pages).
    case startPageOutOfRange(Int, pages: Int)
    /// `top` not finite.
    case invalidTop(Double)
    /// `height` not finite or not above 0.
    case invalidHeight(Double)
    /// A page to scroll to outside 1…pages: (page, pages).
    case unknownPage(Int, pages: Int)

    public var description: String {
        switch self {
        case let .invalidPageCount(pages):
            return "a pager needs at least one page (pages = \(pages); expected a whole number of 1 or more)"
        case let .invalidPageWidth(width):
            return "page_width must be a finite number of points greater than 0, got \(width)"
        case let .invalidSpacing(spacing):
            return "spacing must be a finite number of points, 0 or more, got \(spacing)"
        case let .startPageOutOfRange(page, pages):
            return "at = \(page) is not one of the pager's pages (expected 1…\(pages))"
        case let .invalidTop(top):
            return "top must be a finite number of points, got \(top)"
        case let .invalidHeight(height):
            return "height must be a finite number of points greater than 0, got \(height)"
        case let .unknownPage(page, pages):
            return "no page \(page): the pager has pages 1…\(pages)"
        }
    }
}
