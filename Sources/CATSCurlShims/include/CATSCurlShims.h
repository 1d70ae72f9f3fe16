#ifndef ATSCHECK_CURL_SHIMS_H
#define ATSCHECK_CURL_SHIMS_H
#include <stddef.h>

/// What one GET brought back. `body` is malloc'd (free with ats_fetch_free).
typedef struct {
    long status;              /* HTTP status, 0 when no response was read */
    int curl_code;            /* CURLcode; 0 = the transfer completed */
    int capped;               /* 1 when the body grew past the cap and the transfer was stopped */
    unsigned char *body;
    size_t length;
    char error[256];          /* curl's message when curl_code != 0 */
    char content_type[128];   /* Content-Type of the final response, "" when none */
    char final_url[512];      /* the URL after redirects (truncated if longer) */
    char refused[128];        /* "ADDRESS is a KIND address" when a connection was refused, else "" */
} ats_fetch_result;

/// One GET of `url` through libcurl: only `protocols` (curl's list, e.g. "https" or
/// "http,https") for the URL and its redirects, at most `max_redirects` of them, a connect
/// deadline and a whole-transfer deadline, `cap` bytes of body at most, `ca_file` as the
/// only trusted roots when not NULL. Never raises a signal. Returns curl_code.
/// `connect_to` holds `connect_to_count` entries in curl's CURLOPT_CONNECT_TO form
/// ("HOST:PORT:CONNECT-TO-HOST:CONNECT-TO-PORT"). When `public_only` is not 0, no socket is
/// opened to a loopback, link-local, private, shared, unspecified, multicast or reserved
/// address (CATSSystemShims' classifier, checked on the address being connected, after name resolution, for every
/// redirect and --connect-to target); the refusal is told in `refused`.
int ats_fetch(const char *url, const char *protocols, const char *redirect_protocols, long max_redirects,
              long connect_timeout_ms, long total_timeout_ms, size_t cap,
              const char *ca_file, const char *user_agent,
              const char *const *connect_to, int connect_to_count, int public_only, ats_fetch_result *out);

/// Frees the body of a result.
void ats_fetch_free(ats_fetch_result *result);

/// libcurl's version text, e.g. "libcurl/7.88.1 OpenSSL/3.0.15".
const char *ats_curl_version(void);

#endif
