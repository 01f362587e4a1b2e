// libpng's simplified API (png_image): whole images read from and written to memory, no setjmp.
// Its format constants are macros built from other macros, which Swift does not import: they are
// given here as constants.
#ifndef FLOWHOST_CLIBPNG_SHIM_H
#define FLOWHOST_CLIBPNG_SHIM_H

#include <png.h>

static const png_uint_32 flowhost_png_format_rgba = PNG_FORMAT_RGBA;
static const png_uint_32 flowhost_png_image_version = PNG_IMAGE_VERSION;

#endif
