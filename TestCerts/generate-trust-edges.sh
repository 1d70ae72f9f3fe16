#!/usr/bin/env bash
# Issues the leaves for trustd's edge cases (docs/ats-rules.md#apple-server-auth-eku,
# #apple-validity-period), signed by the committed intermediate. Run by generate.sh after the
# CAs exist; on its own it reuses TestCerts/intermediate.pem and keys/intermediate.key and
# touches only the files it writes:
#   leaf-no-eku-2019.pem      no EKU extension, 2019-06-01 → 2021-06-01 (issued before July 2019)
#   leaf-any-eku.pem          EKU anyExtendedKeyUsage only
#   leaf-sgc-eku.pem          EKU msSGC only (Microsoft Server Gated Crypto)
#   leaf-398-days-exact.pem   notAfter − notBefore = 398 × 86,400 s exactly
#   leaf-825-days-30-min.pem  notAfter − notBefore = 825 × 86,400 s + 1,800 s
#   leaf-wildcard-co-uk.pem   SAN DNS:*.co.uk (a wildcard over a public suffix) and DNS:*.atscheck.test
#   leaf-empty-subject.pem           empty subject, SAN DNS:good.atscheck.test not critical
#   leaf-empty-subject-critical-san.pem  empty subject, SAN DNS:good.atscheck.test critical
#   leaf-expired-ecdsa.pem    ECDSA P-256, expired on 2024-12-01 (the lab's dual-certificate server
#                             serves it beside the valid RSA leaf-good-rsa.pem)
# SUBJ before a call sets the subject ("/" = empty; default O=atscheck tests, CN=good.atscheck.test);
# KEYTYPE=ec256 makes an ECDSA P-256 key (default RSA 2048).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
KEYS="$HERE/keys"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# shellcheck source=ca-config.sh
source "$HERE/ca-config.sh"
write_ca_config "$WORK"
# A policy that requires no attribute, for the empty subjects (policy_any requires a CN).
printf '[ policy_none ]\n' >> "$WORK/ca.cnf"

# edge NAME SERIAL START END EKU SAN — EKU empty means no extendedKeyUsage extension.
edge() {
  local name=$1 serial=$2 start=$3 end=$4 eku=$5 san=$6
  local subj=${SUBJ:-/O=atscheck tests/CN=good.atscheck.test} policy=policy_any
  if [[ $subj == / ]]; then policy=policy_none; fi
  {
    echo "[ leaf ]"
    echo "basicConstraints = CA:FALSE"
    if [[ ${KEYTYPE:-rsa2048} == ec256 ]]; then echo "keyUsage = critical, digitalSignature"
    else echo "keyUsage = critical, digitalSignature, keyEncipherment"; fi
    if [[ -n $eku ]]; then echo "extendedKeyUsage = $eku"; fi
    echo "subjectKeyIdentifier = hash"
    echo "authorityKeyIdentifier = keyid:always"
    echo "subjectAltName = $san"
  } > "$WORK/$name.ext"
  : > "$WORK/index.txt"
  echo "$serial" > "$WORK/serial"
  if [[ ! -f "$KEYS/$name.key" ]]; then
    if [[ ${KEYTYPE:-rsa2048} == ec256 ]]; then openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$KEYS/$name.key" 2>/dev/null
    else openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$KEYS/$name.key" 2>/dev/null; fi
  fi
  chmod 644 "$KEYS/$name.key"
  OPENSSL_CONF="$WORK/ca.cnf" openssl req -new -key "$KEYS/$name.key" -subj "$subj" -out "$WORK/$name.csr"
  OPENSSL_CONF="$WORK/ca.cnf" openssl ca -batch -notext -config "$WORK/ca.cnf" -policy "$policy" \
    -cert "$HERE/intermediate.pem" -keyfile "$KEYS/intermediate.key" \
    -in "$WORK/$name.csr" -out "$WORK/$name.crt" -startdate "$start" -enddate "$end" -md sha256 \
    -extfile "$WORK/$name.ext" -extensions leaf 2>"$WORK/ca.log" || { cat "$WORK/ca.log" >&2; exit 1; }
  cat "$WORK/$name.crt" "$HERE/intermediate.pem" > "$HERE/$name.pem"
}

# end_after START SECONDS -> START + SECONDS as an openssl date.
end_after() { date -u -d "@$(( $(date -u -d "$1" +%s) + $2 ))" +%Y%m%d%H%M%SZ; }

G=DNS:good.atscheck.test
edge leaf-no-eku-2019         2024 20190601000000Z 20210601000000Z "" "$G"
edge leaf-any-eku             2025 20250101000000Z 20251201000000Z anyExtendedKeyUsage "$G"
edge leaf-sgc-eku             2026 20250101000000Z 20251201000000Z msSGC "$G"
edge leaf-398-days-exact      2027 20250101000000Z "$(end_after 2025-01-01T00:00:00Z $(( 398 * 86400 )))" serverAuth "$G"
edge leaf-825-days-30-min     2028 20240601000000Z "$(end_after 2024-06-01T00:00:00Z $(( 825 * 86400 + 1800 )))" serverAuth "$G"
edge leaf-wildcard-co-uk      2029 20250101000000Z 20251201000000Z serverAuth "DNS:*.co.uk, DNS:*.atscheck.test"
# trustd's SecPolicyCheckCertNonEmptySubject: an empty subject needs a critical subjectAltName.
SUBJ=/ edge leaf-empty-subject              2030 20250101000000Z 20251201000000Z serverAuth "$G"
SUBJ=/ edge leaf-empty-subject-critical-san 2031 20250101000000Z 20251201000000Z serverAuth "critical, $G"
KEYTYPE=ec256 edge leaf-expired-ecdsa       2032 20240101000000Z 20241201000000Z serverAuth "$G"
echo "wrote the trust edge leaves to $HERE"
