// The matcher of the bounded string functions (pattern.c): Lua 5.4's `match` from lstrlib.c
// (Copyright © 1994–2022 Lua.org, PUC-Rio, MIT licence), step for step, with every step it
// takes counted and, every POLL_STEPS of them, charged to the state's budget while the stop
// flags are polled — so a pattern that backtracks for ever is stopped like a loop of Lua
// instructions. In C, as Lua's own is: it walks the subject byte by byte, and a malformed
// pattern or a stop is raised with lua_error (a longjmp), which must not cross Swift frames.
#include "pattern_matcher.h"
#include <ctype.h>
#include <string.h>

// ---- Budget ------------------------------------------------------------------------------

void shim_pattern_poll(matcher *m) {
    int64_t steps = m->steps;
    m->steps = 0;
    detent_poll_limits(m->L, steps);
}

// ---- Character classes -------------------------------------------------------------------

static int in_class(int c, int class_letter) {
    int matched;
    switch (tolower(class_letter)) {
        case 'a': matched = isalpha(c); break;
        case 'c': matched = iscntrl(c); break;
        case 'd': matched = isdigit(c); break;
        case 'g': matched = isgraph(c); break;
        case 'l': matched = islower(c); break;
        case 'p': matched = ispunct(c); break;
        case 's': matched = isspace(c); break;
        case 'u': matched = isupper(c); break;
        case 'w': matched = isalnum(c); break;
        case 'x': matched = isxdigit(c); break;
        case 'z': matched = c == 0; break;   // deprecated since 5.2, still accepted by 5.4
        default: return class_letter == c;   // %. %% %[ …: the character itself
    }
    if (isupper(class_letter)) matched = !matched;   // %A, %D …: the complement
    return matched;
}

// `set` points at '[', `last` at its closing ']'.
static int in_set(int c, const char *set, const char *last) {
    int wanted = 1;
    if (set[1] == '^') {
        wanted = 0;
        set++;
    }
    while (++set < last) {
        if (*set == ESCAPE) {
            set++;
            if (in_class(c, (unsigned char)*set)) return wanted;
        } else if (set[1] == '-' && set + 2 < last) {
            set += 2;
            if ((unsigned char)set[-2] <= c && c <= (unsigned char)*set) return wanted;
        } else if ((unsigned char)*set == c) {
            return wanted;
        }
    }
    return !wanted;
}

// The end of the single-character class starting at p (past its ']' or escaped letter).
static const char *class_end(matcher *m, const char *p) {
    switch (*p++) {
        case '%':
            if (p == m->pattern_end) luaL_error(m->L, "malformed pattern (ends with '%%')");
            return p + 1;
        case '[':
            if (*p == '^') p++;
            do {
                if (p == m->pattern_end) luaL_error(m->L, "malformed pattern (missing ']')");
                if (*(p++) == ESCAPE && p < m->pattern_end) p++;   // '%]' does not close the set
            } while (*p != ']');
            return p + 1;
        default:
            return p;
    }
}

// Does the character at s match the class [p, class_end)?
static int matches_one(matcher *m, const char *s, const char *p, const char *end) {
    if (s >= m->subject_end) return 0;
    int c = (unsigned char)*s;
    switch (*p) {
        case '.': return 1;
        case '%': return in_class(c, (unsigned char)p[1]);
        case '[': return in_set(c, p, end - 1);
        default: return (unsigned char)*p == c;
    }
}

// ---- The matcher -------------------------------------------------------------------------

static const char *match_balance(matcher *m, const char *s, const char *p) {
    if (p >= m->pattern_end - 1) luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
    if (*s != *p) return NULL;
    char open = p[0], close = p[1];
    int depth = 1;
    while (++s < m->subject_end) {
        step(m, 1);
        if (*s == close) {
            if (--depth == 0) return s + 1;
        } else if (*s == open) {
            depth++;
        }
    }
    return NULL;
}

// Greedy: take as many as match, then give back one at a time.
static const char *expand_greedy(matcher *m, const char *s, const char *p, const char *end) {
    ptrdiff_t count = 0;
    while (matches_one(m, s + count, p, end)) {
        count++;
        step(m, 1);
    }
    for (; count >= 0; count--) {
        step(m, 1);
        const char *rest = shim_match(m, s + count, end + 1);
        if (rest != NULL) return rest;
    }
    return NULL;
}

// Lazy: try the rest first, then take one more.
static const char *expand_lazy(matcher *m, const char *s, const char *p, const char *end) {
    for (;;) {
        step(m, 1);
        const char *rest = shim_match(m, s, end + 1);
        if (rest != NULL) return rest;
        if (!matches_one(m, s, p, end)) return NULL;
        s++;
    }
}

static const char *open_capture(matcher *m, const char *s, const char *p, ptrdiff_t kind) {
    if (m->level >= MAX_CAPTURES) luaL_error(m->L, "too many captures");
    m->capture[m->level].start = s;
    m->capture[m->level].length = kind;
    m->level++;
    const char *rest = shim_match(m, s, p);
    if (rest == NULL) m->level--;   // undo
    return rest;
}

static const char *close_capture(matcher *m, const char *s, const char *p) {
    int open = m->level - 1;
    while (open >= 0 && m->capture[open].length != CAP_UNFINISHED) open--;
    if (open < 0) luaL_error(m->L, "invalid pattern capture");
    m->capture[open].length = s - m->capture[open].start;
    const char *rest = shim_match(m, s, p);
    if (rest == NULL) m->capture[open].length = CAP_UNFINISHED;   // undo
    return rest;
}

// The index (0-based) of the finished capture `digit` names, or an error.
static int finished_capture(matcher *m, int digit) {
    int index = digit - '1';
    if (index < 0 || index >= m->level || m->capture[index].length == CAP_UNFINISHED) {
        return luaL_error(m->L, "invalid capture index %%%d", index + 1);
    }
    return index;
}

static const char *match_back_reference(matcher *m, const char *s, int digit) {
    int index = finished_capture(m, digit);
    size_t length = (size_t)m->capture[index].length;
    step(m, 1 + (int64_t)(length / 16));
    if ((size_t)(m->subject_end - s) >= length && memcmp(m->capture[index].start, s, length) == 0) return s + length;
    return NULL;
}

// The end of the match of pattern p at s, or NULL.
const char *shim_match(matcher *m, const char *s, const char *p) {
    if (m->depth_left-- == 0) luaL_error(m->L, "pattern too complex");
    step(m, 1);
    while (p != m->pattern_end) {
        const char *end;
        switch (*p) {
            case '(':
                s = p[1] == ')' ? open_capture(m, s, p + 2, CAP_POSITION) : open_capture(m, s, p + 1, CAP_UNFINISHED);
                goto done;
            case ')':
                s = close_capture(m, s, p + 1);
                goto done;
            case '$':
                if (p + 1 != m->pattern_end) goto single;   // '$' inside a pattern is literal
                s = s == m->subject_end ? s : NULL;
                goto done;
            case '%':
                switch (p[1]) {
                    case 'b':
                        s = match_balance(m, s, p + 2);
                        if (s == NULL) goto done;
                        p += 4;
                        continue;
                    case 'f': {
                        p += 2;
                        if (*p != '[') luaL_error(m->L, "missing '[' after '%%f' in pattern");
                        end = class_end(m, p);
                        int before = s == m->subject ? '\0' : (unsigned char)s[-1];
                        int here = (unsigned char)*s;   // the terminating '\0' at the end
                        if (!in_set(before, p, end - 1) && in_set(here, p, end - 1)) {
                            p = end;
                            continue;
                        }
                        s = NULL;
                        goto done;
                    }
                    case '0': case '1': case '2': case '3': case '4':
                    case '5': case '6': case '7': case '8': case '9':
                        s = match_back_reference(m, s, (unsigned char)p[1]);
                        if (s == NULL) goto done;
                        p += 2;
                        continue;
                    default:
                        goto single;
                }
            default:
            single:
                end = class_end(m, p);
                if (!matches_one(m, s, p, end)) {
                    if (*end == '*' || *end == '?' || *end == '-') {   // zero occurrences allowed
                        p = end + 1;
                        continue;
                    }
                    s = NULL;
                    goto done;
                }
                switch (*end) {
                    case '?': {
                        const char *rest = shim_match(m, s + 1, end + 1);
                        if (rest != NULL) {
                            s = rest;
                            goto done;
                        }
                        p = end + 1;
                        continue;
                    }
                    case '+': s = expand_greedy(m, s + 1, p, end); goto done;
                    case '*': s = expand_greedy(m, s, p, end); goto done;
                    case '-': s = expand_lazy(m, s, p, end); goto done;
                    default:
                        s++;
                        p = end;
                        continue;
                }
        }
    }
done:
    m->depth_left++;
    return s;
}
