#ifndef ATSCHECK_COPENSSL_SHIMS_H
#define ATSCHECK_COPENSSL_SHIMS_H

// C helpers for the OpenSSL macros, stack accessors and union fields that Swift cannot
// reach directly. Every function here is a thin, allocation-free accessor unless its
// comment says otherwise; ownership follows the OpenSSL call it wraps.

#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/ct.h>
#include <openssl/ocsp.h>
#include <openssl/err.h>
#include <stddef.h>
#include <stdint.h>

/// Kinds of subjectAltName / accessLocation entries the Swift side understands.
typedef enum {
    ATS_GN_OTHER = 0,
    ATS_GN_DNS = 1,
    ATS_GN_IP = 2,
    ATS_GN_EMAIL = 3,
    ATS_GN_URI = 4,
} ats_general_name_kind;

/// One general name: kind plus a pointer into the certificate's own storage (valid while
/// the owning GENERAL_NAMES stack lives).
typedef struct {
    ats_general_name_kind kind;
    const unsigned char *data;
    int length;
} ats_general_name;

/// Decoded subjectAltName extension (NULL when absent). Free with ats_general_names_free.
void *ats_copy_subject_alt_names(const X509 *cert, int *count, int *critical);
/// Entry `index` of a GENERAL_NAMES stack returned above.
ats_general_name ats_general_names_at(void *names, int index);
void ats_general_names_free(void *names);

/// Decoded authorityInfoAccess extension (NULL when absent). Free with ats_aia_free.
void *ats_copy_authority_info_access(const X509 *cert, int *count);
/// Method NID (NID_ad_OCSP, NID_ad_ca_issuers, ...) and location of entry `index`.
int ats_aia_at(void *aia, int index, ats_general_name *location);
void ats_aia_free(void *aia);

/// Extended key usage OIDs (NULL when absent). Free with ats_eku_free.
void *ats_copy_extended_key_usage(const X509 *cert, int *count);
/// Writes the dotted OID of entry `index` into buf and returns its NID (NID_undef if unknown).
int ats_eku_at(void *eku, int index, char *buf, int buflen);
void ats_eku_free(void *eku);

/// Embedded SCT list (NULL when absent). Free with ats_scts_free.
void *ats_copy_embedded_scts(const X509 *cert, int *count);
/// Log ID of SCT `index` (pointer into the SCT, valid while the list lives).
size_t ats_sct_log_id(void *scts, int index, const unsigned char **logID);
/// Timestamp (milliseconds since the epoch) of SCT `index`.
uint64_t ats_sct_timestamp(void *scts, int index);
void ats_scts_free(void *scts);
/// i2o encoding of SCT `index` into a fresh buffer (free with ats_openssl_free); 0 on failure.
size_t ats_sct_serialize(void *scts, int index, unsigned char **out);
void ats_openssl_free(void *pointer);

/// What ats_sct_validate found (SCT_get_validation_status, mapped to stable values).
typedef enum {
    ATS_SCT_VALID = 0,
    ATS_SCT_INVALID = 1,
    ATS_SCT_UNKNOWN_LOG = 2,
    ATS_SCT_UNKNOWN_VERSION = 3,
    ATS_SCT_UNVERIFIED = 4,
    ATS_SCT_MALFORMED = 5,
} ats_sct_status;
/// A CTLOG_STORE loaded from an OpenSSL CT log configuration file, or NULL.
void *ats_ctlog_store_load(const char *path);
void ats_ctlog_store_free(void *store);
/// Parses one serialised SCT: version (SCT_VERSION_V1 is 0; -1 when unparsable), log ID and
/// timestamp (v1 only). 1 when it parsed with no trailing bytes, else 0.
int ats_sct_describe(const unsigned char *bytes, size_t length, int *version, unsigned char log_id[32],
                     uint64_t *timestamp);
/// Validates one serialised SCT for `leaf` (precert: embedded, needs `issuer`; otherwise an
/// X.509 entry as delivered over TLS or OCSP) against `store` at `time_ms`.
int ats_sct_validate(const unsigned char *bytes, size_t length, int precert, X509 *leaf, X509 *issuer,
                     void *store, uint64_t time_ms);

/// 1 when the TLS Feature extension lists status_request (OCSP must-staple), 0 when it does
/// not or is absent, -1 when it cannot be decoded.
int ats_has_must_staple(const X509 *cert);

/// Index of the extension with the NID, or -1.
int ats_extension_index(const X509 *cert, int nid);
/// Whether the extension at `index` is marked critical.
int ats_extension_is_critical(const X509 *cert, int index);

/// X509 stack helpers: Swift cannot expand the typed sk_X509_* macros.
STACK_OF(X509) *ats_x509_stack_new(void);
int ats_x509_stack_push(STACK_OF(X509) *stack, X509 *cert);
int ats_x509_stack_count(const STACK_OF(X509) *stack);
X509 *ats_x509_stack_at(const STACK_OF(X509) *stack, int index);
/// Frees the stack and releases one reference on every certificate in it.
void ats_x509_stack_free_all(STACK_OF(X509) *stack);

/// Records every verification error instead of stopping at the first. The callback
/// stores (error, depth) pairs in a buffer owned by the caller.
typedef struct {
    int errors[64];
    int depths[64];
    int count;
} ats_verify_log;
/// Installs the collecting callback on ctx; `log` must outlive X509_verify_cert.
void ats_verify_collect_errors(X509_STORE_CTX *ctx, ats_verify_log *log);

/// OCSP: the status of `cert` (issued by `issuer`) in a DER OCSPResponse.
/// Returns the V_OCSP_CERTSTATUS_* value, or -1 when the response is unusable.
/// `response_status` receives the OCSPResponseStatus; `verified` is 1 when the response
/// signature verifies against `issuer` / `store`; `revocation_time` receives the revocation
/// time (seconds since the epoch) when revoked.
int ats_ocsp_status(const unsigned char *der, long length, X509 *cert, X509 *issuer,
                    X509_STORE *store, int *response_status, int *verified,
                    int64_t *revocation_time, int64_t *this_update, int64_t *next_update);

/// XN_FLAG_RFC2253 without escaping of multi-byte characters (the macro is not importable).
unsigned long ats_name_flags_rfc4514(void);

/// Converts an ASN1_TIME to seconds since the epoch; returns 0 on failure.
int ats_asn1_time_to_epoch(const ASN1_TIME *time, int64_t *seconds);

// ---- TLSLab shims (Sources/CATSOpenSSLShims/lab_shims.c) -------------------------------------
// Used only by the TLSLab target. Self-contained: relies on nothing else in this header.

/// SSL_CTX_set_min_proto_version + SSL_CTX_set_max_proto_version (both macros); 1 on success.
int ats_lab_ctx_set_proto_versions(SSL_CTX *ctx, int min_version, int max_version);
/// SSL_CTX_set_dh_auto(ctx, 1) (a macro): DHE groups sized to the server key; 1 on success.
int ats_lab_ctx_set_dh_auto(SSL_CTX *ctx);
/// Makes SSL_accept pause, sending nothing, on a ClientHello that asks for SCTs
/// (`pause_when_asked` 1) or on one that does not (0); see ats_lab_accept_paused_at_client_hello.
void ats_lab_ctx_pause_hellos_by_sct_request(SSL_CTX *ctx, int pause_when_asked);
/// True when SSL_accept just returned because the client-hello callback paused it.
int ats_lab_accept_paused_at_client_hello(SSL *ssl);
/// A DER OCSPResponse saying "good" for `leaf`, signed by its `issuer`, whose single response
/// carries `sct_list` (a TLS-encoded SignedCertificateTimestampList) as its SCT extension;
/// thisUpdate/nextUpdate as ASN.1 time strings ("20250531000000Z"). NULL on failure.
/// Free with ats_lab_staple_free (after the SSL_CTX that staples it).
void *ats_lab_make_ocsp_staple(X509 *leaf, X509 *issuer, EVP_PKEY *issuer_key, const unsigned char *sct_list,
                               size_t sct_list_length, const char *this_update, const char *next_update);
/// Staples the response to every handshake whose client asks for OCSP (status_request).
int ats_lab_ctx_staple(SSL_CTX *ctx, void *staple);
/// ats_lab_make_ocsp_staple for the leaf loaded into `ctx`, with the issuer (PEM), its key (PEM)
/// and the SCT list given as bytes.
void *ats_lab_make_ocsp_staple_from_pem(SSL_CTX *ctx, const void *issuer_pem, size_t issuer_pem_length,
                                        const void *issuer_key_pem, size_t issuer_key_pem_length,
                                        const void *sct_list, size_t sct_list_length,
                                        const char *this_update, const char *next_update);
void ats_lab_staple_free(void *staple);
/// SSL_CTX_use_certificate_chain_file over PEM bytes: the first certificate is the leaf, the
/// others its chain. 1 on success; on failure the reason is on OpenSSL's error queue.
int ats_lab_ctx_use_certificate_chain_pem(SSL_CTX *ctx, const void *pem, size_t length);
/// SSL_OP_CIPHER_SERVER_PREFERENCE: the server's cipher list order picks the suite.
void ats_lab_ctx_prefer_server_cipher_order(SSL_CTX *ctx);
/// SSL_CTX_use_PrivateKey_file(..., SSL_FILETYPE_PEM) over PEM bytes. 1 on success.
int ats_lab_ctx_use_private_key_pem(SSL_CTX *ctx, const void *pem, size_t length);
/// SSL_CTX_use_serverinfo_file over PEM bytes holding `SERVERINFOV2 FOR ...` blocks (the
/// version-1 format is not read). 1 on success.
int ats_lab_ctx_use_serverinfo_v2_pem(SSL_CTX *ctx, const void *pem, size_t length);
// ---- end of TLSLab shims -------------------------------------------------------------------

// ---- TLSProbe shims (Sources/CATSOpenSSLShims/probe_shims.c) ----------------------------------
// Used only by the TLSProbe target. Self-contained: relies on nothing else in this header.

/// SSL_set_min_proto_version / SSL_set_max_proto_version (macros); 1 on success.
int ats_probe_set_min_proto_version(SSL *ssl, int version);
int ats_probe_set_max_proto_version(SSL *ssl, int version);
/// SSL_set1_groups_list (a macro); 1 on success.
int ats_probe_set1_groups_list(SSL *ssl, const char *groups);
/// Sets SSL_OP_ALL | SSL_OP_LEGACY_SERVER_CONNECT (uint64 option macros Swift cannot import).
void ats_probe_ctx_set_legacy_options(SSL_CTX *ctx);
/// SSL_set_tlsext_host_name (a macro): SNI; 1 on success.
int ats_probe_set_host_name(SSL *ssl, const char *name);
/// SSL_set_tlsext_status_type(ssl, TLSEXT_STATUSTYPE_ocsp) (a macro); 1 on success.
int ats_probe_request_ocsp(SSL *ssl);
/// SSL_get_tlsext_status_ocsp_resp (a macro): length of the stapled response (0 when none);
/// *der points into the SSL object and is valid while it lives.
long ats_probe_ocsp_response(SSL *ssl, const unsigned char **der);
/// SSL_get_negotiated_group (a macro): NID of the group, NID_undef / 0 when unknown.
int ats_probe_negotiated_group(SSL *ssl);
/// SSL_get_peer_tmp_key (a macro): the server's ephemeral key (one reference for the
/// caller, free with EVP_PKEY_free), NULL for static RSA or when unknown.
EVP_PKEY *ats_probe_peer_tmp_key(SSL *ssl);

/// Where an SCT came from (SCT_get_source, mapped to stable values).
typedef enum {
    ATS_PROBE_SCT_SOURCE_UNKNOWN = 0,
    ATS_PROBE_SCT_SOURCE_TLS_EXTENSION = 1,
    ATS_PROBE_SCT_SOURCE_OCSP = 2,
    ATS_PROBE_SCT_SOURCE_CERTIFICATE = 3,
} ats_probe_sct_source;
/// Number of SCTs SSL_get0_peer_scts reports (TLS extension, stapled OCSP and embedded).
int ats_probe_peer_sct_count(SSL *ssl);
/// i2o encoding of peer SCT `index` (free with ats_openssl_free); 0 on failure.
size_t ats_probe_peer_sct_serialize(SSL *ssl, int index, unsigned char **out);
/// Source, log ID (pointer into the SSL object) and timestamp (ms) of SCT `index`.
int ats_probe_peer_sct_at(SSL *ssl, int index, const unsigned char **log_id, size_t *log_id_length,
                          uint64_t *timestamp);

/// What the probe socket BIO saw: the first bytes the peer sent (to tell TLS from other
/// protocols), byte counts, EOF, and the errno of the last failed send/recv.
typedef struct {
    unsigned char first_bytes[16];
    int first_bytes_length;
    int eof;
    int last_errno;
    uint64_t bytes_read;
    uint64_t bytes_written;
    /// A well-formed TLS alert (2 bytes, level warning or fatal) arrived from the server.
    int alert_received;
    /// A complete ServerHello handshake message arrived (before OpenSSL judged its contents).
    int server_hello_received;
    /// Body length of the server's Certificate handshake message; -1 until one arrived.
    long certificate_message_length;
    /// The handshake stopped where ats_probe_stop_after asked (the probe has what it needs).
    int stopped;
} ats_probe_io_stats;

/// Where a probe's handshake may stop early.
typedef enum {
    /// Run the handshake to the end.
    ATS_PROBE_STOP_NONE = 0,
    /// After the ServerHello is processed (version and suite known).
    ATS_PROBE_STOP_SERVER_HELLO = 1,
    /// After the server's Certificate message is processed (the chain is known too).
    ATS_PROBE_STOP_CERTIFICATE = 2,
} ats_probe_stop;
/// A BIO over a connected non-blocking socket: send with MSG_NOSIGNAL (no SIGPIPE), recv,
/// retry flags on EAGAIN. Does not close fd. Pass it to SSL_set_bio (which takes ownership).
BIO *ats_probe_bio_new(int fd);
/// Copies the stats of the probe BIO attached to ssl; 0 when ssl has no probe BIO.
int ats_probe_io_stats_get(SSL *ssl, ats_probe_io_stats *out);
/// Records, in the probe BIO's stats, the TLS messages the server sends (alerts, ServerHello,
/// the Certificate message's size). Call after SSL_set_bio with a probe BIO.
void ats_probe_track_messages(SSL *ssl);
/// Ends the handshake once `stop` is reached: the next read or write of the probe BIO is
/// refused as "would block" and the stats' `stopped` is set. Call after ats_probe_track_messages.
int ats_probe_stop_after(SSL *ssl, ats_probe_stop stop);
/// SSL_CTX_set_max_cert_list (a macro): the largest Certificate message the client accepts.
long ats_probe_ctx_set_max_cert_list(SSL_CTX *ctx, long bytes);

// ---- end of TLSProbe shims -----------------------------------------------------------------


// ---- Pinning shims (Sources/CATSOpenSSLShims/pinning_shims.c) --------------------------------
// Used only by the Pinning target (PinningSSLAdapter). Self-contained.

/// Releases an object stored in ex_data (a retained Swift object); called by OpenSSL when the
/// owning SSL_CTX / SSL is freed.
typedef void (*ats_pin_release_fn)(void *object);
/// The SSL_CTX ex_data index for the adapter (registered once; `release` is called on the
/// stored pointer when the SSL_CTX is freed). -1 on failure.
int ats_pin_ctx_ex_index(ats_pin_release_fn release);
/// The SSL ex_data index for per-connection pin state (same contract). -1 on failure.
int ats_pin_ssl_ex_index(ats_pin_release_fn release);
/// The SSL* a verification runs for (X509_STORE_CTX ex_data), or NULL.
SSL *ats_pin_ssl_from_store(X509_STORE_CTX *store);
/// SSL_get_servername(ssl, TLSEXT_NAMETYPE_host_name): the SNI name, or NULL.
const char *ats_pin_ssl_servername(const SSL *ssl);
/// SSL_set_tlsext_host_name (a macro); 1 on success.
int ats_pin_ssl_set_sni(SSL *ssl, const char *name);
// ---- end of Pinning shims ------------------------------------------------------------------

/// Adds to `store` a lookup over `count` certificates kept as PEM (`pem`, copied; certificate
/// `i` is the block at `offsets[i]`, `lengths[i]` bytes) and decoded only when a chain asks for
/// a subject whose X509_NAME_hash_ex is theirs (lazy_roots.c). The store owns the copy.
/// Returns 1 on success.
int ats_store_add_lazy_roots(X509_STORE *store, const unsigned char *pem, int pem_length,
                             const int *offsets, const int *lengths,
                             const unsigned long *subject_hashes, int count);
/// How many objects (certificates, CRLs) the store holds now; -1 on error.
int ats_store_object_count(X509_STORE *store);
/// X509_NAME_hash_ex (the `openssl x509 -subject_hash` value), 0 if it cannot be computed.
unsigned long ats_x509_name_hash(const X509_NAME *name);

#endif
