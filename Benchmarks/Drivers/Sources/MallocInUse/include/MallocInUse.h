#ifndef MALLOC_IN_USE_H
#define MALLOC_IN_USE_H
#include <stddef.h>

/// The bytes malloc has handed out and not had back: glibc's `mallinfo2` (in use in its arenas,
/// and in blocks of their own); 0 where there is none. Swift's Glibc module has no malloc.h.
size_t malloc_in_use(void);

#endif
