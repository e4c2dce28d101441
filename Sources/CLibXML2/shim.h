#include <libxml/xmlversion.h>
#include <libxml/parser.h>
#include <libxml/xmlreader.h>
