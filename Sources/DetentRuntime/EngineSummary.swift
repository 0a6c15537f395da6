import DetentScripting
import DetentWorld

/// One engine's state in a few words for the status line: its name, the words its
/// registration gives (a drawer's state with the anchor it rests at, a sheet's with its
/// detent), and what keeps it busy. The console's status line shows these, locally and over a
/// daemon's `state`.
public enum EngineSummary {
    public static func describe(_ engine: WorldEngine) -> String {
        var words = [engine.name]
        if let state = EngineRegistry.registration(of: engine)?.summary(of: engine) {
            words += state
        } else {
            words.append(engine.isBusy ? "busy" : "idle")
        }
        if engine.isBusy, let detail = engine.busyDetail { words.append("(\(detail))") }
        return words.joined(separator: " ")
    }
}
