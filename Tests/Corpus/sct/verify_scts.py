#!/usr/bin/env python3
"""Independent reading of the corpus chains' embedded SCTs, for CertificatesTests.

For every leaf in ../certs with an SCT list extension, rebuilds the RFC 6962 precertificate
entry with pyca/cryptography (tbs_precertificate_bytes, SHA-256 of the issuer's key) and
verifies each SCT's signature with the log key from Apple's newest log-list snapshot. Writes
signatures.tsv: file, index, log_id (base64), timestamp_ms, result (verified, invalid,
unknown-log, no-issuer). atscheck verifies with OpenSSL's CT code; the test compares the two.

    python3 Tests/Corpus/sct/verify_scts.py > Tests/Corpus/sct/signatures.tsv
"""
import base64, glob, hashlib, json, os, struct, sys
from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.abspath(os.path.join(here, "..", "..", ".."))
snapshots = sorted(glob.glob(os.path.join(root, "Sources/ATSTrustData/Snapshots/*/log_list.json")),
                   key=lambda p: [int(x) for x in os.path.basename(os.path.dirname(p)).split("-")[1].split(".")])
logs = {}
for operator in json.load(open(snapshots[-1]))["operators"]:
    for log in operator.get("logs", []) + operator.get("tiled_logs", []):
        logs[base64.b64decode(log["log_id"])] = serialization.load_der_public_key(base64.b64decode(log["key"]))

def verify(key, data, signature):
    try:
        if isinstance(key, ec.EllipticCurvePublicKey):
            key.verify(signature, data, ec.ECDSA(hashes.SHA256()))
        elif isinstance(key, rsa.RSAPublicKey):
            key.verify(signature, data, padding.PKCS1v15(), hashes.SHA256())
        else:
            return "invalid"
        return "verified"
    except InvalidSignature:
        return "invalid"

print("file\tindex\tlog_id\ttimestamp_ms\tresult")
for path in sorted(glob.glob(os.path.join(root, "Tests/Corpus/certs/*.pem"))):
    try:
        chain = x509.load_pem_x509_certificates(open(path, "rb").read())
    except ValueError:
        continue
    leaf = chain[0]
    try:
        scts = leaf.extensions.get_extension_for_class(x509.PrecertificateSignedCertificateTimestamps).value
    except (x509.ExtensionNotFound, ValueError):
        continue
    issuer = chain[1] if len(chain) > 1 and chain[1].subject == leaf.issuer else None
    for index, sct in enumerate(scts):
        timestamp_ms = int(round(sct.timestamp.replace(tzinfo=__import__("datetime").timezone.utc).timestamp() * 1000))
        result = "unknown-log"
        if sct.log_id in logs:
            if issuer is None:
                result = "no-issuer"
            else:
                key_hash = hashlib.sha256(issuer.public_key().public_bytes(
                    serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)).digest()
                tbs = leaf.tbs_precertificate_bytes
                data = (b"\x00\x00" + struct.pack(">Q", timestamp_ms) + b"\x00\x01" + key_hash
                        + len(tbs).to_bytes(3, "big") + tbs
                        + len(sct.extension_bytes).to_bytes(2, "big") + sct.extension_bytes)
                result = verify(logs[sct.log_id], data, sct.signature)
        print(f"{os.path.basename(path)}\t{index}\t{base64.b64encode(sct.log_id).decode()}\t{timestamp_ms}\t{result}")
