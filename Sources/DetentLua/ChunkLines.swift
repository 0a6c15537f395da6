/// The lines of a Lua 5.4 chunk that hold code — the lines a line hook can report, and so
/// what line coverage counts as executable — read from the debug information of its
/// precompiled form (`string.dump`'s format, lundump.c), every nested function included,
/// also those that never ran.
public enum ChunkLines {
    public struct Malformed: Error {}

    /// Compiles `text` and returns its lines with code.
    public static func of(source text: String, chunkName: String) throws -> Set<Int> {
        try of(bytecode: LuaState.compileTrusted(text, chunkName: chunkName))
    }

    /// The lines with code of a dumped chunk.
    public static func of(bytecode: [UInt8]) throws -> Set<Int> {
        var reader = Reader(bytes: bytecode)
        // Header: signature (4), version, format, LUAC_DATA (6), the sizes of an instruction,
        // a lua_Integer and a lua_Number, LUAC_INT and LUAC_NUM in those sizes; then the main
        // function's upvalue count.
        guard bytecode.count > 15, bytecode.starts(with: [0x1B, 0x4C, 0x75, 0x61]), bytecode[4] == 0x54 else { throw Malformed() }
        try reader.skip(4 + 1 + 1 + 6 + 3)
        try reader.skip(Int(bytecode[13]) + Int(bytecode[14]) + 1)
        var lines = Set<Int>()
        try function(&reader, into: &lines)
        return lines
    }

    private static func function(_ r: inout Reader, into lines: inout Set<Int>) throws {
        try r.string()                       // source (nil in nested functions)
        let lineDefined = try r.size()
        _ = try r.size()                     // lastlinedefined
        try r.skip(3)                        // numparams, is_vararg, maxstacksize
        let codeCount = try r.size()
        try r.skip(codeCount * 4)
        for _ in 0..<(try r.size()) {        // constants
            switch try r.byte() {
            case 3, 19: try r.skip(8)        // integer, float
            case 4, 20: try r.string()       // short and long strings
            default: break                   // nil, false, true
            }
        }
        try r.skip(try r.size() * 3)         // upvalues: instack, idx, kind
        for _ in 0..<(try r.size()) { try function(&r, into: &lines) }
        // Debug: relative line info per instruction, absolute line info, locals, upvalue names.
        let deltas = try (0..<(try r.size())).map { _ in Int8(bitPattern: try r.byte()) }
        var absolute: [Int: Int] = [:]       // pc → line
        for _ in 0..<(try r.size()) {
            let pc = try r.size()
            absolute[pc] = try r.size()
        }
        var line = lineDefined
        for (pc, delta) in deltas.enumerated() {
            if delta == -0x80 { line = absolute[pc] ?? line } else { line += Int(delta) }
            if line > 0 { lines.insert(line) }
        }
        for _ in 0..<(try r.size()) {        // locals: name, startpc, endpc
            try r.string()
            _ = try r.size()
            _ = try r.size()
        }
        for _ in 0..<(try r.size()) { try r.string() }
    }

    private struct Reader {
        let bytes: [UInt8]
        var at = 0

        mutating func byte() throws -> UInt8 {
            guard at < bytes.count else { throw Malformed() }
            defer { at += 1 }
            return bytes[at]
        }

        mutating func skip(_ count: Int) throws {
            guard count >= 0, at + count <= bytes.count else { throw Malformed() }
            at += count
        }

        /// lundump.c's loadSize: 7 bits a byte, most significant first; the last byte has 0x80.
        mutating func size() throws -> Int {
            var value = 0
            while true {
                let b = try byte()
                guard value < Int.max >> 7 else { throw Malformed() }
                value = (value << 7) | Int(b & 0x7F)
                if b & 0x80 != 0 { return value }
            }
        }

        /// A string: its size + 1 (0 for none), then the bytes.
        mutating func string() throws {
            let size = try size()
            if size > 0 { try skip(size - 1) }
        }
    }
}
