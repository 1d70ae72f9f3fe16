#!/usr/bin/env python3
"""SCTs from atscheck's two test CT logs for the good RSA leaf, and a log list naming the logs.

Writes (run by generate.sh after the leaves; needs python3 and openssl 3.x):
  keys/ct-test-log-a.key, keys/ct-test-log-b.key   the logs' EC P-256 keys
  ct-test-logs-good-rsa.serverinfo                both SCTs as an OpenSSL SERVERINFOV2 block
                                                   for the signed_certificate_timestamp TLS
                                                   extension (ServerHello in TLS 1.2, the leaf's
                                                   CertificateEntry in TLS 1.3)
  ct-test-logs-good-rsa.sctlist                       the same SignedCertificateTimestampList
  ct-test-log-list.json                            a log list (Apple's schema v5) holding both
                                                   logs, usable since 2024-01-01

Each SCT is RFC 6962 §3.2 v1 over an x509_entry (the leaf's DER, as TLS delivers it),
timestamped 2025-01-01T01:00:00Z, signed with ECDSA/SHA-256 by `openssl dgst -sign`.
Keys change on every run; the timestamps do not.
"""
import base64, hashlib, json, os, struct, subprocess, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
KEYS = os.path.join(HERE, "keys")
TIMESTAMP_MS = 1735693200000  # 2025-01-01T01:00:00Z

def openssl(*args, data=None):
    return subprocess.run(["openssl", *args], input=data, check=True, capture_output=True).stdout

def length_prefixed(data, width):
    return len(data).to_bytes(width, "big") + data

leaf = openssl("x509", "-in", os.path.join(HERE, "leaf-good-rsa.pem"), "-outform", "DER")
logs, scts = [], []
for name in ("a", "b"):
    key_path = os.path.join(KEYS, f"ct-test-log-{name}.key")
    openssl("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", key_path)
    public = openssl("pkey", "-in", key_path, "-pubout", "-outform", "DER")
    log_id = hashlib.sha256(public).digest()
    # digitally-signed struct: version, signature_type certificate_timestamp, timestamp,
    # entry_type x509_entry, ASN.1Cert (24-bit length), extensions (none).
    signed = (b"\x00\x00" + struct.pack(">Q", TIMESTAMP_MS) + b"\x00\x00"
              + length_prefixed(leaf, 3) + b"\x00\x00")
    with tempfile.NamedTemporaryFile() as message:
        message.write(signed)
        message.flush()
        signature = openssl("dgst", "-sha256", "-sign", key_path, "-binary", message.name)
    sct = (b"\x00" + log_id + struct.pack(">Q", TIMESTAMP_MS) + b"\x00\x00"
           + b"\x04\x03" + length_prefixed(signature, 2))
    scts.append(sct)
    logs.append({"description": f"atscheck test log {name.upper()}", "log_id": base64.b64encode(log_id).decode(),
                 "key": base64.b64encode(public).decode(), "url": f"https://ct-{name}.atscheck.test/", "mmd": 86400,
                 "state": {"usable": {"timestamp": "2024-01-01T00:00:00Z"}}})
    os.chmod(key_path, 0o644)

sct_list = length_prefixed(b"".join(length_prefixed(s, 2) for s in scts), 2)
with open(os.path.join(HERE, "ct-test-logs-good-rsa.sctlist"), "wb") as out:
    out.write(sct_list)
# SERVERINFOV2: 4-byte context (ClientHello, TLS 1.2 ServerHello, TLS 1.3 Certificate), type 18.
context = 0x0080 | 0x0100 | 0x1000
serverinfo = struct.pack(">IH", context, 18) + length_prefixed(sct_list, 2)
body = base64.encodebytes(serverinfo).decode()
with open(os.path.join(HERE, "ct-test-logs-good-rsa.serverinfo"), "w") as out:
    out.write("-----BEGIN SERVERINFOV2 FOR signed_certificate_timestamp-----\n" + body
              + "-----END SERVERINFOV2 FOR signed_certificate_timestamp-----\n")
with open(os.path.join(HERE, "ct-test-log-list.json"), "w") as out:
    json.dump({"version": "1", "log_list_timestamp": "2025-01-01T00:00:00Z",
               "operators": [{"name": "atscheck tests", "email": ["tests@atscheck.test"], "logs": logs, "tiled_logs": []}]},
              out, indent=2)
    out.write("\n")
print("generate-scts.py: wrote test CT logs and SCTs to", HERE)
