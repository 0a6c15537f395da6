// Strings' methods put back before each test (sandbox.lua's reseed). Every string shares one
// metatable, so a test that cleared or hijacked it, or replaced a function of the string
// library, would break the tests after it, the runner's own assertions included. Functions a
// test added to the library stay; the pristine restore between files takes those away.
//
// In C because the same in Lua made the reseed cost ~17 k instructions before every job (a
// one-test spec file has four), against ~9 k now: each step of Lua's `next` is a C call from
// Lua, ~450 instructions (BENCHMARKS.md). Raw operations only, so no metamethod a test set on
// the library or on the metatable runs here.

#include "CLuaShim.h"

// upvalues: 1 the string library, 2 the metatable strings share, 3 the library's fields when
// the mender was made, as { key, value, key, value, ... }.
static int mend(lua_State *L) {
    int library = lua_upvalueindex(1), metatable = lua_upvalueindex(2), originals = lua_upvalueindex(3);
    lua_settop(L, 0);
    luaL_checkstack(L, 4, "string methods");
    // The metatable holds `__index = library` and nothing else. Assigning nil to existing
    // fields while lua_next walks them is allowed.
    lua_pushnil(L);
    while (lua_next(L, metatable)) {
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_pushnil(L);
        lua_rawset(L, metatable);
    }
    lua_pushliteral(L, "__index");
    lua_pushvalue(L, library);
    lua_rawset(L, metatable);
    // The library's own functions, set only where they differ.
    lua_Integer count = (lua_Integer)lua_rawlen(L, originals);
    for (lua_Integer i = 1; i < count; i += 2) {
        lua_rawgeti(L, originals, i);       // key
        lua_rawgeti(L, originals, i + 1);   // key, value
        lua_pushvalue(L, -2);
        lua_rawget(L, library);             // key, value, now
        if (lua_rawequal(L, -1, -2)) {
            lua_pop(L, 3);
            continue;
        }
        lua_pop(L, 1);
        lua_rawset(L, library);
    }
    return 0;
}

// mender(library, metatable) → the function that gives the metatable back `__index = library`
// alone and the library the functions it has now.
static int make_mender(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_settop(L, 2);
    lua_newtable(L);
    lua_Integer count = 0;
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        lua_pushvalue(L, -2);
        lua_rawseti(L, 3, ++count);
        lua_rawseti(L, 3, ++count);
    }
    lua_pushcclosure(L, mend, 3);
    return 1;
}

void detent_push_string_mender_maker(lua_State *L) { lua_pushcfunction(L, make_mender); }
