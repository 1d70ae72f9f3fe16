#!/usr/bin/env bash
# Copies the TestCerts files the lab serves into Sources/ATSLab/Certificates, the ATSLab
# resource an installed `atscheck lab` loads (SwiftPM resources must live inside the target's
# folder, and are copied, not symlinked, so a release build carries them). generate.sh runs
# this last; run it by hand after regenerating any single fixture:
#
#   bash TestCerts/copy-lab-certificates.sh
#
# The list must equal TLSLab.certificateFiles; RepositoryTests (LabCertificateCopyTests)
# fails when it does not, or when a copy differs from its TestCerts original.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DEST="$HERE/../Sources/ATSLab/Certificates"

LEAVES="good-rsa good-ecdsa expired self-signed wrong-host sha1 rsa1024 no-san clientauth-eku 900-days 10000-sans"
FILES="root.pem intermediate.pem keys/intermediate.key chain-missing-intermediate.pem
       ct-test-logs-good-rsa.serverinfo ct-test-logs-good-rsa.sctlist"
for leaf in $LEAVES; do FILES="$FILES leaf-$leaf.pem keys/leaf-$leaf.key"; done

rm -rf "$DEST"
mkdir -p "$DEST/keys"
for file in $FILES; do
    cp "$HERE/$file" "$DEST/$file"
    chmod 644 "$DEST/$file"
done
echo "copy-lab-certificates.sh: copied $(echo $FILES | wc -w) files to Sources/ATSLab/Certificates"
