/// A stack operation (SPEC §4). Operations requested during a transition wait in a queue and
/// run in order when it ends.
enum NavigationOperation {
    case push(Screen, animated: Bool)
    case pop(animated: Bool)
    case popToRoot(animated: Bool)
    case popTo(Screen, animated: Bool)
    case set([Screen], animated: Bool)

    var name: String {
        switch self {
        case .push: return "push"
        case .pop: return "pop"
        case .popToRoot: return "pop_to_root"
        case .popTo: return "pop_to"
        case .set: return "set"
        }
    }
}

/// A stack operation that cannot be done, as a sentence.
public enum NavigationError: Error, Equatable, CustomStringConvertible {
    case screenAlreadyInAStack(String)
    case screenNotInStack(String)
    case emptyStack
    case duplicateScreen(String)

    public var description: String {
        switch self {
        case let .screenAlreadyInAStack(id): return "screen '\(id)' is already in a navigation stack"
        case let .screenNotInStack(id): return "screen '\(id)' is not in this navigation stack"
        case .emptyStack: return "set needs at least one screen (the root)"
        case let .duplicateScreen(id): return "screen '\(id)' appears twice"
        }
    }
}
