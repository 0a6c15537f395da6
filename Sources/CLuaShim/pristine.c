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

#include "CLuaShim.h"
#include <string.h>

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

// A value's identity, as far as a restore needs it to see that a field is as recorded: its
// type and, for an object (string, table, function, userdata, thread), the object's address
// (`lua_topointer`); for a number, its subtype and bits. The recorded object stays alive in the
// snapshot's lists, so while it does no other object can have its address. An equal string at
// another address only sends its table to the slow path, which compares values as `identical`
// does.
typedef struct {
    int type;
    int is_integer;
    union { const void *object; lua_Integer integer; lua_Number number; int boolean; } as;
} print;

// A recorded table's prints: its `room` recorded fields as key/value pairs from `first` in
// `prints.fields`, in the order `lua_next` gave them. Not `usable` when the table held another
// number of fields as they were taken (the slow path then); `typed` when they were taken again
// from the table put back (`matches`).
typedef struct {
    lua_Integer room;        // the fields recorded (their copy's entries)
    lua_Integer first;
    const void *metatable;   // NULL: none
    int usable;
    int typed;
} table_prints;

// A recorded upvalue: its function's number, whether that function is the previous upvalue's
// (the restore then keeps it on the stack) and its value's print.
typedef struct {
    int number;
    int same_function;
    print value;
} upvalue_prints;

// What the C side keeps of a snapshot, in one userdata (so it lives and dies with it).
typedef struct {
    lua_Integer tables, upvalues, userdata;
    const void *pins;            // the table made for pins (snapshot[5]), by its address
    table_prints *table;
    print *fields;               // key, value, key, value…
    upvalue_prints *upvalue;
    const void **userdata_metatable;
} prints;

static void take_print(lua_State *L, int index, print *p) {
    p->type = lua_type(L, index);
    p->is_integer = 0;
    switch (p->type) {
    case LUA_TNUMBER:
        if (lua_isinteger(L, index)) {
            p->is_integer = 1;
            p->as.integer = lua_tointeger(L, index);
        } else {
            p->as.number = lua_tonumber(L, index);
        }
        break;
    case LUA_TBOOLEAN:
        p->as.boolean = lua_toboolean(L, index);
        break;
    default:
        p->as.object = lua_topointer(L, index);
        break;
    }
}

// Whether the value at `index` is certainly the recorded one (a raw-equal value may still
// answer no: an integer recorded as a float, an equal string at another address).
//
// A recorded object (string, table, function, userdata, thread: the common case) is compared by
// its address. Only a light userdata could hold that address without being the object: one from
// `debug.upvalueid` kept past its upvalue's end holds an address that a later object may take.
// An object alive since the snapshot was taken has held its address since before any script
// ran, so no such light userdata can hold it: the snapshot's own prints compare addresses
// alone. Prints taken again from a table put back (`typed`) may name objects a file made, and
// compare the type too.
static inline __attribute__((always_inline)) int matches(lua_State *L, int index, const print *p, int typed) {
    if (p->type >= LUA_TSTRING && !typed) return lua_topointer(L, index) == p->as.object;
    int type = lua_type(L, index);
    if (type != p->type) return 0;
    switch (type) {
    case LUA_TNUMBER: {
        if (lua_isinteger(L, index)) return p->is_integer && lua_tointeger(L, index) == p->as.integer;
        lua_Number number = lua_tonumber(L, index);
        return !p->is_integer && memcmp(&number, &p->as.number, sizeof number) == 0;
    }
    case LUA_TBOOLEAN:
        return lua_toboolean(L, index) == p->as.boolean;
    default:
        return lua_topointer(L, index) == p->as.object;
    }
}

// Takes the prints of the table at `table` into `t` (room for `t->room` pairs from
// `t->first`); when it holds another number of fields, marks them unusable. With `pins`
// (a stack index, or 0), the keys and values printed are kept there too, at their prints'
// places: a table put back may hold an equal string that is not the recorded one, and an
// address in a print must not be freed and handed to another object while the print is kept.
static void take_table_prints(lua_State *L, int table, table_prints *t, print *fields, int pins) {
    lua_Integer found = 0, room = t->room;
    print *at = fields + 2 * t->first;
    lua_pushnil(L);
    while (lua_next(L, table)) {
        if (found < room) {
            take_print(L, -2, at++);
            take_print(L, -1, at++);
            if (pins) {
                lua_pushvalue(L, -2);
                lua_rawseti(L, pins, 2 * (t->first + found) + 1);
                lua_pushvalue(L, -1);
                lua_rawseti(L, pins, 2 * (t->first + found) + 2);
            }
        }
        found++;
        lua_pop(L, 1);
    }
    t->usable = found == room;
    t->typed = pins != 0;
}

// Whether the table at `table` holds exactly its recorded fields, in the recorded order.
static int unchanged(lua_State *L, int table, const table_prints *t, const print *fields) {
    if (!t->usable) return 0;
    const print *at = fields + 2 * t->first;
    lua_Integer seen = 0;
    lua_pushnil(L);
    while (lua_next(L, table)) {
        if (seen == t->room || !matches(L, -2, at, t->typed) || !matches(L, -1, at + 1, t->typed)) {
            lua_pop(L, 2);
            return 0;
        }
        lua_pop(L, 1);
        at += 2;
        seen++;
    }
    return seen == t->room;
}

// The address of the metatable of the value at `index`, or NULL when it has none.
static const void *metatable_of(lua_State *L, int index) {
    if (!lua_getmetatable(L, index)) return NULL;
    const void *metatable = lua_topointer(L, -1);
    lua_pop(L, 1);
    return metatable;
}

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
        take_table_prints(L, block + 1, t, p->fields, 0);   // the copy keeps what they name
        t->metatable = metatable_of(L, block + 1);
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
        take_print(L, -1, &u->value);
        lua_settop(L, block);
    }
    for (lua_Integer k = 0; k < userdata_total; k++) {
        lua_rawgeti(L, userdata, 2 * k + 1);
        p->userdata_metatable[k] = metatable_of(L, -1);
        lua_settop(L, block);
    }
}

// [1] = { table, copy, metatable|false, entries, ... }, [2] = { function, upvalue number, value, ... },
// [3] = { userdata, metatable|false, ... }, [4] = their prints (a userdata), [5] = room to pin
// what the prints of tables put back name (`take_table_prints`)
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
    // Room for what the prints of tables put back name (`take_table_prints`), made now so that
    // filling it during a restore allocates nothing (and so runs no collector step).
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
    lua_rawsetp(L, LUA_REGISTRYINDEX, &PRISTINE_KEY);
    lua_pushinteger(L, table_count / 4);
    lua_pushinteger(L, field_count);
    lua_pushinteger(L, function_count / 3);   // upvalues
    lua_pushinteger(L, userdata_count / 2);
    return 4;
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
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &PRISTINE_KEY) != LUA_TTABLE) return damaged(L);   // the host took one
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
        if (!unchanged(L, OBJECT, t, p->fields)) {
            if (lua_rawgeti(L, TABLES, 4 * i + 2) != LUA_TTABLE) return damaged(L);   // its copy
            restore_table(L, OBJECT, OBJECT + 1, t->room);
            lua_settop(L, OBJECT);
            take_table_prints(L, OBJECT, t, p->fields, PINS);
        }
        if (metatable_of(L, OBJECT) != t->metatable) metatables_changed = 1;
        lua_settop(L, USERDATA);
    }
    // Metatables go back once every table's contents have: one set back while it still held
    // a `__gc` a file gave it would mark its table for a finalizer that a later file could
    // fill in, to run when the state closes.
    for (lua_Integer i = 0; metatables_changed && i < p->tables; i++) {
        lua_rawgeti(L, TABLES, 4 * i + 1);
        if (metatable_of(L, OBJECT) != p->table[i].metatable) {
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
        if (metatable_of(L, OBJECT) != p->userdata_metatable[k]) {
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
