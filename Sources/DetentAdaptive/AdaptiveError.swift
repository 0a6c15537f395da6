import DetentNavigation

/// A split-view or tab-container request that cannot be done, as a sentence naming what was
/// expected.
public enum AdaptiveError: Error, Equatable, CustomStringConvertible {
    case noTabs
    case tabOutOfRange(Int, count: Int)
    case duplicateTab(String)
    case screenInUse(String)
    case navigation(NavigationError)

    public var description: String {
        switch self {
        case .noTabs: return "a tab container needs at least one tab root (tabs = { screen, ... })"
        case let .tabOutOfRange(index, count):
            return "tab index \(index) is out of range (expected 1…\(count))"
        case let .duplicateTab(id): return "screen '\(id)' is given as a tab root twice"
        case let .screenInUse(id): return "screen '\(id)' is already in a navigation stack; a split view needs fresh screens"
        case let .navigation(error): return error.description
        }
    }
}
