#!/usr/bin/env bash
# Regenerates every fixture in TestCerts/ (see README.md for what each one is for).
# Keys differ on every run; file names, subjects, serials, dates and extensions do not.
#
# Needs: openssl (3.x) and faketime (Debian package "faketime"), which pins the
# producedAt/thisUpdate of the OCSP responses to a date before the evaluation time.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
KEYS="$HERE/keys"
WORK="$HERE/work"

# Default leaf validity; tests evaluate at 2025-06-01T00:00:00Z.
NB=20250101000000Z
NA=20251201000000Z
# OCSP responses are produced "at" this time (UTC) and are valid for 3650 days.
OCSP_TIME="2025-05-31 00:00:00"
OCSP_URL=http://ocsp.atscheck.test
CA_URL=http://ca.atscheck.test
ORG="atscheck tests"

command -v openssl >/dev/null || { echo "generate.sh: openssl not found" >&2; exit 1; }
command -v faketime >/dev/null || { echo "generate.sh: faketime not found (apt-get install faketime)" >&2; exit 1; }

rm -rf "$WORK"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK" "$KEYS"
rm -f "$HERE"/*.pem "$HERE"/*.der "$KEYS"/*.key

export OPENSSL_CONF="$WORK/openssl.cnf"
EXT="$WORK/ext.cnf"

# One `openssl ca` setup shared by all issuers; CA_DIR selects the issuer's database.
# The top-level CA_DIR is the fallback when CA_DIR is unset (e.g. for `openssl req`).
# preserve=yes keeps the subject in request order (O, then CN).
cat > "$OPENSSL_CONF" <<'EOF'
CA_DIR = .

[ ca ]
default_ca = ca_default

[ ca_default ]
dir            = $ENV::CA_DIR
database       = $dir/index.txt
new_certs_dir  = $dir
serial         = $dir/serial
default_md     = sha256
policy         = policy_any
unique_subject = no
email_in_dn    = no
preserve       = yes
copy_extensions = none

[ policy_any ]
organizationName = optional
commonName       = supplied

[ req ]
distinguished_name = req_dn

[ req_dn ]
EOF

cat > "$EXT" <<EOF
[ root ]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash

[ intermediate ]
basicConstraints = critical, CA:TRUE, pathlen:0
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid:always
authorityInfoAccess = caIssuers;URI:$CA_URL/root.cer
EOF

# Runs a command, showing its output only if it fails.
quiet() {
  if ! "$@" > "$WORK/last.log" 2>&1; then
    cat "$WORK/last.log" >&2
    echo "generate.sh: failed: $*" >&2
    return 1
  fi
}

# make_key NAME TYPE   (TYPE: rsa1024 | rsa2048 | ec256) -> keys/NAME.key
make_key() {
  local out="$KEYS/$1.key"
  case $2 in
    rsa*)  quiet openssl genpkey -algorithm RSA -pkeyopt "rsa_keygen_bits:${2#rsa}" -out "$out" ;;
    ec256) quiet openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 \
                 -pkeyopt ec_param_enc:named_curve -out "$out" ;;
    *)     echo "generate.sh: unknown key type $2" >&2; return 1 ;;
  esac
}

# sign NAME SUBJECT SERIAL START END EXTSECTION SIGNER [MD] -> work/NAME.crt
# SIGNER is the name of an issuing CA (its cert is work/SIGNER.crt), or "self".
sign() {
  local name=$1 subj=$2 serial=$3 start=$4 end=$5 section=$6 signer=$7 md=${8:-sha256}
  local db="$WORK/db-$signer" issuer_args
  if [[ $signer == self ]]; then
    issuer_args=(-selfsign -keyfile "$KEYS/$name.key")
  else
    issuer_args=(-cert "$WORK/$signer.crt" -keyfile "$KEYS/$signer.key")
  fi
  mkdir -p "$db"
  touch "$db/index.txt"
  echo "$serial" > "$db/serial"
  quiet openssl req -new -key "$KEYS/$name.key" -subj "$subj" -out "$WORK/$name.csr"
  CA_DIR="$db" quiet openssl ca -batch -notext "${issuer_args[@]}" \
    -in "$WORK/$name.csr" -out "$WORK/$name.crt" \
    -startdate "$start" -enddate "$end" -md "$md" \
    -extfile "$EXT" -extensions "$section"
}

# issue_ca NAME CN SERIAL START END EXTSECTION SIGNER -> NAME.pem
issue_ca() {
  make_key "$1" rsa2048
  sign "$1" "/O=$ORG/CN=$2" "$3" "$4" "$5" "$6" "$7"
  cp "$WORK/$1.crt" "$HERE/$1.pem"
}

# issue_leaf NAME SERIAL KEYTYPE CN [START END] -> NAME.pem (leaf, then its issuer)
# Variations are passed as environment prefixes on the call:
#   SAN    subjectAltName value (default DNS:<CN>; empty = no SAN extension)
#   EKU    extendedKeyUsage value (default serverAuth; empty = no EKU extension)
#   SIGNER issuing CA (default intermediate; "self" = self-signed, file holds the leaf only)
#   MD     signature digest (default sha256)
#   EXTRA  one more extension line
issue_leaf() {
  local name=$1 serial=$2 keytype=$3 cn=$4 start=${5:-$NB} end=${6:-$NA}
  local san=${SAN-DNS:$cn} eku=${EKU-serverAuth} signer=${SIGNER:-intermediate}
  local section=${name//-/_} ku=digitalSignature
  if [[ $keytype == rsa* ]]; then ku+=", keyEncipherment"; fi

  {
    echo
    echo "[ $section ]"
    echo "basicConstraints = CA:FALSE"
    echo "keyUsage = critical, $ku"
    if [[ -n $eku ]]; then echo "extendedKeyUsage = $eku"; fi
    echo "subjectKeyIdentifier = hash"
    if [[ $signer != self ]]; then
      echo "authorityKeyIdentifier = keyid:always"
      echo "authorityInfoAccess = OCSP;URI:$OCSP_URL, caIssuers;URI:$CA_URL/$signer.cer"
    fi
    if [[ -n $san ]]; then echo "subjectAltName = $san"; fi
    if [[ -n ${EXTRA:-} ]]; then echo "$EXTRA"; fi
  } >> "$EXT"

  make_key "$name" "$keytype"
  sign "$name" "/O=$ORG/CN=$cn" "$serial" "$start" "$end" "$section" "$signer" "${MD:-sha256}"
  if [[ $signer == self ]]; then
    cp "$WORK/$name.crt" "$HERE/$name.pem"
  else
    cat "$WORK/$name.crt" "$HERE/$signer.pem" > "$HERE/$name.pem"
  fi
}

# validity_end START DAYS -> notAfter such that Apple's inclusive day count
# ceil((notAfter - notBefore + 1s) / 86400) is exactly DAYS.
validity_end() {
  local start_s
  start_s=$(date -u -d "$1" +%s)
  date -u -d "@$(( start_s + $2 * 86400 - 1 ))" +%Y%m%d%H%M%SZ
}

# --- CAs ----------------------------------------------------------------------
issue_ca root         "atscheck Test Root CA"         1000 20200101000000Z 20400101000000Z root         self
issue_ca intermediate "atscheck Test Intermediate CA" 1001 20200101000000Z 20350101000000Z intermediate root

# An unrelated root that no test trust store contains.
make_key other-root rsa2048
sign other-root "/CN=atscheck Other Root CA" 3000 20200101000000Z 20400101000000Z root self
cp "$WORK/other-root.crt" "$HERE/other-root.pem"

# --- Leaves -------------------------------------------------------------------
G=good.atscheck.test
issue_leaf leaf-good-rsa        2001 rsa2048 $G
issue_leaf leaf-good-ecdsa      2002 ec256   $G
issue_leaf leaf-expired         2003 rsa2048 $G 20240101000000Z 20241201000000Z
issue_leaf leaf-not-yet-valid   2004 rsa2048 $G 20260101000000Z 20261201000000Z
SIGNER=self \
issue_leaf leaf-self-signed     2005 rsa2048 $G
issue_leaf leaf-wrong-host      2006 rsa2048 other.atscheck.test
issue_leaf leaf-wildcard        2007 rsa2048 '*.atscheck.test'
SAN="IP:127.0.0.1, IP:::1, DNS:localhost" \
issue_leaf leaf-ip-san          2008 rsa2048 127.0.0.1
SAN= \
issue_leaf leaf-no-san          2009 rsa2048 $G
MD=sha1 \
issue_leaf leaf-sha1            2010 rsa2048 $G
issue_leaf leaf-rsa1024         2011 rsa1024 $G
EKU=clientAuth \
issue_leaf leaf-clientauth-eku  2012 rsa2048 $G
EKU= \
issue_leaf leaf-no-eku          2013 rsa2048 $G
issue_leaf leaf-900-days        2014 rsa2048 $G 20240601000000Z "$(validity_end 2024-06-01T00:00:00Z 900)"
issue_leaf leaf-400-days        2015 rsa2048 $G 20250101000000Z "$(validity_end 2025-01-01T00:00:00Z 400)"
issue_leaf leaf-397-days        2016 rsa2048 $G 20250101000000Z "$(validity_end 2025-01-01T00:00:00Z 397)"
EXTRA="tlsfeature = status_request" \
issue_leaf leaf-must-staple     2017 rsa2048 $G
issue_leaf leaf-revoked         2018 rsa2048 revoked.atscheck.test
issue_leaf leaf-399-days        2019 rsa2048 $G 20250101000000Z "$(validity_end 2025-01-01T00:00:00Z 399)"
# Exact boundaries of the 398-day and 825-day rules.
issue_leaf leaf-398-days        2020 rsa2048 $G 20250101000000Z "$(validity_end 2025-01-01T00:00:00Z 398)"
issue_leaf leaf-825-days        2021 rsa2048 $G 20240601000000Z "$(validity_end 2024-06-01T00:00:00Z 825)"
issue_leaf leaf-826-days        2022 rsa2048 $G 20240601000000Z "$(validity_end 2024-06-01T00:00:00Z 826)"

SIGNER=other-root \
issue_leaf other-root-leaf      3001 rsa2048 $G

# --- Chains built from the good RSA leaf -----------------------------------------
cp "$WORK/leaf-good-rsa.crt" "$HERE/chain-missing-intermediate.pem"
cat "$WORK/leaf-good-rsa.crt" "$HERE/intermediate.pem" "$HERE/root.pem" > "$HERE/chain-full.pem"
openssl x509 -in "$WORK/leaf-good-rsa.crt" -outform der -out "$HERE/leaf-good-rsa.der"

# --- OCSP responses (signed directly by the intermediate) -------------------------
# Hand-written responder index: V = valid, R = revoked (revocation time, reason).
subject_of() { openssl x509 -in "$WORK/$1.crt" -noout -subject -nameopt compat | sed 's/^subject=//'; }
printf 'V\t251201000000Z\t\t2001\tunknown\t%s\n' "$(subject_of leaf-good-rsa)" > "$WORK/ocsp-index.txt"
printf 'R\t251201000000Z\t250301000000Z,keyCompromise\t2018\tunknown\t%s\n' "$(subject_of leaf-revoked)" >> "$WORK/ocsp-index.txt"

# make_ocsp LEAF OUT — the response's time fields come from the faked clock, so that
# they precede the evaluation time instead of reflecting the day the script ran.
make_ocsp() {
  TZ=UTC quiet faketime -f "$OCSP_TIME" \
    openssl ocsp -index "$WORK/ocsp-index.txt" \
      -rsigner "$HERE/intermediate.pem" -rkey "$KEYS/intermediate.key" \
      -CA "$HERE/intermediate.pem" -issuer "$HERE/intermediate.pem" \
      -cert "$WORK/$1.crt" -no_nonce -rmd sha256 -ndays 3650 -respout "$HERE/$2"
}
make_ocsp leaf-good-rsa ocsp-good.der
make_ocsp leaf-revoked  ocsp-revoked.der

# --- Malformed inputs ----------------------------------------------------------------
cat > "$HERE/not-a-certificate.pem" <<'EOF'
This file is a test fixture for atscheck.
It is plain text: it holds no certificate and no PEM markers.
atscheck should reject it with a one-line error and exit status 2.
EOF
: > "$HERE/empty.pem"
# First 60% of the good leaf's PEM block: ends mid-base64, no END line.
pem_len=$(wc -c < "$WORK/leaf-good-rsa.crt")
head -c $(( pem_len * 6 / 10 )) "$WORK/leaf-good-rsa.crt" > "$HERE/truncated.pem"
# 64 bytes that are the same on every run and do not start with a DER SEQUENCE tag.
{ printf 'atscheck garbage.der 1' | openssl dgst -sha256 -binary
  printf 'atscheck garbage.der 2' | openssl dgst -sha256 -binary; } > "$HERE/garbage.der"
cp "$KEYS/leaf-good-rsa.key" "$HERE/private-key-only.pem"

# The 10,000-SAN leaf for the lab's large-chain profile (its own script: it needs only the
# intermediate written above).
bash "$HERE/generate-large-san.sh"
# The leaves for trustd's edge cases (their own script, for the same reason).
bash "$HERE/generate-trust-edges.sh"
# SCTs from two test CT logs for the good RSA leaf (the lab's tls-scts profile).
python3 "$HERE/generate-scts.py"

# genpkey writes 0600; these are throwaway test keys, so give them the mode a
# git checkout would (readable by a lab server running as another user).
chmod 644 "$KEYS"/*.key "$HERE/private-key-only.pem"

# The lab's copy of the files it serves (Sources/ATSLab/Certificates, compiled into ATSLab).
bash "$HERE/copy-lab-certificates.sh"

echo "generate.sh: wrote fixtures to $HERE"
