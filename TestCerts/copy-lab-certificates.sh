#!/usr/bin/env bash
# Copies the TestCerts files the lab serves into Sources/ATSLab/Certificates, then compiles that
# folder into Sources/ATSLab/EmbeddedCertificates/ (Scripts/embed-resources.py): the certificates
# `atscheck lab` serves are embedded in ATSLab, so the binary needs no files beside it.
# generate.sh runs this last; run it by hand after regenerating any single fixture:
#
#   bash TestCerts/copy-lab-certificates.sh
#
# The list must equal TLSLab.certificateFiles; RepositoryTests fails when it does not, when a
# copy differs from its TestCerts original (LabCertificateCopyTests), or when the embedded
# files differ from the copies (EmbeddedResourceTests).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DEST="$HERE/../Sources/ATSLab/Certificates"

LEAVES="good-rsa good-ecdsa expired expired-ecdsa self-signed wrong-host sha1 rsa1024 no-san clientauth-eku 900-days 10000-sans"
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
python3 "$HERE/../Scripts/embed-resources.py" Sources/ATSLab/Certificates
