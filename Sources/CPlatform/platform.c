// CPlatform is declarations only (include/CPlatform.h); SwiftPM wants a source file in a C target.
#include "CPlatform.h"
