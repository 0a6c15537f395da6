/// The LuaLS type definitions of scripts/types/ (`---@meta` files: Detent's globals, the
/// engine classes, luassert), compiled into the binary through the link
/// Sources/DetentScripting/Types, so that `detent init` and the installer can give a
/// project's editor completion for `world`, the engines and `assert` without a checkout.
/// The engine classes' field lines are regenerated from the bindings as they are written.
public enum TypeDefinitions {
    /// File name and text, in the order an editor's library reads them.
    public static func files() throws -> [(name: String, text: String)] {
        let engines = APIReference.typeDefinitions(updating: String(decoding: PackageResources.engines_lua, as: UTF8.self),
                                                   classes: try APIReference.classes())
        return [
            ("detent.lua", String(decoding: PackageResources.detent_lua, as: UTF8.self)),
            ("engines.lua", engines),
            ("luassert.lua", String(decoding: PackageResources.luassert_lua, as: UTF8.self)),
        ]
    }
}
