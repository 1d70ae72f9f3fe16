// TLSProbe helpers: OpenSSL macros the probe client needs, SCT accessors, a socket BIO
// that never raises SIGPIPE and remembers the first bytes the peer sent, and non-blocking
// TCP connect primitives. Declarations: the "TLSProbe" section of CATSOpenSSLShims.h.

#include "CATSOpenSSLShims.h"
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <unistd.h>
#include <openssl/crypto.h>

// MARK: - SSL_CTX / SSL macros

int ats_probe_set_min_proto_version(SSL *ssl, int version) {
    return (int)SSL_set_min_proto_version(ssl, version);
}

int ats_probe_set_max_proto_version(SSL *ssl, int version) {
    return (int)SSL_set_max_proto_version(ssl, version);
}

int ats_probe_set1_groups_list(SSL *ssl, const char *groups) {
    return (int)SSL_set1_groups_list(ssl, groups);
}

void ats_probe_ctx_set_legacy_options(SSL_CTX *ctx) {
    // SSL_OP_ALL: the usual interoperability workarounds. SSL_OP_LEGACY_SERVER_CONNECT:
    // OpenSSL 3 refuses servers without RFC 5746 secure renegotiation by default; a probe
    // must observe such legacy servers rather than fail on them.
    SSL_CTX_set_options(ctx, SSL_OP_ALL | SSL_OP_LEGACY_SERVER_CONNECT);
}

int ats_probe_set_host_name(SSL *ssl, const char *name) {
    return (int)SSL_set_tlsext_host_name(ssl, name);
}

int ats_probe_request_ocsp(SSL *ssl) {
    return (int)SSL_set_tlsext_status_type(ssl, TLSEXT_STATUSTYPE_ocsp);
}

long ats_probe_ocsp_response(SSL *ssl, const unsigned char **der) {
    unsigned char *response = NULL;
    long length = SSL_get_tlsext_status_ocsp_resp(ssl, &response);
    *der = response;
    return (response != NULL && length > 0) ? length : 0;
}

int ats_probe_negotiated_group(SSL *ssl) {
    return (int)SSL_get_negotiated_group(ssl);
}

EVP_PKEY *ats_probe_peer_tmp_key(SSL *ssl) {
    EVP_PKEY *key = NULL;
    if (SSL_get_peer_tmp_key(ssl, &key) != 1) return NULL;
    return key;
}

// MARK: - SCTs

int ats_probe_peer_sct_count(SSL *ssl) {
    const STACK_OF(SCT) *scts = SSL_get0_peer_scts(ssl);
    return scts ? sk_SCT_num(scts) : 0;
}

int ats_probe_peer_sct_at(SSL *ssl, int index, const unsigned char **log_id, size_t *log_id_length,
                          uint64_t *timestamp) {
    const STACK_OF(SCT) *scts = SSL_get0_peer_scts(ssl);
    *log_id = NULL;
    *log_id_length = 0;
    *timestamp = 0;
    if (scts == NULL || index < 0 || index >= sk_SCT_num(scts)) return ATS_PROBE_SCT_SOURCE_UNKNOWN;
    const SCT *sct = sk_SCT_value(scts, index);
    unsigned char *id = NULL;
    *log_id_length = SCT_get0_log_id(sct, &id);
    *log_id = id;
    *timestamp = SCT_get_timestamp(sct);
    switch (SCT_get_source(sct)) {
    case SCT_SOURCE_TLS_EXTENSION: return ATS_PROBE_SCT_SOURCE_TLS_EXTENSION;
    case SCT_SOURCE_OCSP_STAPLED_RESPONSE: return ATS_PROBE_SCT_SOURCE_OCSP;
    case SCT_SOURCE_X509V3_EXTENSION: return ATS_PROBE_SCT_SOURCE_CERTIFICATE;
    default: return ATS_PROBE_SCT_SOURCE_UNKNOWN;
    }
}

// MARK: - Socket BIO

typedef struct {
    int fd;
    ats_probe_io_stats stats;
    /// ats_probe_stop: where the handshake should stop (ATS_PROBE_STOP_NONE: run it to the end).
    int stop_after;
    /// The message to stop after has arrived: the next read or write ends the handshake.
    int stop_pending;
} ats_probe_bio_state;

/// Once the message the probe needs has been processed, OpenSSL's next attempt to read the
/// server's next record or to send the client's next flight is refused as "would block", so
/// SSL_connect returns WANT_READ/WANT_WRITE and the caller sees ats_probe_stop_reached.
static int ats_probe_bio_stop(BIO *bio, ats_probe_bio_state *state, int reading) {
    if (!state->stop_pending) return 0;
    state->stats.stopped = 1;
    if (reading) BIO_set_retry_read(bio); else BIO_set_retry_write(bio);
    return 1;
}

static int ats_probe_bio_write(BIO *bio, const char *data, int length) {
    ats_probe_bio_state *state = BIO_get_data(bio);
    BIO_clear_retry_flags(bio);
    if (state == NULL) return -1;
    if (ats_probe_bio_stop(bio, state, 0)) return -1;
    ssize_t sent;
    do {
        // MSG_NOSIGNAL: a peer that resets mid-handshake yields EPIPE here instead of a
        // process-killing SIGPIPE, without touching the process-wide signal disposition.
#ifdef MSG_NOSIGNAL
        sent = send(state->fd, data, (size_t)length, MSG_NOSIGNAL);
#else
        sent = send(state->fd, data, (size_t)length, 0);  // SO_NOSIGPIPE set in ats_probe_bio_new
#endif
    } while (sent < 0 && errno == EINTR);
    if (sent >= 0) {
        state->stats.bytes_written += (uint64_t)sent;
        return (int)sent;
    }
    if (errno == EAGAIN || errno == EWOULDBLOCK) {
        BIO_set_retry_write(bio);
        return -1;
    }
    state->stats.last_errno = errno;
    return -1;
}

static int ats_probe_bio_read(BIO *bio, char *out, int length) {
    ats_probe_bio_state *state = BIO_get_data(bio);
    BIO_clear_retry_flags(bio);
    if (state == NULL || out == NULL) return -1;
    if (ats_probe_bio_stop(bio, state, 1)) return -1;
    ssize_t received;
    do {
        received = recv(state->fd, out, (size_t)length, 0);
    } while (received < 0 && errno == EINTR);
    if (received > 0) {
        size_t room = sizeof(state->stats.first_bytes) - (size_t)state->stats.first_bytes_length;
        size_t copy = (size_t)received < room ? (size_t)received : room;
        if (copy > 0) {
            memcpy(state->stats.first_bytes + state->stats.first_bytes_length, out, copy);
            state->stats.first_bytes_length += (int)copy;
        }
        state->stats.bytes_read += (uint64_t)received;
        return (int)received;
    }
    if (received == 0) {
        state->stats.eof = 1;
        return 0;
    }
    if (errno == EAGAIN || errno == EWOULDBLOCK) {
        BIO_set_retry_read(bio);
        return -1;
    }
    state->stats.last_errno = errno;
    return -1;
}

static int ats_probe_bio_puts(BIO *bio, const char *text) {
    return ats_probe_bio_write(bio, text, (int)strlen(text));
}

static long ats_probe_bio_ctrl(BIO *bio, int command, long number, void *pointer) {
    (void)bio; (void)number; (void)pointer;
    switch (command) {
    case BIO_CTRL_FLUSH:
    case BIO_CTRL_DUP:
        return 1;
    default:
        return 0;
    }
}

static int ats_probe_bio_create(BIO *bio) {
    BIO_set_data(bio, NULL);
    BIO_set_init(bio, 0);
    return 1;
}

static int ats_probe_bio_destroy(BIO *bio) {
    if (bio == NULL) return 0;
    free(BIO_get_data(bio));  // the descriptor belongs to the caller and stays open
    BIO_set_data(bio, NULL);
    BIO_set_init(bio, 0);
    return 1;
}

static BIO_METHOD *ats_probe_bio_method = NULL;
static int ats_probe_bio_type = 0;
static CRYPTO_ONCE ats_probe_bio_method_once = CRYPTO_ONCE_STATIC_INIT;

static void ats_probe_bio_method_init(void) {
    int type = BIO_get_new_index();
    if (type == -1) return;
    type |= BIO_TYPE_SOURCE_SINK | BIO_TYPE_DESCRIPTOR;
    BIO_METHOD *method = BIO_meth_new(type, "atscheck probe socket");
    if (method == NULL) return;
    BIO_meth_set_write(method, ats_probe_bio_write);
    BIO_meth_set_read(method, ats_probe_bio_read);
    BIO_meth_set_puts(method, ats_probe_bio_puts);
    BIO_meth_set_ctrl(method, ats_probe_bio_ctrl);
    BIO_meth_set_create(method, ats_probe_bio_create);
    BIO_meth_set_destroy(method, ats_probe_bio_destroy);
    ats_probe_bio_type = type;
    ats_probe_bio_method = method;
}

BIO *ats_probe_bio_new(int fd) {
    if (!CRYPTO_THREAD_run_once(&ats_probe_bio_method_once, ats_probe_bio_method_init)) return NULL;
    if (ats_probe_bio_method == NULL) return NULL;
    ats_probe_bio_state *state = calloc(1, sizeof(*state));
    if (state == NULL) return NULL;
    state->fd = fd;
    state->stats.certificate_message_length = -1;
    BIO *bio = BIO_new(ats_probe_bio_method);
    if (bio == NULL) {
        free(state);
        return NULL;
    }
    BIO_set_data(bio, state);
    BIO_set_init(bio, 1);
#if !defined(MSG_NOSIGNAL) && defined(SO_NOSIGPIPE)
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, sizeof(one));
#endif
    return bio;
}

int ats_probe_io_stats_get(SSL *ssl, ats_probe_io_stats *out) {
    memset(out, 0, sizeof(*out));
    BIO *bio = SSL_get_rbio(ssl);
    if (bio == NULL || BIO_method_type(bio) != ats_probe_bio_type) return 0;
    ats_probe_bio_state *state = BIO_get_data(bio);
    if (state == NULL) return 0;
    *out = state->stats;
    return 1;
}

// MARK: - Messages from the server

static ats_probe_bio_state *ats_probe_state_of(SSL *ssl) {
    BIO *bio = SSL_get_rbio(ssl);
    if (bio == NULL || BIO_method_type(bio) != ats_probe_bio_type) return NULL;
    return BIO_get_data(bio);
}

// OpenSSL calls this for every protocol message, after reading it whole and before acting on
// it; for received handshake messages `buf` starts with the 4-byte handshake header.
static void ats_probe_message_callback(int write_p, int version, int content_type, const void *buf, size_t len,
                                       SSL *ssl, void *arg) {
    (void)version; (void)arg;
    if (write_p) return;
    ats_probe_bio_state *state = ats_probe_state_of(ssl);
    const unsigned char *bytes = buf;
    if (state == NULL || bytes == NULL) return;
    if (content_type == SSL3_RT_ALERT && len == 2 && (bytes[0] == SSL3_AL_WARNING || bytes[0] == SSL3_AL_FATAL)) {
        state->stats.alert_received = 1;
    } else if (content_type == SSL3_RT_HANDSHAKE && len >= 4) {
        if (bytes[0] == SSL3_MT_SERVER_HELLO) {
            state->stats.server_hello_received = 1;
            // A TLS 1.3 HelloRetryRequest is a ServerHello whose random is this fixed value
            // (RFC 8446, 4.1.3): the server asks for another key share, and the ServerHello that
            // settles the version and suite is still to come.
            static const unsigned char retry_random[32] = {
                0xCF, 0x21, 0xAD, 0x74, 0xE5, 0x9A, 0x61, 0x11, 0xBE, 0x1D, 0x8C, 0x02, 0x1E, 0x65, 0xB8, 0x91,
                0xC2, 0xA2, 0x11, 0x16, 0x7A, 0xBB, 0x8C, 0x5E, 0x07, 0x9E, 0x09, 0xE2, 0xC8, 0xA8, 0x33, 0x9C,
            };
            int retry = len >= 4 + 2 + 32 && memcmp(bytes + 4 + 2, retry_random, sizeof retry_random) == 0;
            if (!retry && state->stop_after == ATS_PROBE_STOP_SERVER_HELLO) state->stop_pending = 1;
        }
        if (bytes[0] == SSL3_MT_CERTIFICATE) {
            state->stats.certificate_message_length = (long)(len - 4);
            if (state->stop_after == ATS_PROBE_STOP_CERTIFICATE) state->stop_pending = 1;
        }
    }
}

int ats_probe_stop_after(SSL *ssl, ats_probe_stop stop) {
    ats_probe_bio_state *state = ats_probe_state_of(ssl);
    if (state == NULL) return 0;
    state->stop_after = (int)stop;
    return 1;
}

void ats_probe_track_messages(SSL *ssl) {
    SSL_set_msg_callback(ssl, ats_probe_message_callback);
}

long ats_probe_ctx_set_max_cert_list(SSL_CTX *ctx, long bytes) {
    return SSL_CTX_set_max_cert_list(ctx, bytes);
}
