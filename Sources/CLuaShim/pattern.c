// string.find, string.match, string.gmatch and string.gsub for scenario code: Lua 5.4's
// pattern language (reference manual §6.4.1), same results and same error messages, with one
// difference — every step of the matcher is counted and charged to the state's instruction
// budget, and the state's stop flags (budget, interrupt, CPU watchdog) are polled while it
// runs. Lua's own matcher backtracks without ever running a Lua instruction, so the count
// hook cannot stop `("a"):rep(30000):find(".-.-.-.-b")`; this one can (SPEC §13). In C, as
// Lua's own is: it steps through the subject byte by byte, and its errors and stops are raised
// with lua_error (a longjmp), which must not cross Swift frames. This file holds the four
// functions and their captures; the matcher they share is pattern_matcher.c.
//
// The semantics are those of Lua 5.4's lstrlib.c (Copyright © 1994–2022 Lua.org, PUC-Rio,
// MIT licence); BoundedPatternTests checks them against the stock functions on thousands of inputs.
#include "pattern_matcher.h"
#include <ctype.h>
#include <string.h>

static const char SPECIALS[] = "^$*+?.([%-";

// ---- Captures ----------------------------------------------------------------------------

// Capture i of the match [s, e): its text (returns its length and sets *text), or
// CAP_POSITION after pushing the position. With no captures, capture 0 is the whole match.
static ptrdiff_t capture_text(matcher *m, int i, const char *s, const char *e, const char **text) {
    if (i >= m->level) {
        if (i != 0) luaL_error(m->L, "invalid capture index %%%d", i + 1);
        *text = s;
        return e - s;
    }
    ptrdiff_t length = m->capture[i].length;
    *text = m->capture[i].start;
    if (length == CAP_UNFINISHED) luaL_error(m->L, "unfinished capture");
    if (length == CAP_POSITION) lua_pushinteger(m->L, (m->capture[i].start - m->subject) + 1);
    return length;
}

static void push_capture(matcher *m, int i, const char *s, const char *e) {
    const char *text;
    ptrdiff_t length = capture_text(m, i, s, e, &text);
    if (length != CAP_POSITION) lua_pushlstring(m->L, text, (size_t)length);
}

// Pushes every capture (or the whole match when s is given and there are none).
static int push_captures(matcher *m, const char *s, const char *e) {
    int count = (m->level == 0 && s != NULL) ? 1 : m->level;
    luaL_checkstack(m->L, count, "too many captures");
    for (int i = 0; i < count; i++) push_capture(m, i, s, e);
    return count;
}

// ---- Shared by the four functions --------------------------------------------------------

static void start(matcher *m, lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
    m->L = L;
    m->subject = s;
    m->subject_end = s + ls;
    m->pattern_end = p + lp;
    m->steps = 0;
}

static void restart(matcher *m) {
    m->level = 0;
    m->depth_left = MAX_DEPTH;
}

// A relative start position (negative counts from the end), clipped to [1, inf).
static size_t start_position(lua_Integer position, size_t length) {
    if (position > 0) return (size_t)position;
    if (position == 0) return 1;
    if (position < -(lua_Integer)length) return 1;
    return length + (size_t)position + 1;
}

// True when the pattern has no special characters (each '\0'-separated piece is checked).
static int is_plain(const char *p, size_t lp) {
    size_t at = 0;
    do {
        if (strpbrk(p + at, SPECIALS)) return 0;
        at += strlen(p + at) + 1;
    } while (at <= lp);
    return 1;
}

// memmem with a step count: each candidate costs a comparison of the needle's length.
static const char *find_plain(matcher *m, const char *s, size_t ls, const char *needle, size_t ln) {
    if (ln == 0) return s;
    if (ln > ls) return NULL;
    const char *last = s + (ls - ln);
    for (const char *at = s; at <= last; at++) {
        at = memchr(at, *needle, (size_t)(last - at) + 1);
        if (at == NULL) return NULL;
        step(m, 1 + (int64_t)(ln / 16));
        if (memcmp(at + 1, needle + 1, ln - 1) == 0) return at;
    }
    return NULL;
}

static int find_or_match(lua_State *L, int find) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = start_position(luaL_optinteger(L, 3, 1), ls);
    if (init > ls + 1) {   // past the end: nothing to find
        luaL_pushfail(L);
        return 1;
    }
    matcher m;
    start(&m, L, s, ls, p, lp);
    if (find && (lua_toboolean(L, 4) || is_plain(p, lp))) {
        const char *at = find_plain(&m, s + init - 1, ls - init + 1, p, lp);
        if (at != NULL) {
            lua_pushinteger(L, (at - s) + 1);
            lua_pushinteger(L, (lua_Integer)((at - s) + lp));
            return 2;
        }
    } else {
        int anchored = *p == '^';
        if (anchored) {
            p++;
            lp--;
            m.pattern_end = p + lp;
        }
        const char *from = s + init - 1;
        do {
            restart(&m);
            const char *e = shim_match(&m, from, p);
            if (e != NULL) {
                if (find) {
                    lua_pushinteger(L, (from - s) + 1);
                    lua_pushinteger(L, e - s);
                    return push_captures(&m, NULL, 0) + 2;
                }
                return push_captures(&m, from, e);
            }
        } while (from++ < m.subject_end && !anchored);
    }
    luaL_pushfail(L);
    return 1;
}

static int pattern_find(lua_State *L) { return find_or_match(L, 1); }
static int pattern_match(lua_State *L) { return find_or_match(L, 0); }

// ---- gmatch ------------------------------------------------------------------------------

typedef struct {
    const char *next;         // where the next search starts
    const char *pattern;
    const char *last_end;     // end of the last match (an empty match may not repeat it)
    matcher m;
} gmatch_state;

static int gmatch_next(lua_State *L) {
    gmatch_state *g = (gmatch_state *)lua_touserdata(L, lua_upvalueindex(3));
    g->m.L = L;
    for (const char *from = g->next; from <= g->m.subject_end; from++) {
        restart(&g->m);
        const char *e = shim_match(&g->m, from, g->pattern);
        if (e != NULL && e != g->last_end) {
            g->next = g->last_end = e;
            return push_captures(&g->m, from, e);
        }
    }
    return 0;
}

static int pattern_gmatch(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = start_position(luaL_optinteger(L, 3, 1), ls);
    if (init > ls + 1) init = ls + 2;   // past the end: not even an empty match there
    lua_settop(L, 2);   // the subject and pattern stay alive as upvalues 1 and 2
    gmatch_state *g = (gmatch_state *)lua_newuserdatauv(L, sizeof(gmatch_state), 0);
    start(&g->m, L, s, ls, p, lp);
    g->next = s + init - 1;
    g->pattern = p;
    g->last_end = NULL;
    lua_pushcclosure(L, gmatch_next, 3);
    return 1;
}

// ---- gsub --------------------------------------------------------------------------------

// A replacement string: '%0'–'%9' are captures, '%%' a percent sign.
static void add_template(matcher *m, luaL_Buffer *b, const char *s, const char *e) {
    lua_State *L = m->L;
    size_t length;
    const char *text = lua_tolstring(L, 3, &length);
    const char *escape;
    while ((escape = memchr(text, ESCAPE, length)) != NULL) {
        luaL_addlstring(b, text, (size_t)(escape - text));
        escape++;
        if (*escape == ESCAPE) {
            luaL_addchar(b, *escape);
        } else if (*escape == '0') {
            luaL_addlstring(b, s, (size_t)(e - s));
        } else if (isdigit((unsigned char)*escape)) {
            const char *capture;
            ptrdiff_t captured = capture_text(m, *escape - '1', s, e, &capture);
            if (captured == CAP_POSITION) luaL_addvalue(b);
            else luaL_addlstring(b, capture, (size_t)captured);
        } else {
            luaL_error(L, "invalid use of '%c' in replacement string", ESCAPE);
        }
        length -= (size_t)(escape + 1 - text);
        text = escape + 1;
    }
    luaL_addlstring(b, text, length);
}

// Adds the replacement of the match [s, e); returns whether the text changed.
static int add_replacement(matcher *m, luaL_Buffer *b, const char *s, const char *e, int kind) {
    lua_State *L = m->L;
    if (kind == LUA_TFUNCTION) {
        lua_pushvalue(L, 3);
        int count = push_captures(m, s, e);
        lua_call(L, count, 1);
    } else if (kind == LUA_TTABLE) {
        push_capture(m, 0, s, e);
        lua_gettable(L, 3);
    } else {
        add_template(m, b, s, e);
        return 1;
    }
    if (!lua_toboolean(L, -1)) {   // nil or false: keep the original text
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
        return 0;
    }
    if (!lua_isstring(L, -1)) return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    luaL_addvalue(b);
    return 1;
}

static int pattern_gsub(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    const char *last_end = NULL;
    int kind = lua_type(L, 3);
    lua_Integer most = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
    int anchored = *p == '^';
    lua_Integer replaced = 0;
    int changed = 0;
    luaL_argexpected(L, kind == LUA_TNUMBER || kind == LUA_TSTRING || kind == LUA_TFUNCTION || kind == LUA_TTABLE, 3,
                     "string/function/table");
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    if (anchored) {
        p++;
        lp--;
    }
    matcher m;
    start(&m, L, s, ls, p, lp);
    while (replaced < most) {
        restart(&m);
        const char *e = shim_match(&m, s, p);
        if (e != NULL && e != last_end) {
            replaced++;
            changed = add_replacement(&m, &b, s, e, kind) | changed;
            s = last_end = e;
        } else if (s < m.subject_end) {
            luaL_addchar(&b, *s++);
        } else {
            break;
        }
        if (anchored) break;
    }
    if (!changed) {
        lua_pushvalue(L, 1);
    } else {
        luaL_addlstring(&b, s, (size_t)(m.subject_end - s));
        luaL_pushresult(&b);
    }
    lua_pushinteger(L, replaced);
    return 2;
}

// ---- Installation ------------------------------------------------------------------------

void detent_install_bounded_patterns(lua_State *L) {
    static const luaL_Reg functions[] = {
        {"find", pattern_find}, {"match", pattern_match}, {"gmatch", pattern_gmatch}, {"gsub", pattern_gsub}, {NULL, NULL},
    };
    if (lua_getglobal(L, LUA_STRLIBNAME) == LUA_TTABLE) luaL_setfuncs(L, functions, 0);
    lua_pop(L, 1);
}
