import DetentTime

/// A value carried in an event's payload.
public enum EventValue: Equatable, Sendable, CustomStringConvertible {
    case number(Double)
    case integer(Int64)
    case string(String)
    case boolean(Bool)

    public var description: String {
        switch self {
        case let .number(d): return String(d)
        case let .integer(i): return String(i)
        case let .string(s): return s
        case let .boolean(b): return String(b)
        }
    }

    /// The value in another model (a Lua value, JSON, a trace value): one function per case.
    public func converted<Value>(number: (Double) -> Value, integer: (Int64) -> Value, string: (String) -> Value,
                                 boolean: (Bool) -> Value) -> Value {
        switch self {
        case let .number(d): return number(d)
        case let .integer(i): return integer(i)
        case let .string(s): return string(s)
        case let .boolean(b): return boolean(b)
        }
    }
}

/// Something that happened in the world during one tick (`drawer.settled`,
/// `animator.finished`, ...). Transient: buffered during the tick, delivered in phase 5 and
/// cleared at the start of the next tick (box2d's event model).
public struct WorldEvent: Equatable, Sendable {
    public var name: String
    public var frame: Int64
    /// Virtual time of the frame the event belongs to, in ns.
    public var time: Nanoseconds
    /// Named fields in the order the engine gave them (deterministic).
    public var payload: [(String, EventValue)]

    public init(name: String, frame: Int64, time: Nanoseconds, payload: [(String, EventValue)] = []) {
        self.name = name
        self.frame = frame
        self.time = time
        self.payload = payload
    }

    public subscript(key: String) -> EventValue? { payload.first { $0.0 == key }?.1 }

    public static func == (lhs: WorldEvent, rhs: WorldEvent) -> Bool {
        lhs.name == rhs.name && lhs.frame == rhs.frame && lhs.time == rhs.time
            && lhs.payload.count == rhs.payload.count
            && zip(lhs.payload, rhs.payload).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    }
}
