import DetentWorld

/// The engine kinds a world can hold, each declared once by its registration. Adding an
/// engine is adding its registration here (docs/architecture.md, "Adding an engine").
public enum EngineRegistry {
    /// In the order their config sections are read and listed.
    public static let all: [EngineRegistration] = [
        NavigationBinding.registration,
        DrawerBinding.registration,
        SheetBinding.registration,
        SplitBinding.splitRegistration,
        SplitBinding.tabsRegistration,
        PagerBinding.registration,
    ]

    /// The registrations in drawing order, back to front (`EngineRegistration.layer`).
    static let drawingOrder = all.sorted { $0.layer < $1.layer }

    /// Reads every engine's section from `sections` (a section's table, nil when absent)
    /// over `defaults`, then lets each take what it derives from the others.
    public static func readSettings(_ sections: (String) throws -> (any EngineSettingsReader)?, into defaults: inout EngineDefaults) throws {
        for section in self.sections {
            if let reader = try sections(section.name) { try section.read(from: reader, into: &defaults) }
        }
        for section in self.sections { section.derive(in: &defaults) }
    }

    /// The config sections of every engine, in the order they are read.
    public static var sections: [EngineSettingsSection] { all.flatMap(\.settings) }

    /// The registration of `engine`'s kind, nil for an engine no registration makes (the
    /// touches, the animators, a plugin's component).
    public static func registration(of engine: any WorldEngine) -> EngineRegistration? {
        all.first { $0.claims(engine) }
    }
}

extension EngineRegistry {
    /// Adds every registered engine of `world` to `drawing`, kind by kind by layer,
    /// engines of a kind in the order they joined the world; an engine another draws as its
    /// part (a sheet's navigation) is drawn by that one only.
    public static func draw(_ world: World, into drawing: inout EngineDrawing) {
        let engines = world.engines
        var parts = Set<ObjectIdentifier>()
        for engine in engines {
            for registration in all { for part in registration.parts(of: engine) { parts.insert(ObjectIdentifier(part)) } }
        }
        for registration in drawingOrder {
            for engine in engines where !parts.contains(ObjectIdentifier(engine)) {
                _ = registration.draw(engine, into: &drawing)
            }
        }
    }
}
