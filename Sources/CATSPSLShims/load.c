// libpsl reads lists from a FILE *; the snapshot and the size-capped bytes of a given file are
// in memory, so they reach libpsl through fmemopen (POSIX 2008; macOS 10.13 and later).
#include "CATSPSLShims.h"
#include <stdio.h>

psl_ctx_t *ats_psl_load_bytes(const char *bytes, size_t length) {
    if (length == 0) return NULL;
    FILE *stream = fmemopen((void *)bytes, length, "r");
    if (stream == NULL) return NULL;
    psl_ctx_t *context = psl_load_fp(stream);
    fclose(stream);
    return context;
}
