import DetentAdaptive
import DetentDrawer
import DetentNavigation
import DetentSheet
import DetentWorld

/// One engine's state in a few words for the status line: its name, its state machine's
/// state where it has one (a drawer's and a sheet's with the anchor or detent they rest at),
/// and what keeps it busy. The console's status line shows these, locally and over a
/// daemon's `state`.
public enum EngineSummary {
    public static func describe(_ engine: WorldEngine) -> String {
        var words = [engine.name]
        switch engine {
        case let drawer as DrawerEngine:
            if case let .resting(anchor?) = drawer.state { words.append("resting \(anchor)") } else { words.append(drawer.state.name) }
        case let sheet as SheetEngine:
            words.append(sheet.state.name)
            if let detent = sheet.state.detent { words.append(detent) }
        case let split as SplitViewEngine:
            words.append(split.state.name)
        case let navigation as NavigationEngine:
            words.append("depth \(navigation.stack.count)")
            if navigation.isTransitioning { words.append("transitioning") }
        default:
            words.append(engine.isBusy ? "busy" : "idle")
        }
        if engine.isBusy, let detail = engine.busyDetail { words.append("(\(detail))") }
        return words.joined(separator: " ")
    }
}
