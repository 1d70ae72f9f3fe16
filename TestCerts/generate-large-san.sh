#!/usr/bin/env bash
# Issues leaf-10000-sans.pem: good.atscheck.test plus 9,999 more DNS names (a Certificate
# message of about 220 KB, more than the 100 KiB Apple's TLS client accepts), signed by the
# committed intermediate with the same fixed dates as leaf-good-rsa. Run by generate.sh after
# the CAs exist; on its own it reuses TestCerts/intermediate.pem and keys/intermediate.key and
# touches no other file.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
KEYS="$HERE/keys"
NAME=leaf-10000-sans
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

{
  echo "[ leaf ]"
  echo "basicConstraints = CA:FALSE"
  echo "keyUsage = critical, digitalSignature, keyEncipherment"
  echo "extendedKeyUsage = serverAuth"
  echo "subjectKeyIdentifier = hash"
  echo "authorityKeyIdentifier = keyid:always"
  echo "subjectAltName = @names"
  echo "[ names ]"
  echo "DNS.1 = good.atscheck.test"
  for i in $(seq 2 10000); do printf 'DNS.%d = n%05d.large.atscheck.test\n' "$i" "$i"; done
} > "$WORK/ext.cnf"

# shellcheck source=ca-config.sh
source "$HERE/ca-config.sh"
write_ca_config "$WORK"
touch "$WORK/index.txt"
echo 2023 > "$WORK/serial"

[ -f "$KEYS/$NAME.key" ] || openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$KEYS/$NAME.key" 2>/dev/null
chmod 644 "$KEYS/$NAME.key"
OPENSSL_CONF="$WORK/ca.cnf" openssl req -new -key "$KEYS/$NAME.key" -subj "/O=atscheck tests/CN=good.atscheck.test" -out "$WORK/leaf.csr"
OPENSSL_CONF="$WORK/ca.cnf" openssl ca -batch -notext -config "$WORK/ca.cnf" \
  -cert "$HERE/intermediate.pem" -keyfile "$KEYS/intermediate.key" \
  -in "$WORK/leaf.csr" -out "$WORK/leaf.crt" \
  -startdate 20250101000000Z -enddate 20251201000000Z -md sha256 \
  -extfile "$WORK/ext.cnf" -extensions leaf 2>"$WORK/ca.log" || { cat "$WORK/ca.log" >&2; exit 1; }
cat "$WORK/leaf.crt" "$HERE/intermediate.pem" > "$HERE/$NAME.pem"
echo "wrote $HERE/$NAME.pem ($(openssl x509 -in "$WORK/leaf.crt" -outform der | wc -c) bytes DER)"
