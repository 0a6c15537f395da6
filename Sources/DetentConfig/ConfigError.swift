/// A configuration file that cannot be used, as a sentence naming the file and line (when
/// known), the key or the column of a syntax error, and what was expected:
/// `detent.toml:12: key 'engine.drawer.spring_stiffness' must be a finite number > 0, found -1`,
/// `detent.toml:3:7: expected value, saw '\n'`.
public struct ConfigError: Error, CustomStringConvertible, Equatable {
    public var file: String
    /// 1-based; nil when the problem has no line of its own (a file that cannot be read).
    public var line: Int?
    /// 1-based, for syntax errors.
    public var column: Int?
    public var detail: String

    public init(file: String, line: Int? = nil, column: Int? = nil, _ detail: String) {
        self.file = file
        self.line = line
        self.column = column
        self.detail = detail
    }

    /// `file`, `file:line` or `file:line:column`, as compilers print a place.
    public var place: String {
        var text = file
        if let line { text += ":\(line)" }
        if line != nil, let column { text += ":\(column)" }
        return text
    }

    public var description: String { "\(place): \(detail)" }
}
