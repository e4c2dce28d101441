// PCRE2 picks its code-unit width from this macro; cpvanity matches UTF-8 bytes.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
