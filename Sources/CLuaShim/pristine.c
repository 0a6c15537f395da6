// A state's pristine snapshot: what one spec file changed, undone before the next file runs
// in the same state (issue 16 §3: building a state with the prelude costs far more than
// putting one back).
//
// `detent_pristine_take` walks everything reachable from the globals, the string metatable,
// the registry's table of loaded libraries and the host's extra roots — tables (their raw
// contents and metatables), functions (their upvalues), userdata (their metatables) — and
// keeps a copy in the registry. `detent_pristine_restore` puts every one of those objects
// back as it was: keys a file added are removed, keys it changed or removed get their
// values back, metatables and upvalues are reset, and the collector's mode and parameters
// are the defaults again. Whatever the file created is then unreachable from the globals and
// left to the collector. Only raw operations are used, so no metamethod of the file runs.

#include "CLuaShim.h"

static const char PRISTINE_KEY = 'p';   // its address is the registry key of the snapshot

// Lua 5.4's defaults (lgc.h: LUAI_GCPAUSE, LUAI_GCMUL, LUAI_GCSTEPSIZE), which
// `collectgarbage("incremental", ...)` in a spec could have changed.
enum { DEFAULT_GC_PAUSE = 200, DEFAULT_GC_STEPMUL = 100, DEFAULT_GC_STEPSIZE = 13 };

typedef struct {
    int seen;            // stack index: set of objects already queued
    int work;            // stack index: array of objects still to visit
    lua_Integer pending; // length of `work`
    int upvalues;        // stack index: set of the upvalues recorded (by lua_upvalueid)
} walk;

// Whether `id` is new to the set at `set` (and notes it).
static int first_sighting(lua_State *L, int set, void *id) {
    if (lua_rawgetp(L, set, id) != LUA_TNIL) {
        lua_pop(L, 1);
        return 0;
    }
    lua_pop(L, 1);
    lua_pushboolean(L, 1);
    lua_rawsetp(L, set, id);
    return 1;
}

// Queues the value at `index` when it is an object that can hold other values.
static void queue(lua_State *L, walk *w, int index) {
    int type = lua_type(L, index);
    if (type != LUA_TTABLE && type != LUA_TFUNCTION && type != LUA_TUSERDATA) return;
    index = lua_absindex(L, index);
    lua_pushvalue(L, index);
    if (lua_rawget(L, w->seen) != LUA_TNIL) {
        lua_pop(L, 1);
        return;
    }
    lua_pop(L, 1);
    lua_pushvalue(L, index);
    lua_pushboolean(L, 1);
    lua_rawset(L, w->seen);
    lua_pushvalue(L, index);
    lua_rawseti(L, w->work, ++w->pending);
}

// Appends the value on top of the stack to the array at `list` (popping it).
static void append(lua_State *L, int list, lua_Integer *count) {
    lua_rawseti(L, list, ++*count);
}

// Pushes the value's metatable, or false when it has none (`__metatable` is ignored).
static void push_metatable_or_false(lua_State *L, int index) {
    if (!lua_getmetatable(L, index)) lua_pushboolean(L, 0);
}

// [1] = { table, copy, metatable|false, entries, ... }, [2] = { function, upvalue number, value, ... },
// [3] = { userdata, metatable|false, ... }
static int take(lua_State *L) {
    int roots = lua_absindex(L, 1);
    lua_settop(L, 1);
    lua_newtable(L);
    int snapshot = lua_gettop(L);
    lua_newtable(L);
    int tables = lua_gettop(L);
    lua_newtable(L);
    int functions = lua_gettop(L);
    lua_newtable(L);
    int userdata = lua_gettop(L);
    lua_Integer table_count = 0, function_count = 0, userdata_count = 0, field_count = 0;
    walk w;
    lua_newtable(L);
    w.seen = lua_gettop(L);
    lua_newtable(L);
    w.work = lua_gettop(L);
    w.pending = 0;
    lua_newtable(L);
    w.upvalues = lua_gettop(L);

    lua_pushglobaltable(L);
    queue(L, &w, -1);
    lua_pop(L, 1);
    lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    queue(L, &w, -1);
    lua_pop(L, 1);
    lua_pushliteral(L, "");
    if (lua_getmetatable(L, -1)) {
        queue(L, &w, -1);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    for (lua_Integer i = 1; lua_rawgeti(L, roots, i) != LUA_TNIL; i++) {
        queue(L, &w, -1);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);

    while (w.pending > 0) {
        luaL_checkstack(L, 8, "pristine snapshot");
        lua_rawgeti(L, w.work, w.pending);
        lua_pushnil(L);
        lua_rawseti(L, w.work, w.pending--);
        int object = lua_gettop(L);
        switch (lua_type(L, object)) {
        case LUA_TTABLE: {
            lua_pushvalue(L, object);
            append(L, tables, &table_count);
            lua_newtable(L);
            int copy = lua_gettop(L);
            lua_Integer entries = 0;
            lua_pushnil(L);
            while (lua_next(L, object)) {
                queue(L, &w, -2);
                queue(L, &w, -1);
                lua_pushvalue(L, -2);
                lua_insert(L, -2);
                lua_rawset(L, copy);
                entries++;
            }
            append(L, tables, &table_count);
            push_metatable_or_false(L, object);
            queue(L, &w, -1);
            append(L, tables, &table_count);
            lua_pushinteger(L, entries);
            append(L, tables, &table_count);
            field_count += entries;
            break;
        }
        case LUA_TFUNCTION: {
            // A C closure's upvalues are its own (no script can set them): walked, not recorded.
            // A Lua function's are recorded once per upvalue, however many closures share it.
            int is_c = lua_iscfunction(L, object);
            for (int n = 1; lua_getupvalue(L, object, n) != NULL; n++) {
                queue(L, &w, -1);
                if (is_c || !first_sighting(L, w.upvalues, lua_upvalueid(L, object, n))) {
                    lua_pop(L, 1);
                    continue;
                }
                lua_pushvalue(L, object);
                append(L, functions, &function_count);
                lua_pushinteger(L, n);
                append(L, functions, &function_count);
                append(L, functions, &function_count);   // the value
            }
            break;
        }
        case LUA_TUSERDATA:
            lua_pushvalue(L, object);
            append(L, userdata, &userdata_count);
            push_metatable_or_false(L, object);
            queue(L, &w, -1);
            append(L, userdata, &userdata_count);
            break;
        }
        lua_settop(L, object - 1);
    }

    lua_pushvalue(L, tables);
    lua_rawseti(L, snapshot, 1);
    lua_pushvalue(L, functions);
    lua_rawseti(L, snapshot, 2);
    lua_pushvalue(L, userdata);
    lua_rawseti(L, snapshot, 3);
    lua_pushvalue(L, snapshot);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &PRISTINE_KEY);
    lua_pushinteger(L, table_count / 4);
    lua_pushinteger(L, field_count);
    lua_pushinteger(L, function_count / 3);   // upvalues
    lua_pushinteger(L, userdata_count / 2);
    return 4;
}

// Sets the metatable of the object at `object` to the recorded one on top of the stack
// (false: none) when it differs; pops the recorded value.
static void restore_metatable(lua_State *L, int object) {
    int has = lua_getmetatable(L, object);
    if (!has) lua_pushboolean(L, 0);
    if (lua_rawequal(L, -1, -2)) {
        lua_pop(L, 2);
        return;
    }
    lua_pop(L, 1);
    if (lua_type(L, -1) == LUA_TBOOLEAN) {
        lua_pop(L, 1);
        lua_pushnil(L);
    }
    lua_setmetatable(L, object);
}

// Puts the table at `table` back as its copy at `copy` (`recorded` entries) says, in one pass
// over the table: a key the file added is cleared, a value it changed is set back (both are
// existing fields, which lua_next allows assigning). Only when fewer recorded keys were found
// than recorded did the file remove some, and the copy is walked to put those back.
static void restore_table(lua_State *L, int table, int copy, lua_Integer recorded) {
    lua_Integer found = 0;
    lua_pushnil(L);
    while (lua_next(L, table)) {
        lua_pushvalue(L, -2);
        if (lua_rawget(L, copy) != LUA_TNIL) found++;   // key, value, recorded value
        if (lua_rawequal(L, -1, -2)) {
            lua_pop(L, 2);
            continue;
        }
        lua_remove(L, -2);               // key, recorded value (nil: the file added the key)
        lua_pushvalue(L, -2);
        lua_insert(L, -2);               // key, key, recorded value
        lua_rawset(L, table);
    }
    if (found == recorded) return;
    lua_pushnil(L);
    while (lua_next(L, copy)) {
        lua_pushvalue(L, -2);
        if (lua_rawget(L, table) != LUA_TNIL) {
            lua_pop(L, 2);
            continue;
        }
        lua_pop(L, 1);
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, table);
    }
}

static int restore(lua_State *L) {
    lua_settop(L, 0);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &PRISTINE_KEY) != LUA_TTABLE) return 0;
    luaL_checkstack(L, 12, "pristine restore");
    lua_rawgeti(L, 1, 1);
    lua_Integer count = (lua_Integer)lua_rawlen(L, 2);
    for (lua_Integer i = 1; i <= count; i += 4) {
        lua_rawgeti(L, 2, i);       // 3: table
        lua_rawgeti(L, 2, i + 1);   // 4: copy
        lua_rawgeti(L, 2, i + 3);   // 5: its entries
        lua_Integer recorded = lua_tointeger(L, 5);
        lua_pop(L, 1);
        restore_table(L, 3, 4, recorded);
        lua_rawgeti(L, 2, i + 2);
        restore_metatable(L, 3);
        lua_settop(L, 2);
    }
    lua_settop(L, 1);
    lua_rawgeti(L, 1, 2);
    count = (lua_Integer)lua_rawlen(L, 2);
    for (lua_Integer i = 1; i <= count; i += 3) {
        lua_rawgeti(L, 2, i);       // 3: function
        lua_rawgeti(L, 2, i + 1);
        int n = (int)lua_tointeger(L, -1);
        lua_pop(L, 1);
        lua_getupvalue(L, 3, n);    // 4: its value now
        lua_rawgeti(L, 2, i + 2);   // 5: as recorded
        if (!lua_rawequal(L, 4, 5)) lua_setupvalue(L, 3, n);
        lua_settop(L, 2);
    }
    lua_settop(L, 1);
    lua_rawgeti(L, 1, 3);
    count = (lua_Integer)lua_rawlen(L, 2);
    for (lua_Integer i = 1; i <= count; i += 2) {
        lua_rawgeti(L, 2, i);
        lua_rawgeti(L, 2, i + 1);
        restore_metatable(L, 3);
        lua_settop(L, 2);
    }
    lua_settop(L, 0);
    // Only when stopped: restarting a running collector would reset its debt and make it
    // work sooner than it would have.
    if (!lua_gc(L, LUA_GCISRUNNING)) lua_gc(L, LUA_GCRESTART);
    lua_gc(L, LUA_GCINC, DEFAULT_GC_PAUSE, DEFAULT_GC_STEPMUL, DEFAULT_GC_STEPSIZE);
    return 0;
}

int detent_pristine_take(lua_State *L, detent_pristine_size *size) {
    // The roots table is on top; take runs protected (it allocates) and pops it.
    lua_pushcfunction(L, take);
    lua_insert(L, -2);
    int status = lua_pcall(L, 1, 4, 0);
    if (status == LUA_OK) {
        size->tables = lua_tointeger(L, -4);
        size->fields = lua_tointeger(L, -3);
        size->upvalues = lua_tointeger(L, -2);
        size->userdata = lua_tointeger(L, -1);
        lua_pop(L, 4);
    }
    return status; // on an error its message stays on top, for the caller to take
}

int detent_pristine_restore(lua_State *L) {
    lua_pushcfunction(L, restore);
    return lua_pcall(L, 0, 0, 0); // on an error its message stays on top
}
