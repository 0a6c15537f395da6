/// A configuration file that cannot be used, as a sentence naming the file, the key (or the
/// line and column of a syntax error) and what was expected.
public struct ConfigError: Error, CustomStringConvertible, Equatable {
    public var file: String
    public var detail: String
    public init(file: String, _ detail: String) {
        self.file = file
        self.detail = detail
    }
    public var description: String { "\(file): \(detail)" }
}
