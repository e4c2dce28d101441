#include <libxml/xmlversion.h>
#include <libxml/parser.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlmemory.h>

// xmlFree is a global function pointer, which Swift 6 will not read from concurrent code.
static inline void cpv_xml_free(void *pointer) { xmlFree(pointer); }
