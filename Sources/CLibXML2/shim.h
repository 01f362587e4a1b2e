// libxml2's headers include unicode/ucnv.h when built with ICU; Foundation on Linux ships its own
// ICU module (FoundationICU) whose declarations clash with the system's. Declaring the two ICU types
// libxml2 needs and the include guard first keeps a clean debug build working.
#ifndef FLOWHOST_CLIBXML2_SHIM_H
#define FLOWHOST_CLIBXML2_SHIM_H

#define UCNV_H
typedef struct UConverter UConverter;
typedef unsigned short UChar;

#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#endif
