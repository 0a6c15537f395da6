/// Why a stack could not be laid out or changed. `description` is a sentence naming the stack
/// or item at fault and what was expected.
public enum StackLayoutError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A length, weight or margin is NaN, infinite or negative. `owner` is `stack` or `item "<id>"`,
    /// `field` names the value (for example `mainSize basis`, `margins.top`).
    case invalidValue(owner: String, field: String, value: Double)
    /// An item at `index` has an empty id.
    case emptyID(index: Int)
    /// Two items share this id.
    case duplicateID(String)
    /// No item has this id.
    case unknownID(String)
    /// An insertion index outside 0...count.
    case indexOutOfRange(index: Int, count: Int)

    public var description: String {
        switch self {
        case let .invalidValue(owner, field, value):
            let expected = field.hasSuffix("weight") ? "a finite weight of 0 or more" : "a finite length of 0 or more points"
            return "The \(owner) has \(field) \(value); expected \(expected)."
        case let .emptyID(index):
            return "The item at index \(index) has an empty id; expected a non-empty id unique within the stack."
        case let .duplicateID(id):
            return "More than one item has id \"\(id)\"; expected ids unique within the stack."
        case let .unknownID(id):
            return "No item has id \"\(id)\"; expected the id of an item in the stack."
        case let .indexOutOfRange(index, count):
            return "Cannot insert an item at index \(index); expected an index from 0 to \(count)."
        }
    }
}
