/// How a sheet detent's height is declared (SPEC §5).
public enum SheetDetentSpec: Equatable, Sendable {
    /// Navigation bar (if visible) + top screen's content + bottom safe inset, capped: the
    /// seed article's sheet, whose height follows its content.
    case content
    /// Half the screen (`SheetDefaults.mediumFraction`), capped.
    case medium
    /// The cap: screen height − top safe inset.
    case large
    /// A fixed height in points, capped.
    case height(Double)

    /// The spec's name when a script gives none.
    public var defaultName: String {
        switch self {
        case .content: return "content"
        case .medium: return "medium"
        case .large: return "large"
        case let .height(h): return h.isFinite && abs(h) < 1e9 ? "h\(Int(h.rounded()))" : "h\(h)"
        }
    }
}

/// A detent resolved to a height for the sheet's current content, points above the screen's
/// bottom edge.
public struct SheetDetent: Equatable, Sendable {
    public var name: String
    public var height: Double
}

/// A sheet request that cannot be met, as a sentence.
public enum SheetError: Error, Equatable, CustomStringConvertible {
    case noDetents
    case invalidDetent(String)
    case duplicateDetent(String)
    case unknownDetent(String, [String])
    case notPresented

    public var description: String {
        switch self {
        case .noDetents: return "a sheet needs at least one detent"
        case let .invalidDetent(name): return "detent '\(name)' needs a finite height > 0 in points"
        case let .duplicateDetent(name): return "detent '\(name)' is declared twice"
        case let .unknownDetent(name, known): return "no detent named '\(name)' (detents: \(known.joined(separator: ", ")))"
        case .notPresented: return "the sheet is not presented (call present first)"
        }
    }
}
