import DetentRelease

/// Where a drawer can rest (SPEC §6): an origin, the y of the drawer's top in window points,
/// with a name — the release anchor its policies choose among. Scripts declare anchors as
/// points from the top or bottom, fractions of the screen, `fit` (content plus header), or
/// the named states `top`, `middle`, `bottom`, `dismissed` (`DrawerAnchorSpec`).
public typealias DrawerAnchor = ReleaseAnchor

/// An anchor as declared, resolved against the screen, safe area and content.
public enum DrawerAnchorSpec: Equatable, Sendable {
    /// origin = value, points from the top of the screen
    case fromTop(Double)
    /// origin = screen height − value
    case fromBottom(Double)
    /// the drawer covers this fraction of the screen: origin = height · (1 − fraction)
    case fraction(Double)
    /// the drawer shows its header and all its content: origin = height − (header + content)
    case fit
    /// a named state: top, middle, bottom, dismissed (values in `DrawerDefaults`)
    case named(String)

    public static let stateNames = ["top", "middle", "bottom", "dismissed"]

    /// The origin for a screen of `height` with safe insets `safeTop`/`safeBottom`.
    public func origin(height: Double, safeTop: Double, safeBottom: Double, headerHeight: Double,
                       contentHeight: Double, defaults: DrawerDefaults) -> Double? {
        switch self {
        case let .fromTop(value): return value
        case let .fromBottom(value): return height - value
        case let .fraction(f): return height * (1 - f)
        case .fit: return max(safeTop, height - (headerHeight + contentHeight))
        case let .named(name):
            switch name {
            case "top": return safeTop + defaults.topInset
            case "middle": return height * (1 - defaults.middleFraction)
            case "bottom": return height - (headerHeight + safeBottom)
            case "dismissed": return height
            default: return nil
            }
        }
    }
}
