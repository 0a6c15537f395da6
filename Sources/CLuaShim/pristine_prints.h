// The prints of a pristine snapshot (pristine.c): what the C side keeps of each recorded table,
// upvalue and userdata so that a restore (pristine_restore.c) can tell, without a lookup per
// field, whether an object is still exactly as recorded.
#ifndef DETENT_CLUASHIM_PRISTINE_PRINTS_H
#define DETENT_CLUASHIM_PRISTINE_PRINTS_H

#include "internal.h"
#include <string.h>

// Its address is the registry key of the snapshot (pristine.c).
SHIM_INTERNAL extern const char shim_pristine_key;

// A value's identity, as far as a restore needs it to see that a field is as recorded: its
// type and, for an object (string, table, function, userdata, thread), the object's address
// (`lua_topointer`); for a number, its subtype and bits. The recorded object stays alive in the
// snapshot's lists, so while it does no other object can have its address. An equal string at
// another address only sends its table to the slow path, which compares values as `identical`
// (pristine_restore.c) does.
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

// Takes the print of the value at `index` into `p` (pristine_prints.c).
SHIM_INTERNAL void shim_take_print(lua_State *L, int index, print *p);
// Takes the prints of the table at `table` into `t`, pinning what they name at `pins` when
// nonzero (pristine_prints.c).
SHIM_INTERNAL void shim_take_table_prints(lua_State *L, int table, table_prints *t, print *fields, int pins);
// Whether the table at `table` holds exactly its recorded fields (pristine_prints.c).
SHIM_INTERNAL int shim_table_unchanged(lua_State *L, int table, const table_prints *t, const print *fields);
// The address of the metatable of the value at `index`, or NULL (pristine_prints.c).
SHIM_INTERNAL const void *shim_metatable_of(lua_State *L, int index);

#endif
