#!/usr/bin/env python3
"""Regenerates the app-archive fixtures of ATSAppTests (see README.md beside this file).

    python3 Tests/ATSAppTests/Fixtures/make-fixtures.py

Every output is byte-for-byte the same on every run: fixed timestamps, fixed entry order,
fixed attributes, pseudo-random bytes from a seeded LCG, and a CMS signature without signed
attributes (so no signing time) made with the committed test key. The signer certificate and
key (provisioning-signer.pem / .key) are made once, when they are missing; delete both to
make a new pair (embedded.mobileprovision then changes).

Standard library only; `openssl` must be on PATH.
"""

import binascii
import datetime
import hashlib
import io
import os
import plistlib
import struct
import subprocess
import sys
import tempfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
DATE_TIME = (2025, 6, 1, 0, 0, 0)
LEVEL = 9  # deflate level of every ZIP_DEFLATED entry
FILE_MODE = 0o100644
EXEC_MODE = 0o100755
LINK_MODE = 0o120777
DIR_MODE = 0o040755

SIGNER_CERT = os.path.join(HERE, "provisioning-signer.pem")
SIGNER_KEY = os.path.join(HERE, "provisioning-signer.key")


def out(name):
    return os.path.join(HERE, name)


# ---------------------------------------------------------------------------------------
# Fake executables


def lcg_filler(seed, count):
    """`count` pseudo-random bytes, none of them printable ASCII (0x20...0x7E).

    A printable byte b is replaced by b ^ 0x80 (0xA0...0xFE), so the filler holds no text
    at all and the only printable runs of an executable are the strings put into it.
    """
    state = seed & 0x7FFFFFFF
    data = bytearray(count)
    for i in range(count):
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        byte = (state >> 16) & 0xFF
        if 0x20 <= byte <= 0x7E:
            byte ^= 0x80
        data[i] = byte
    return data


def printable_runs(data, minimum=4):
    runs, start = [], None
    for i, byte in enumerate(data + b"\x00"):
        if 0x20 <= byte <= 0x7E:
            if start is None:
                start = i
        else:
            if start is not None and i - start >= minimum:
                runs.append((start, data[start:i].decode("ascii")))
            start = None
    return runs


def fake_executable(size, seed, strings):
    """Mach-O 64 magic, seeded filler, and each (offset, text) as NUL-terminated ASCII."""
    data = lcg_filler(seed, size)
    data[0:4] = b"\xcf\xfa\xed\xfe"
    end_of_last = 4
    for offset, text in strings:
        encoded = text.encode("ascii") + b"\x00"
        assert offset >= end_of_last + 1, "strings overlap or touch: %r" % text
        assert offset + len(encoded) <= size
        data[offset:offset + len(encoded)] = encoded
        end_of_last = offset + len(encoded)
    data = bytes(data)
    # The only text in the file is the strings that were put there, and only they say "http".
    assert printable_runs(data) == list(strings), printable_runs(data)
    assert data.count(b"http") == sum(text.count("http") for _, text in strings)
    return data


MAIN_STRINGS = [
    (0x0400, "https://good.atscheck.test/api/v1/profile"),
    (0x0500, "http://legacy.atscheck.test/feed.json"),
    (0x0600, "http://insecure.atscheck.test/track?id=1"),
    (0x0700, "https://old-tls.atscheck.test/legacy"),
    (0x0800, "http://www.apple.com/DTDs/PropertyList-1.0.dtd"),
    (0x0900, "http://www.w3.org/2000/svg"),
    (0x0A00, "https://example.com/placeholder"),
    (0x0B00, "http://localhost:8080/debug"),
]
SHARE_STRINGS = [
    (0x0300, "http://legacy.atscheck.test/share"),
    (0x0400, "https://good.atscheck.test/share"),
]
HELPER_STRINGS = [
    (0x0300, "https://sdk.atscheck.test/v1/events"),
    (0x0400, "http://sdk.atscheck.test/config"),
]
SECRET_STRINGS = [
    (0x0100, "http://secret.atscheck.test/hidden"),
]

# ---------------------------------------------------------------------------------------
# Text resources

INDEX_HTML = """<!DOCTYPE html>
<html>
<head>
<meta charset="utf-8">
<title>Synthetic</title>
<script src="http://cdn.atscheck.test/app.js"></script>
<link rel="stylesheet" href="https://good.atscheck.test/style.css">
</head>
<body>
<img src="http://images.atscheck.test/logo.png" alt="logo">
</body>
</html>
"""

CONFIG_JSON = """{
  "api": "https://good.atscheck.test/api/v2",
  "media": "http://media.atscheck.test/intro.mp4"
}
"""

LOCALIZABLE_STRINGS = '"help_url" = "https://help.atscheck.test/faq";\n'


def line_of(text, needle):
    for number, line in enumerate(text.splitlines(), start=1):
        if needle in line:
            return number
    raise AssertionError(needle)


# The README documents these; fail loudly if an edit moves them.
assert line_of(INDEX_HTML, "http://cdn.atscheck.test/app.js") == 6
assert line_of(INDEX_HTML, "https://good.atscheck.test/style.css") == 7
assert line_of(INDEX_HTML, "http://images.atscheck.test/logo.png") == 10
assert line_of(CONFIG_JSON, "https://good.atscheck.test/api/v2") == 2
assert line_of(CONFIG_JSON, "http://media.atscheck.test/intro.mp4") == 3

# ---------------------------------------------------------------------------------------
# Property lists


def xml_plist(value):
    return plistlib.dumps(value, fmt=plistlib.FMT_XML, sort_keys=True)


def binary_plist(value):
    return plistlib.dumps(value, fmt=plistlib.FMT_BINARY, sort_keys=True)


SYNTHETIC_INFO = {
    "CFBundleIdentifier": "test.atscheck.synthetic",
    "CFBundleExecutable": "Synthetic",
    "CFBundlePackageType": "APPL",
    "CFBundleName": "Synthetic",
    "NSAppTransportSecurity": {
        "NSExceptionDomains": {
            "legacy.atscheck.test": {
                "NSExceptionAllowsInsecureHTTPLoads": True,
                "NSIncludesSubdomains": True,
            },
            "old-tls.atscheck.test": {
                "NSExceptionMinimumTLSVersion": "TLSv1.0",
            },
        },
    },
}

SHARE_INFO = {
    "CFBundleIdentifier": "test.atscheck.synthetic.share",
    "CFBundleExecutable": "Share",
    "CFBundlePackageType": "XPC!",
    "NSExtension": {"NSExtensionPointIdentifier": "com.apple.share-services"},
}

HELPER_INFO = {
    "CFBundleIdentifier": "test.atscheck.helper",
    "CFBundleExecutable": "Helper",
    "CFBundlePackageType": "FMWK",
    "NSAppTransportSecurity": {"NSAllowsArbitraryLoads": True},
}

PROVISIONING_PROFILE = {
    "AppIDName": "Synthetic",
    "Entitlements": {
        "application-identifier": "TEAMID1234.test.atscheck.synthetic",
        "com.apple.developer.associated-domains": [
            "applinks:links.atscheck.test",
            "webcredentials:login.atscheck.test",
        ],
    },
    "ExpirationDate": datetime.datetime(2026, 6, 1, 0, 0, 0),
}


def minimal_app_info(name):
    return xml_plist({
        "CFBundleIdentifier": "test.atscheck." + name.lower(),
        "CFBundleExecutable": name,
        "CFBundlePackageType": "APPL",
    })


# ---------------------------------------------------------------------------------------
# Provisioning profile (CMS SignedData, DER)


def run(arguments, **kwargs):
    subprocess.run(arguments, check=True, **kwargs)


def ensure_signer():
    if os.path.exists(SIGNER_CERT) and os.path.exists(SIGNER_KEY):
        return
    run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "36500",
         "-subj", "/CN=atscheck test provisioning signer",
         "-keyout", SIGNER_KEY, "-out", SIGNER_CERT],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def mobileprovision():
    ensure_signer()
    content = xml_plist(PROVISIONING_PROFILE)
    with tempfile.TemporaryDirectory() as work:
        source = os.path.join(work, "profile.plist")
        signed = os.path.join(work, "profile.der")
        with open(source, "wb") as handle:
            handle.write(content)
        # -noattr: no signed attributes, hence no signing time; RSA PKCS#1 v1.5 signatures
        # are deterministic, so the output depends only on the content and the key.
        run(["openssl", "cms", "-sign", "-nodetach", "-binary", "-noattr", "-md", "sha256",
             "-outform", "DER", "-signer", SIGNER_CERT, "-inkey", SIGNER_KEY,
             "-in", source, "-out", signed])
        with open(signed, "rb") as handle:
            der = handle.read()
        # The signed content reads back unchanged.
        check = subprocess.run(["openssl", "cms", "-verify", "-noverify", "-inform", "DER",
                                "-in", signed], check=True, capture_output=True)
        assert check.stdout == content, "the mobileprovision content does not read back"
    return der


# ---------------------------------------------------------------------------------------
# Zip writing with zipfile


def zip_info(name, mode=FILE_MODE, compress_type=zipfile.ZIP_DEFLATED):
    info = zipfile.ZipInfo(name, date_time=DATE_TIME)  # ZipInfo keeps the name as given
    info.create_system = 3  # Unix, so external_attr carries the mode
    info.external_attr = mode << 16
    info.compress_type = compress_type
    set_level(info, LEVEL if compress_type == zipfile.ZIP_DEFLATED else None)
    return info


def set_level(info, level):
    try:
        info.compress_level = level  # Python 3.13+
    except AttributeError:
        info._compresslevel = level  # Python 3.7 ... 3.12


def write_zip(path, entries):
    """entries: (ZipInfo, bytes) in archive order."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for info, data in entries:
            archive.writestr(info, data)
    with open(path, "wb") as handle:
        handle.write(buffer.getvalue())
    return buffer.getvalue()


# ---------------------------------------------------------------------------------------
# Fixtures


def synthetic_ipa():
    app = "Payload/Synthetic.app/"
    stored = zipfile.ZIP_STORED
    entries = [
        (zip_info(app + "Info.plist"), binary_plist(SYNTHETIC_INFO)),
        (zip_info(app + "Synthetic", EXEC_MODE, stored), fake_executable(4096, 0x5EED0001, MAIN_STRINGS)),
        (zip_info(app + "index.html"), INDEX_HTML.encode("utf-8")),
        (zip_info(app + "config.json"), CONFIG_JSON.encode("utf-8")),
        (zip_info(app + "en.lproj/Localizable.strings"), b"\xff\xfe" + LOCALIZABLE_STRINGS.encode("utf-16-le")),
        (zip_info(app + "PlugIns/Share.appex/Info.plist"), xml_plist(SHARE_INFO)),
        (zip_info(app + "PlugIns/Share.appex/Share", EXEC_MODE, stored), fake_executable(2048, 0x5EED0002, SHARE_STRINGS)),
        (zip_info(app + "Frameworks/Helper.framework/Info.plist"), xml_plist(HELPER_INFO)),
        (zip_info(app + "Frameworks/Helper.framework/Helper", EXEC_MODE, stored), fake_executable(2048, 0x5EED0003, HELPER_STRINGS)),
        (zip_info(app + "embedded.mobileprovision"), mobileprovision()),
    ]
    return write_zip(out("Synthetic.ipa"), entries)


def traversal_ipa():
    evil = b"this entry must never be written outside the extraction folder\n"
    write_zip(out("traversal.ipa"), [
        (zip_info("Payload/Evil.app/Info.plist"), minimal_app_info("Evil")),
        (zip_info("../../etc/evil.txt"), evil),
        (zip_info("/abs/evil.txt"), evil),
        (zip_info("Payload/Evil.app/../../escape.txt"), evil),
    ])


def symlink_ipa():
    write_zip(out("symlink.ipa"), [
        (zip_info("Payload/Link.app/Info.plist"), minimal_app_info("Link")),
        (zip_info("Payload/Link.app/Link", LINK_MODE, zipfile.ZIP_STORED), b"/etc/passwd"),
    ])


def directories_ipa():
    # Directory entries as Xcode writes them: a name ending in "/", Unix mode 040755.
    write_zip(out("directories.ipa"), [
        (zip_info("Payload/", DIR_MODE, zipfile.ZIP_STORED), b""),
        (zip_info("Payload/Dirs.app/", DIR_MODE, zipfile.ZIP_STORED), b""),
        (zip_info("Payload/Dirs.app/Info.plist", FILE_MODE, zipfile.ZIP_STORED), minimal_app_info("Dirs")),
    ])


def duplicate_info_ipa():
    # Two entries with one name, as a hand-made or tampered archive can hold: which one the
    # device reads cannot be told from the archive, so the audit must not pick one.
    app = "Payload/Twice.app/"
    lenient = plistlib.dumps({"CFBundleIdentifier": "test.atscheck.twice", "CFBundleExecutable": "Twice",
                              "CFBundlePackageType": "APPL",
                              "NSAppTransportSecurity": {"NSAllowsArbitraryLoads": True}}, fmt=plistlib.FMT_XML, sort_keys=True)
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # zipfile warns of the duplicate name it is asked to write
        write_zip(out("duplicate-info.ipa"), [
            (zip_info(app + "Info.plist"), lenient),
            (zip_info(app + "Info.plist"), minimal_app_info("Twice")),
            (zip_info(app + "Twice", EXEC_MODE, zipfile.ZIP_STORED), b"\x00ELF http://cleartext.atscheck.test/feed \x00"),
        ])


BOMB_SIZE = 64 * 1024 * 1024
CHUNK = 1024 * 1024


def bomb_ipa():
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr(zip_info("Payload/Bomb.app/Info.plist"), minimal_app_info("Bomb"))
        info = zip_info("Payload/Bomb.app/Bomb", EXEC_MODE)
        info.file_size = BOMB_SIZE  # below the Zip64 limit, so no Zip64 records
        zeros = bytes(CHUNK)
        with archive.open(info, "w") as entry:
            for _ in range(BOMB_SIZE // CHUNK):
                entry.write(zeros)
    with open(out("bomb.ipa"), "wb") as handle:
        handle.write(buffer.getvalue())


# Traditional PKWARE ("ZipCrypto") encryption, so the entry is not only flagged encrypted
# but really is: `unzip -P atscheck` opens it. The 12-byte encryption header is fixed
# instead of random (the one thing `zip -e` cannot be made to do), so the file is reproducible.
SECRET_PASSWORD = b"atscheck"


def _crc_byte(crc, byte):
    # One step of the CRC-32 register, as ZipCrypto's key schedule uses it.
    value = crc
    value ^= byte
    for _ in range(8):
        value = (value >> 1) ^ (0xEDB88320 if value & 1 else 0)
    return value


def zipcrypto_encrypt(password, plain):
    keys = [0x12345678, 0x23456789, 0x34567890]

    def update(byte):
        keys[0] = _crc_byte(keys[0], byte)
        keys[1] = (keys[1] + (keys[0] & 0xFF)) & 0xFFFFFFFF
        keys[1] = (keys[1] * 134775813 + 1) & 0xFFFFFFFF
        keys[2] = _crc_byte(keys[2], keys[1] >> 24)

    for byte in password:
        update(byte)
    cipher = bytearray()
    for byte in plain:
        temp = (keys[2] | 2) & 0xFFFF
        cipher.append(byte ^ (((temp * (temp ^ 1)) >> 8) & 0xFF))
        update(byte)
    return bytes(cipher)


def dos_time_date(date_time):
    year, month, day, hour, minute, second = date_time
    return (hour << 11) | (minute << 5) | (second // 2), ((year - 1980) << 9) | (month << 5) | day


def encrypted_ipa():
    """Written by hand: zipfile cannot write an encrypted entry (it resets flag bit 0)."""
    dos_time, dos_date = dos_time_date(DATE_TIME)
    members = [
        ("Payload/Secret.app/Info.plist", minimal_app_info("Secret"), FILE_MODE, False),
        ("Payload/Secret.app/Secret", fake_executable(1024, 0x5EED0004, SECRET_STRINGS), EXEC_MODE, True),
    ]
    body, central = bytearray(), bytearray()
    for name, plain, mode, encrypted in members:
        encoded_name = name.encode("ascii")
        crc = binascii.crc32(plain) & 0xFFFFFFFF
        if encrypted:
            # 11 fixed bytes, then the check byte (high byte of the CRC), all encrypted.
            header = b"atscheck-iv" + bytes([crc >> 24])
            data = zipcrypto_encrypt(SECRET_PASSWORD, header + plain)
            flags = 0x0001
        else:
            data, flags = plain, 0x0000
        offset = len(body)
        fields = (20, flags, 0, dos_time, dos_date, crc, len(data), len(plain), len(encoded_name), 0)
        body += struct.pack("<4s5H3L2H", b"PK\x03\x04", *fields) + encoded_name + data
        central += struct.pack("<4s6H3L5H2L", b"PK\x01\x02", (3 << 8) | 20, 20, flags, 0,
                               dos_time, dos_date, crc, len(data), len(plain), len(encoded_name),
                               0, 0, 0, 0, mode << 16, offset) + encoded_name
    end = struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, len(members), len(members),
                      len(central), len(body), 0)
    archive = bytes(body + central + end)
    # zipfile sees the flag and the password opens it.
    with zipfile.ZipFile(io.BytesIO(archive)) as check:
        assert check.getinfo("Payload/Secret.app/Secret").flag_bits & 1
        assert not check.getinfo("Payload/Secret.app/Info.plist").flag_bits & 1
        assert check.read("Payload/Secret.app/Secret", pwd=SECRET_PASSWORD) == members[1][1]
        assert check.read("Payload/Secret.app/Info.plist") == members[0][1]
    with open(out("encrypted.ipa"), "wb") as handle:
        handle.write(archive)


TRUNCATE = 200


def truncated_ipa(synthetic):
    end = synthetic.rfind(b"PK\x05\x06")
    central_size, central_offset = struct.unpack("<LL", synthetic[end + 12:end + 20])
    cut = len(synthetic) - TRUNCATE
    # The cut removes the end record and part, not all, of the central directory.
    assert central_offset < cut < end
    with open(out("truncated.ipa"), "wb") as handle:
        handle.write(synthetic[:cut])


def notzip_ipa():
    line = b"this is not an archive\n"
    with open(out("notzip.ipa"), "wb") as handle:
        handle.write((line * (1024 // len(line) + 1))[:1024])


OUTPUTS = ["Synthetic.ipa", "traversal.ipa", "symlink.ipa", "directories.ipa", "bomb.ipa",
           "encrypted.ipa", "truncated.ipa", "notzip.ipa", "duplicate-info.ipa"]


def main():
    synthetic = synthetic_ipa()
    traversal_ipa()
    symlink_ipa()
    directories_ipa()
    bomb_ipa()
    encrypted_ipa()
    truncated_ipa(synthetic)
    notzip_ipa()
    duplicate_info_ipa()
    for name in OUTPUTS + ["provisioning-signer.pem", "provisioning-signer.key"]:
        with open(out(name), "rb") as handle:
            data = handle.read()
        print("%s  %8d  %s" % (hashlib.sha256(data).hexdigest(), len(data), name))


if __name__ == "__main__":
    sys.exit(main())
