// Putting a pristine snapshot back (detent_pristine_restore; see pristine.c for what it
// records): every recorded table, upvalue and userdata metatable as it was, a table that
// still matches its prints left alone, and the collector's mode and parameters back to Lua's
// defaults. In C because it visits every recorded object with raw operations (no metamethod a
// file set runs) and raises its errors (lua_error, a longjmp) inside a protected call, never
// through Swift frames.
#include "pristine_prints.h"

// Lua 5.4's defaults (lgc.h: LUAI_GCPAUSE, LUAI_GCMUL, LUAI_GCSTEPSIZE), which
// `collectgarbage("incremental", ...)` in a spec could have changed.
enum { DEFAULT_GC_PAUSE = 200, DEFAULT_GC_STEPMUL = 100, DEFAULT_GC_STEPSIZE = 13 };

// Whether the values at `a` and `b` are the same for a script: raw-equal, and for numbers also
// of one subtype with the same bits (1 and 1.0, 0.0 and -0.0 print differently; a NaN is its
// own value).
static int identical(lua_State *L, int a, int b) {
    if (lua_type(L, a) != LUA_TNUMBER || lua_type(L, b) != LUA_TNUMBER) return lua_rawequal(L, a, b);
    int integer = lua_isinteger(L, a);
    if (integer != lua_isinteger(L, b)) return 0;
    if (integer) return lua_tointeger(L, a) == lua_tointeger(L, b);
    lua_Number x = lua_tonumber(L, a), y = lua_tonumber(L, b);
    return memcmp(&x, &y, sizeof x) == 0;
}

// Sets the metatable of the object at `object` to the recorded one on top of the stack
// (false: none), popping it. Returns 0 when the recorded value is neither.
static int set_recorded_metatable(lua_State *L, int object) {
    int type = lua_type(L, -1);
    if (type != LUA_TTABLE && type != LUA_TBOOLEAN) return 0;
    if (type == LUA_TBOOLEAN) {
        lua_pop(L, 1);
        lua_pushnil(L);
    }
    lua_setmetatable(L, object);
    return 1;
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
        if (identical(L, -1, -2)) {
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

static int damaged(lua_State *L) {
    return luaL_error(L, "the pristine snapshot was changed by a script (through debug.getregistry)");
}

static int restore(lua_State *L) {
    lua_settop(L, 0);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &shim_pristine_key) != LUA_TTABLE) return damaged(L);   // the host took one
    luaL_checkstack(L, 12, "pristine restore");
    enum { PRINTS = 2, PINS, TABLES, UPVALUES, USERDATA, OBJECT };   // OBJECT: the one being put back
    // The snapshot sits in the registry, which `debug.getregistry()` hands to a script: what
    // a script could have put there instead is refused here, before any of it is used.
    int prints_type = lua_rawgeti(L, 1, 4);
    prints *p = lua_touserdata(L, PRINTS);
    if (lua_rawgeti(L, 1, 5) != LUA_TTABLE || lua_rawgeti(L, 1, 1) != LUA_TTABLE || lua_rawgeti(L, 1, 2) != LUA_TTABLE ||
        lua_rawgeti(L, 1, 3) != LUA_TTABLE || prints_type != LUA_TUSERDATA || lua_rawlen(L, PRINTS) < sizeof(prints) ||
        p->table != (table_prints *)(p + 1) || lua_topointer(L, PINS) != p->pins ||
        lua_rawlen(L, TABLES) != (size_t)(4 * p->tables) ||
        lua_rawlen(L, UPVALUES) != (size_t)(3 * p->upvalues) || lua_rawlen(L, USERDATA) != (size_t)(2 * p->userdata))
        return damaged(L);
    int metatables_changed = 0;
    for (lua_Integer i = 0; i < p->tables; i++) {
        table_prints *t = &p->table[i];
        if (lua_rawgeti(L, TABLES, 4 * i + 1) != LUA_TTABLE) return damaged(L);
        if (!shim_table_unchanged(L, OBJECT, t, p->fields)) {
            if (lua_rawgeti(L, TABLES, 4 * i + 2) != LUA_TTABLE) return damaged(L);   // its copy
            restore_table(L, OBJECT, OBJECT + 1, t->room);
            lua_settop(L, OBJECT);
            shim_take_table_prints(L, OBJECT, t, p->fields, PINS);
        }
        if (shim_metatable_of(L, OBJECT) != t->metatable) metatables_changed = 1;
        lua_settop(L, USERDATA);
    }
    // Metatables go back once every table's contents have: one set back while it still held
    // a `__gc` a file gave it would mark its table for a finalizer that a later file could
    // fill in, to run when the state closes.
    for (lua_Integer i = 0; metatables_changed && i < p->tables; i++) {
        lua_rawgeti(L, TABLES, 4 * i + 1);
        if (shim_metatable_of(L, OBJECT) != p->table[i].metatable) {
            lua_rawgeti(L, TABLES, 4 * i + 3);
            if (!set_recorded_metatable(L, OBJECT)) return damaged(L);
        }
        lua_settop(L, USERDATA);
    }
    for (lua_Integer j = 0; j < p->upvalues; j++) {
        const upvalue_prints *u = &p->upvalue[j];
        if (!u->same_function) {
            lua_settop(L, USERDATA);
            if (lua_rawgeti(L, UPVALUES, 3 * j + 1) != LUA_TFUNCTION || lua_iscfunction(L, OBJECT)) return damaged(L);
        }
        if (lua_getupvalue(L, OBJECT, u->number) == NULL) return damaged(L);
        int same = matches(L, -1, &u->value, 0);   // the list has kept the recorded value alive
        lua_pop(L, 1);
        if (!same) {
            lua_rawgeti(L, UPVALUES, 3 * j + 3);
            lua_setupvalue(L, OBJECT, u->number);
        }
    }
    lua_settop(L, USERDATA);
    for (lua_Integer k = 0; k < p->userdata; k++) {
        if (lua_rawgeti(L, USERDATA, 2 * k + 1) != LUA_TUSERDATA) return damaged(L);
        if (shim_metatable_of(L, OBJECT) != p->userdata_metatable[k]) {
            lua_rawgeti(L, USERDATA, 2 * k + 2);
            if (!set_recorded_metatable(L, OBJECT)) return damaged(L);
        }
        lua_settop(L, USERDATA);
    }
    lua_settop(L, 0);
    // Only when stopped: restarting a running collector would reset its debt and make it
    // work sooner than it would have.
    if (!lua_gc(L, LUA_GCISRUNNING)) lua_gc(L, LUA_GCRESTART);
    lua_gc(L, LUA_GCINC, DEFAULT_GC_PAUSE, DEFAULT_GC_STEPMUL, DEFAULT_GC_STEPSIZE);
    return 0;
}

int detent_pristine_restore(lua_State *L) {
    lua_pushcfunction(L, restore);
    return lua_pcall(L, 0, 0, 0); // on an error its message stays on top
}
