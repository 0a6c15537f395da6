/// A `detent.world{...}` request a world factory refuses, in words that complete the
/// argument's error: `detail` is `config.drawer.spring_stiffness: a finite number > 0
/// expected, got -1`, and the binding raises `bad argument #1 to 'world' (<detail>)` at the
/// script's line.
public struct WorldRequestError: Error, Equatable, CustomStringConvertible {
    public var detail: String
    public init(detail: String) { self.detail = detail }
    public var description: String { detail }
}
