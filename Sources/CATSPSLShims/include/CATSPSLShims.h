#ifndef ATSCHECK_PSL_SHIMS_H
#define ATSCHECK_PSL_SHIMS_H
#include <stddef.h>
#include <libpsl.h>

/// A libpsl context parsed from the list's text format held in memory (`bytes`, `length`
/// bytes, not NUL-terminated). NULL when libpsl refuses it or memory runs out. Free with psl_free.
psl_ctx_t *ats_psl_load_bytes(const char *bytes, size_t length);

/// The Public Suffix List snapshot compiled into atscheck (psl_snapshot.c), `*length` bytes in
/// libpsl's DAFSA form (psl-make-dafsa), which ats_psl_load_bytes reads as it reads text.
const char *ats_psl_snapshot(size_t *length);
/// The number of rules in the list the snapshot was compiled from (libpsl counts none in a DAFSA).
int ats_psl_snapshot_rule_count(void);
/// Where the snapshot comes from: "publicsuffix/list <commit> (<commit date>)".
const char *ats_psl_snapshot_source(void);

#endif
