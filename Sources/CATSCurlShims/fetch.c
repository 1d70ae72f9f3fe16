// The libcurl calls atscheck makes. curl_easy_setopt is variadic, which Swift cannot call,
// so the whole transfer is configured here and Swift sees one function and a result struct.
#include "CATSCurlShims.h"
#include "CATSSystemShims.h"
#include <curl/curl.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/socket.h>
#include <stdlib.h>
#include <string.h>

static pthread_once_t global_once = PTHREAD_ONCE_INIT;
static void global_init(void) { curl_global_init(CURL_GLOBAL_DEFAULT); }

typedef struct {
    ats_fetch_result *out;
    size_t cap;
    size_t capacity;
} sink;

static size_t write_body(char *data, size_t size, size_t count, void *user) {
    sink *s = user;
    size_t bytes = size * count;
    if (bytes > s->cap - s->out->length) {  /* length <= cap always holds */
        s->out->capped = 1;
        return 0;  /* stops the transfer with CURLE_WRITE_ERROR */
    }
    if (s->out->length + bytes > s->capacity) {
        size_t grown = s->capacity ? s->capacity : 16384;
        while (grown < s->out->length + bytes) grown *= 2;
        if (grown > s->cap) grown = s->cap;
        unsigned char *more = realloc(s->out->body, grown ? grown : 1);
        if (!more) return 0;
        s->out->body = more;
        s->capacity = grown;
    }
    memcpy(s->out->body + s->out->length, data, bytes);
    s->out->length += bytes;
    return bytes;
}

static void copy_text(char *to, size_t size, const char *from) {
    if (!from) { to[0] = 0; return; }
    strncpy(to, from, size - 1);
    to[size - 1] = 0;
}

typedef struct {
    int public_only;
    ats_fetch_result *out;
} guard;

/* Every connection curl opens passes here with the resolved address it is about to connect
   to, so a name that resolves to loopback, a redirect and a --connect-to target are all seen. */
static curl_socket_t open_guarded(void *user, curlsocktype purpose, struct curl_sockaddr *address) {
    guard *g = user;
    if (g->public_only && purpose == CURLSOCKTYPE_IPCXN) {
        const char *kind = ats_system_sockaddr_kind(&address->addr);
        char text[INET6_ADDRSTRLEN] = "";
        if (address->family == AF_INET) {
            inet_ntop(AF_INET, &((const struct sockaddr_in *)&address->addr)->sin_addr, text, sizeof text);
        } else if (address->family == AF_INET6) {
            inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)&address->addr)->sin6_addr, text, sizeof text);
        }
        if (kind) {
            snprintf(g->out->refused, sizeof g->out->refused, "%s is a %s address", text[0] ? text : "the address", kind);
            return CURL_SOCKET_BAD;
        }
    }
    return socket(address->family, address->socktype, address->protocol);
}

int ats_fetch(const char *url, const char *protocols, const char *redirect_protocols, long max_redirects,
              long connect_timeout_ms, long total_timeout_ms, size_t cap,
              const char *ca_file, const char *user_agent,
              const char *const *connect_to, int connect_to_count, int public_only, ats_fetch_result *out) {
    memset(out, 0, sizeof *out);
    pthread_once(&global_once, global_init);
    CURL *curl = curl_easy_init();
    if (!curl) {
        out->curl_code = CURLE_FAILED_INIT;
        copy_text(out->error, sizeof out->error, "libcurl could not start a transfer");
        return out->curl_code;
    }
    sink s = { out, cap, 0 };
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, protocols);
    curl_easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, redirect_protocols);
    guard g = { public_only, out };
    curl_easy_setopt(curl, CURLOPT_OPENSOCKETFUNCTION, open_guarded);
    curl_easy_setopt(curl, CURLOPT_OPENSOCKETDATA, &g);
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, max_redirects > 0 ? 1L : 0L);
    curl_easy_setopt(curl, CURLOPT_MAXREDIRS, max_redirects);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, connect_timeout_ms);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, total_timeout_ms);
    curl_easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)cap);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, write_body);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &s);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, out->error);
    curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
    if (user_agent) curl_easy_setopt(curl, CURLOPT_USERAGENT, user_agent);
    if (ca_file) {
        curl_easy_setopt(curl, CURLOPT_CAINFO, ca_file);
        curl_easy_setopt(curl, CURLOPT_CAPATH, NULL);
    }
    struct curl_slist *mappings = NULL;
    for (int i = 0; i < connect_to_count; i++) {
        struct curl_slist *grown = curl_slist_append(mappings, connect_to[i]);
        if (!grown) break;
        mappings = grown;
    }
    if (mappings) curl_easy_setopt(curl, CURLOPT_CONNECT_TO, mappings);
    CURLcode code = curl_easy_perform(curl);
    curl_slist_free_all(mappings);
    out->curl_code = (int)code;
    if (code == CURLE_FILESIZE_EXCEEDED) out->capped = 1;
    if (code != CURLE_OK && out->error[0] == 0) copy_text(out->error, sizeof out->error, curl_easy_strerror(code));
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &out->status);
    char *type = NULL;
    if (curl_easy_getinfo(curl, CURLINFO_CONTENT_TYPE, &type) == CURLE_OK) copy_text(out->content_type, sizeof out->content_type, type);
    char *final = NULL;
    if (curl_easy_getinfo(curl, CURLINFO_EFFECTIVE_URL, &final) == CURLE_OK) copy_text(out->final_url, sizeof out->final_url, final);
    curl_easy_cleanup(curl);
    return out->curl_code;
}

void ats_fetch_free(ats_fetch_result *result) {
    free(result->body);
    result->body = NULL;
    result->length = 0;
}

const char *ats_curl_version(void) { return curl_version(); }
