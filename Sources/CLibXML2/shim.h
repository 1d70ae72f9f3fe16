// libxml2's SAX parser, for reading XML without Foundation's XMLParser: ATSXML wraps it.
#ifndef ATSCHECK_CLIBXML2_SHIM_H
#define ATSCHECK_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, and its encoding.h then includes ICU's headers, whose
// types clash (UErrorCode) with the copy of ICU that Foundation's _FoundationICU module
// declares, in any client that imports Foundation too (Examples/LibraryClient). Nothing here
// uses the ICU parts (converter fields of xmlCharEncodingHandler, only reached through a
// pointer), so they are left out.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/entities.h>
#include <libxml/xmlerror.h>

// The SAX handler's `error` member is a variadic function, which Swift can neither write nor
// name. ATSXML installs this one (it ignores the message; errors arrive through the
// structured error callback) so that the handler has the same members set as the one
// swift-corelibs-foundation's XMLParser installs.
static inline void atsxml_ignore_error_message(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

static inline void atsxml_set_ignored_error_message(xmlSAXHandler *handler) {
    handler->error = atsxml_ignore_error_message;
}
#endif
