#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, and its headers would then pull in the system's ICU
// headers, whose declarations clash with the ICU copy inside Foundation. cpvanity
// uses no ICU-specific libxml2 API, and only touches libxml2's structs through
// pointers, so the ICU part of the headers is left out.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlmemory.h>

// xmlFree is a global function pointer, which Swift 6 will not read from concurrent code.
static inline void cpv_xml_free(void *pointer) { xmlFree(pointer); }
