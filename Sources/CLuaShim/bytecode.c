// Which chunks may be bytecode. A script's chunk is loaded as text only: Lua's loader does not
// verify bytecode, and a forged binary chunk can corrupt the state (SPEC §13). Detent's own
// prelude is compiled at build time and loaded as binary only. In C so that each load's mode
// is fixed in its entry point (the bridge says what it loads, never which mode), and because
// the dump's writer is a callback Lua's C core calls.
#include "CLuaShim.h"
#include <stdlib.h>
#include <string.h>

// Text only: mode "t" refuses precompiled bytecode (SPEC §13).
int detent_lua_loadtext(lua_State *L, const char *text, size_t len, const char *chunkname) {
    return luaL_loadbufferx(L, text, len, chunkname, "t");
}

// ---- Precompiled trusted chunks ---------------------------------------------------------

static int buffer_writer(lua_State *L, const void *p, size_t size, void *ud) {
    (void)L;
    detent_buffer *buffer = (detent_buffer *)ud;
    if (buffer->size + size > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity * 2 : 4096;
        while (capacity < buffer->size + size) capacity *= 2;
        char *data = (char *)realloc(buffer->data, capacity);
        if (data == NULL) return 1;
        buffer->data = data;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->size, p, size);
    buffer->size += size;
    return 0;
}

int detent_lua_dump(lua_State *L, detent_buffer *out) {
    return lua_dump(L, buffer_writer, out, 0);
}

void detent_buffer_free(detent_buffer *buffer) {
    free(buffer->data);
    buffer->data = NULL;
    buffer->size = buffer->capacity = 0;
}

int detent_lua_loadbinary(lua_State *L, const char *data, size_t len, const char *chunkname) {
    return luaL_loadbufferx(L, data, len, chunkname, "b");
}
