// libedit's readline-compatible interface (Debian: libedit-dev installs it under
// /usr/include/editline). readline.h uses FILE without including stdio.h.
#include <stdio.h>
#include <editline/readline.h>
