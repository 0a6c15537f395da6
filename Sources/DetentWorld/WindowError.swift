/// A window change (SPEC §8 `resize{width}`) that the device cannot make, as a sentence that
/// lists what it can do.
public enum WindowError: Error, Equatable, CustomStringConvertible {
    /// The device has no multitasking table (phones).
    case noMultitasking(device: String)
    /// The width is not one of the device's multitasking widths in this orientation.
    case unknownWidth(Double, device: String, orientation: Orientation, valid: [MultitaskingWidth])

    public var description: String {
        switch self {
        case let .noMultitasking(device):
            return "resize is iPad multitasking; \(device) has no multitasking widths (use rotate(\"portrait\" | \"landscape\"))"
        case let .unknownWidth(width, device, orientation, valid):
            // Arrangements sharing a width are listed once: "375 (1/3, slide_over)".
            var groups: [(width: Double, modes: [String])] = []
            for entry in valid {
                if let i = groups.firstIndex(where: { $0.width == entry.width }) { groups[i].modes.append(entry.mode) }
                else { groups.append((entry.width, [entry.mode])) }
            }
            let list = groups.map { "\(WindowError.points($0.width)) (\($0.modes.joined(separator: ", ")))" }.joined(separator: ", ")
            return "\(WindowError.points(width)) pt is not a multitasking width of \(device) in \(orientation.rawValue) (expected one of: \(list))"
        }
    }

    static func points(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
