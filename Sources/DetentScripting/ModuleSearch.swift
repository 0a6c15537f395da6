import DetentLua
import DetentPlatform
import FoundationEssentials
import Glibc

/// The two host functions behind `require`'s Lua searcher (sandbox.lua): finding a module's
/// file along a `package.path`-style string, as `package.searchpath` does, and loading it
/// with a chunk name shown as spec files are (relative to the working folder below it).
enum ModuleSearch {
    /// `host.search_path(name, path)`: the first readable file among `path`'s `;`-separated
    /// templates with each `?` replaced by `name` (its dots as slashes); or nil and the
    /// files tried, as Lua words them ("no file 'a.lua'\n\tno file 'b.lua'").
    static func searchPath(_ call: LuaCall) throws -> Int32 {
        let name = try call.string(1).replacingEvery(".", with: "/")
        let path = try call.string(2)
        var tried: [String] = []
        for template in path.split(separator: ";", omittingEmptySubsequences: true) {
            let candidate = String(template).replacingEvery("?", with: name)
            if access(candidate, R_OK) == 0, !isFolder(candidate) {
                call.push(candidate)
                return 1
            }
            tried.append("no file '\(candidate)'")
        }
        call.pushNil()
        call.push(tried.joined(separator: "\n\t"))
        return 2
    }

    /// `host.load_source(filename)`: the file's chunk (a first line starting with `#` is
    /// skipped, as `lua` skips a shebang), named relative to `displayBase` when the file lies
    /// below it; or nil and the reason it cannot be loaded.
    static func loadSource(_ call: LuaCall, displayBase: String?) throws -> Int32 {
        let filename = try call.string(1)
        guard let data = FileManager.default.contents(atPath: filename) else {
            call.pushNil(); call.push("cannot read \(filename)"); return 2
        }
        var text = String(decoding: data, as: UTF8.self)
        if text.hasPrefix("#") {
            // Keep the newline so that line numbers stay the file's.
            text = text.firstIndex(of: "\n").map { String(text[$0...]) } ?? ""
        }
        do {
            try call.load(text, chunkName: displayBase.map { PathText.shown(filename, from: $0) } ?? filename)
            return 1
        } catch let error as LuaError {
            call.pushNil(); call.push(error.message); return 2
        }
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: Bool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory
    }
}
