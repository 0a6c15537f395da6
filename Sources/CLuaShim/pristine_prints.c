// Taking and comparing the prints of a pristine snapshot (see pristine_prints.h): the fast
// path of a restore, which most tables take, asks only these. In C for the reasons pristine.c
// gives: one pass over every recorded table, raw, with errors raised inside a protected call.
#include "pristine_prints.h"

void shim_take_print(lua_State *L, int index, print *p) {
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

// Takes the prints of the table at `table` into `t` (room for `t->room` pairs from
// `t->first`); when it holds another number of fields, marks them unusable. With `pins`
// (a stack index, or 0), the keys and values printed are kept there too, at their prints'
// places: a table put back may hold an equal string that is not the recorded one, and an
// address in a print must not be freed and handed to another object while the print is kept.
void shim_take_table_prints(lua_State *L, int table, table_prints *t, print *fields, int pins) {
    lua_Integer found = 0, room = t->room;
    print *at = fields + 2 * t->first;
    lua_pushnil(L);
    while (lua_next(L, table)) {
        if (found < room) {
            shim_take_print(L, -2, at++);
            shim_take_print(L, -1, at++);
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
int shim_table_unchanged(lua_State *L, int table, const table_prints *t, const print *fields) {
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
const void *shim_metatable_of(lua_State *L, int index) {
    if (!lua_getmetatable(L, index)) return NULL;
    const void *metatable = lua_topointer(L, -1);
    lua_pop(L, 1);
    return metatable;
}
