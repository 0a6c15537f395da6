// Lua 5.4's public headers, found through pkg-config (lua5.4).
#ifndef DETENT_CLUA_H
#define DETENT_CLUA_H
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#endif
