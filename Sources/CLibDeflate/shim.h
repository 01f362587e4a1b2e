// libdeflate (Debian's libdeflate-dev): whole-buffer DEFLATE, gzip and zlib, for the pages and
// files WebHost sends compressed.
#ifndef FLOWHOST_CLIBDEFLATE_SHIM_H
#define FLOWHOST_CLIBDEFLATE_SHIM_H

#include <libdeflate.h>

#endif
