// A state's pristine snapshot: what one spec file changed, undone before the next file runs
// in the same state (building a state with the prelude costs far more than putting one back).
// In C because a restore visits every recorded table with raw operations, and a Lua error
// raised on the way (a longjmp) must not cross Swift frames.
//
// `detent_pristine_take` walks everything reachable from the globals, the string metatable,
// the registry's table of loaded libraries and the host's extra roots — tables (their raw
// contents and metatables), functions (their upvalues), userdata (their metatables) — and
// keeps a copy in the registry. `detent_pristine_restore` puts every one of those objects
// back as it was: keys a file added are removed, keys it changed or removed get their
// values back, metatables and upvalues are reset, and the collector's mode and parameters
// are the defaults again. Whatever the file created is then unreachable from the globals and
// left to the collector. Only raw operations are used, so no metamethod of the file runs.
//
// Most files change few of the recorded tables, so a restore first asks whether a table
// is still exactly as recorded: one `lua_next` pass compared, field by field in iteration
// order, with the *prints* the snapshot keeps in C (each key's and value's type and identity).
// Only a table that differs is put back from its copy (a lookup per field), and its prints are
// taken again afterwards, since putting it back may have reordered it.
//
// This file takes the snapshot; pristine_restore.c puts it back, and pristine_prints.c takes
// and compares the prints.

#include "pristine_prints.h"

const char shim_pristine_key = 'p';   // its address is the registry key of the snapshot

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

// Pushes a userdata with the prints of the recorded objects in the lists at `tables`,
// `functions` and `userdata` (`take`'s layout, counts as recorded).
static void take_prints(lua_State *L, int tables, int functions, int userdata, lua_Integer table_total,
                        lua_Integer field_total, lua_Integer upvalue_total, lua_Integer userdata_total) {
    size_t bytes = sizeof(prints) + (size_t)table_total * sizeof(table_prints) + (size_t)field_total * 2 * sizeof(print) +
                   (size_t)upvalue_total * sizeof(upvalue_prints) + (size_t)userdata_total * sizeof(const void *);
    prints *p = lua_newuserdatauv(L, bytes, 0);
    int block = lua_gettop(L);
    p->tables = table_total;
    p->upvalues = upvalue_total;
    p->userdata = userdata_total;
    p->table = (table_prints *)(p + 1);
    p->fields = (print *)(p->table + table_total);
    p->upvalue = (upvalue_prints *)(p->fields + 2 * field_total);
    p->userdata_metatable = (const void **)(p->upvalue + upvalue_total);
    lua_Integer first = 0;
    for (lua_Integer i = 0; i < table_total; i++) {
        table_prints *t = &p->table[i];
        lua_rawgeti(L, tables, 4 * i + 1);
        lua_rawgeti(L, tables, 4 * i + 4);
        t->room = lua_tointeger(L, -1);
        t->first = first;
        first += t->room;
        lua_pop(L, 1);
        shim_take_table_prints(L, block + 1, t, p->fields, 0);   // the copy keeps what they name
        t->metatable = shim_metatable_of(L, block + 1);
        lua_settop(L, block);
    }
    const void *previous = NULL;
    for (lua_Integer j = 0; j < upvalue_total; j++) {
        upvalue_prints *u = &p->upvalue[j];
        lua_rawgeti(L, functions, 3 * j + 1);
        const void *function = lua_topointer(L, -1);
        u->same_function = j > 0 && function == previous;
        previous = function;
        lua_rawgeti(L, functions, 3 * j + 2);
        u->number = (int)lua_tointeger(L, -1);
        lua_rawgeti(L, functions, 3 * j + 3);
        shim_take_print(L, -1, &u->value);
        lua_settop(L, block);
    }
    for (lua_Integer k = 0; k < userdata_total; k++) {
        lua_rawgeti(L, userdata, 2 * k + 1);
        p->userdata_metatable[k] = shim_metatable_of(L, -1);
        lua_settop(L, block);
    }
}

// [1] = { table, copy, metatable|false, entries, ... }, [2] = { function, upvalue number, value, ... },
// [3] = { userdata, metatable|false, ... }, [4] = their prints (a userdata), [5] = room to pin
// what the prints of tables put back name (`shim_take_table_prints`)
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

    take_prints(L, tables, functions, userdata, table_count / 4, field_count, function_count / 3, userdata_count / 2);
    lua_rawseti(L, snapshot, 4);
    // Room for what the prints of tables put back name (`shim_take_table_prints`), made now
    // so that filling it during a restore allocates nothing (and so runs no collector step).
    lua_createtable(L, (int)(2 * field_count), 0);
    for (lua_Integer i = 1; i <= 2 * field_count; i++) {
        lua_pushboolean(L, 0);
        lua_rawseti(L, -2, i);
    }
    lua_rawgeti(L, snapshot, 4);
    ((prints *)lua_touserdata(L, -1))->pins = lua_topointer(L, -2);
    lua_pop(L, 1);
    lua_rawseti(L, snapshot, 5);
    lua_pushvalue(L, tables);
    lua_rawseti(L, snapshot, 1);
    lua_pushvalue(L, functions);
    lua_rawseti(L, snapshot, 2);
    lua_pushvalue(L, userdata);
    lua_rawseti(L, snapshot, 3);
    lua_pushvalue(L, snapshot);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &shim_pristine_key);
    lua_pushinteger(L, table_count / 4);
    lua_pushinteger(L, field_count);
    lua_pushinteger(L, function_count / 3);   // upvalues
    lua_pushinteger(L, userdata_count / 2);
    return 4;
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
