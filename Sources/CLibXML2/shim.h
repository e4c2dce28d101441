#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, and its headers would then pull in the system's ICU
// headers, whose declarations clash with the ICU copy inside Foundation. cpvanity
// uses no ICU-specific libxml2 API, and only touches libxml2's structs through
// pointers, so the ICU part of the headers is left out.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/HTMLparser.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlmemory.h>

// xmlFree is a global function pointer, which Swift 6 will not read from concurrent code.
static inline void cpv_xml_free(void *pointer) { xmlFree(pointer); }

// Where the parser stands in its input, in bytes from the start: what it has consumed
// and shrunk away, plus how far into what is left. Meaningful when the input is read
// as UTF-8 without conversion (the page tree switches the parser to UTF-8 first).
static inline long cpv_parser_offset(xmlParserCtxtPtr context) {
    xmlParserInputPtr input = context->input;
    if (input == NULL || input->cur == NULL || input->base == NULL) return -1;
    return (long)input->consumed + (long)(input->cur - input->base);
}
