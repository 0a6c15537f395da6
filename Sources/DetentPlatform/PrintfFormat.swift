import Glibc

extension String {
    /// `format` filled in by C's `printf` rules (`vsnprintf`), e.g. `String(printf: "%.3f",
    /// 0.5)` is "0.500": the formatting Foundation's `String(format:)` does for numbers, without
    /// loading Foundation. Takes numbers only (`%d`, `%lld`, `%f`, `%g`…): a Swift `String` is
    /// not a `CVarArg` without Foundation, and there is no `%@`.
    public init(printf format: String, _ arguments: CVarArg...) {
        var buffer = [CChar](repeating: 0, count: 64)
        while true {
            let needed = buffer.withUnsafeMutableBufferPointer { out in
                withVaList(arguments) { vsnprintf(out.baseAddress, out.count, format, $0) }
            }
            precondition(needed >= 0, "String(printf:): \(format) is not a C format")
            if Int(needed) < buffer.count {
                self = String(decoding: buffer.prefix(Int(needed)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
                return
            }
            buffer = [CChar](repeating: 0, count: Int(needed) + 1)
        }
    }
}
