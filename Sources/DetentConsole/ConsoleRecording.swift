import Foundation

/// A console session being turned into a scenario (`:record FILE` … `:stop`), as Playwright's
/// codegen turns a browsing session into a test: every chunk that ran without an error, in
/// order, with the frames that passed between them as `wait_frames`, closed by assertions of
/// each engine's state when the recording stopped. The world is fresh (frame 0) when a
/// recording starts, as a test's world is, so `detent run` replays the same frames.
///
/// Frames, not seconds: the world's frame counter is exact, so the gaps a person left while
/// typing in real time become waits that land on the same frames in virtual time.
struct ConsoleRecording {
    /// One evaluated chunk.
    struct Chunk {
        var code: String
        /// Where it came from: "stdin" for typed lines, the file of `:load`.
        var chunkName: String
        /// What the console printed for its values (empty when none).
        var printed: String
        /// The world's frames when it began and ended.
        var frames: ClosedRange<Int64>
    }

    /// The spec file to write.
    let file: String
    /// When the recording began (shown in the spec's header).
    let started: Date
    private(set) var chunks: [Chunk] = []
    /// Chunks that raised, left out of the spec (their code is kept as a comment).
    private(set) var failures: [(code: String, message: String)] = []

    init(file: String, started: Date = Date()) {
        self.file = file
        self.started = started
    }

    mutating func add(_ chunk: Chunk) { chunks.append(chunk) }

    mutating func addFailure(code: String, message: String) { failures.append((code, message)) }

    /// The Lua code the console evaluates when the recording stops: it reads the world's
    /// frame, classifies each chunk (a statement is kept, an expression becomes a comment),
    /// and writes an assertion for each engine's state. Its one value is a string of lines:
    /// the frame, the device, one `S`/`E` per chunk, then the assertions.
    func snapshotCode() -> String {
        let literals = chunks.map { "[==[" + $0.code.replacingOccurrences(of: "]==]", with: "]=] ==]") + "]==]" }
        return Self.snapshotLua.replacingOccurrences(of: "CHUNKS", with: "{" + literals.joined(separator: ", ") + "}")
    }

    /// The spec text, given what `snapshotCode()` returned and the frames the real-time
    /// display link dropped meanwhile (a late callback on a busy machine), which the spec
    /// drops again at the same frames so that its replay sees what the session saw.
    func spec(snapshot: String, drops: [(frame: Int64, count: Int64)] = []) throws -> String {
        var lines = snapshot.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 3, let stopFrame = Int64(lines.removeFirst()) else {
            throw RecordingError("the world's state could not be read (\(snapshot.prefix(200)))")
        }
        let device = lines.removeFirst()
        let kinds = Array(lines.removeFirst())
        guard kinds.count == chunks.count else { throw RecordingError("the recorded chunks could not be classified") }
        let assertions = lines.filter { !$0.isEmpty }

        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        var out: [String] = []
        out.append("-- Recorded by `detent console` (:record \(file)) on \(Self.dateText(started)).")
        out.append("-- The frames between the chunks typed are kept as wait_frames, so `detent run` replays")
        out.append("-- them in virtual time; the assertions are each engine's state when :stop was typed.")
        out.append("-- Recorded on the device \(Self.quoted(device)): run it with that device (`detent run --device \(Self.quoted(device))`")
        out.append("-- when it is not the default of config/runner.toml).")
        for failure in failures {
            out.append("-- Left out (it raised: \(Self.oneLine(failure.message))):")
            for line in failure.code.split(separator: "\n", omittingEmptySubsequences: false) { out.append("--   " + line) }
        }
        out.append("")
        out.append("describe(\(Self.quoted(name)), function()")
        out.append("  it(\"replays the recorded session\", function()")
        let kept = drops.filter { $0.frame < stopFrame && $0.count > 0 }
        if !kept.isEmpty {
            out.append("    -- The display link dropped frames while the session ran (a busy machine): dropped")
            out.append("    -- again at the same frames, so the replay sees what the session saw.")
            out.append("    spawn(function()")
            let list = kept.map { "{ \($0.frame), \($0.count) }" }.joined(separator: ", ")
            out.append("      for _, drop in ipairs({ \(list) }) do")
            out.append("        if drop[1] > world.frame then wait_frames(drop[1] - world.frame) end")
            out.append("        drop_frames(drop[2])")
            out.append("      end")
            out.append("    end)")
        }
        var frame: Int64 = 0
        func wait(until target: Int64) {
            if target > frame { out.append("    wait_frames(\(target - frame))") }
            frame = max(frame, target)
        }
        for (chunk, kind) in zip(chunks, kinds) {
            wait(until: chunk.frames.lowerBound)
            if chunk.chunkName != "stdin" { out.append("    -- :load \(chunk.chunkName)") }
            if kind == "S" {
                for line in chunk.code.split(separator: "\n", omittingEmptySubsequences: false) {
                    out.append(line.isEmpty ? "" : "    " + line)
                }
            } else {
                // An expression the console printed: kept as a note of what it showed.
                let code = chunk.code.hasPrefix("return ") ? String(chunk.code.dropFirst(7)) : chunk.code
                let shown = chunk.printed.isEmpty ? "" : "  --> " + Self.oneLine(chunk.printed)
                for line in code.split(separator: "\n", omittingEmptySubsequences: false) { out.append("    -- " + line) }
                if !shown.isEmpty { out[out.count - 1] += shown }
            }
            frame = max(frame, chunk.frames.upperBound)
        }
        wait(until: stopFrame)
        if assertions.isEmpty {
            out.append("    -- (no engine in the world when the recording stopped)")
        } else {
            for assertion in assertions { out.append("    " + assertion) }
        }
        out.append("  end)")
        out.append("end)")
        return out.joined(separator: "\n") + "\n"
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private static func oneLine(_ text: String) -> String {
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        return flat.count > 120 ? String(flat.prefix(119)) + "…" : flat
    }

    private static func dateText(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    /// See `snapshotCode()`. Engines are found through the globals that hold their handles
    /// (named in the assertions as the session named them); properties of engines no global
    /// holds are asserted through `world:property`. Numbers to 6 decimals with a tolerance
    /// of 1e-6 pt; replay is deterministic, so the tolerance only absorbs the rounding.
    private static let snapshotLua = #"""
    local chunks = CHUNKS
    local fmt, sort, concat = string.format, table.sort, table.concat
    local out = { tostring(world.frame), world.device }
    local kinds = {}
    for i, code in ipairs(chunks) do
      local statement = not code:match("^%s*return[%s(]") and load(code, "=chunk") ~= nil
      kinds[i] = statement and "S" or "E"
    end
    out[#out + 1] = concat(kinds)
    local function number(v)
      local text = fmt("%.6f", v):gsub("0+$", ""):gsub("%.$", ".0")
      return text
    end
    local function value(v)
      if type(v) == "string" then return fmt("%q", v) end
      return tostring(v)
    end
    local fields = {
      drawer = { "state", "anchor", "origin" },
      sheet = { "presented", "state", "detent", "height" },
      navigation = { "depth", "top" },
      split = { "state", "collapsed" },
      tabs = { "selected_index", "depth" },
      animator = { "state", "value" },
    }
    local function kind_of(v)
      if type(v) ~= "userdata" then return nil end
      local ok, text = pcall(tostring, v)
      local kind = ok and text:match("^(%a+) ")
      return fields[kind] and kind or nil
    end
    local names, covered = {}, {}
    for name, v in pairs(_ENV) do
      if type(name) == "string" and name ~= "world" and kind_of(v) then names[#names + 1] = name end
    end
    sort(names)
    for _, name in ipairs(names) do
      local handle = _ENV[name]
      local ok, engine = pcall(function() return handle.name end)
      if ok and type(engine) == "string" then covered[engine] = true end
      for _, field in ipairs(fields[kind_of(handle)]) do
        local read, v = pcall(function() return handle[field] end)
        if read then
          local path = name .. "." .. field
          if type(v) == "number" and math.type(v) == "float" then
            out[#out + 1] = fmt("assert.near(%s, %s, 1e-6)", number(v), path)
          elseif type(v) == "number" or type(v) == "string" or type(v) == "boolean" then
            out[#out + 1] = fmt("assert.are.equal(%s, %s)", value(v), path)
          elseif v == nil then
            out[#out + 1] = fmt("assert.is_nil(%s)", path)
          elseif type(v) == "userdata" then
            local has_id, id = pcall(function() return v.id end)
            if has_id and type(id) == "string" then out[#out + 1] = fmt("assert.are.equal(%q, %s.id)", id, path) end
          end
        end
      end
    end
    local properties = world:properties()
    sort(properties)
    for _, property in ipairs(properties) do
      local engine = property:match("^([^.]+)%.")
      local v = world:property(property)
      if engine and not covered[engine] and type(v) == "number" then
        out[#out + 1] = fmt("assert.near(%s, world:property(%q), 1e-6)", number(v), property)
      end
    end
    return concat(out, "\n")
    """#
}

/// A recording that could not be written.
struct RecordingError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
