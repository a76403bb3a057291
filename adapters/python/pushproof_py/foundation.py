"""Foundation's `Data(base64Encoded:)`, which the Convos app runs wherever it reads base64 (the
keychain record, the push payload, the conversation's app data), ported once for every module.
SF = swiftlang/swift-foundation@767ff1c2, Sources/FoundationEssentials/ (the same decoder at
@a1c611f6, Data/Data+Base64.swift:482-605, which explode.py cites)."""

B64_ALPHABET = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
B64_VALUE = {c: i for i, c in enumerate(B64_ALPHABET)}
PAD = ord("=")
B64_VALUE_A = ord("A")  # a missing third or fourth character is read as 'A' (Data+Base64.swift:785)


def foundation_base64(data):
    """Data(base64Encoded:) with default options, as SF Data/Data+Base64.swift:109-126, 652-808
    decode it (Base64._decode, the chromium/modp decoder). Returns bytes, or None where Foundation
    answers nil. Its quirks are upstream's, kept on purpose:
    - the input need not be a multiple of four long: trailing '=' are stripped and the rest is
      read in quanta of four, which must fit in the input (:718-735), so 'QUJD=' reads as 'ABC';
    - input made only of '=' is one zero byte when at least four long (:718-725);
    - in the last quantum a '=' in third place with a letter in fourth yields the first and the
      third output byte ('QQ=A' is 41 00) (:775-805);
    - non-zero trailing bits are dropped, not refused ('QR==' is 41)."""
    if not data:
        return b""  # _decodeToData (:676-679)
    stripped = data.rstrip(b"=")
    if not stripped:
        return b"\x00" if len(data) >= 4 else None
    to_parse = -(-len(stripped) // 4) * 4
    if to_parse > len(data):
        return None
    out = bytearray()
    for start in range(0, to_parse - 4, 4):
        quantum = data[start:start + 4]
        if any(c not in B64_VALUE for c in quantum):
            return None
        v = [B64_VALUE[c] for c in quantum]
        n = v[0] << 18 | v[1] << 12 | v[2] << 6 | v[3]
        out += n.to_bytes(3, "big")
    last = data[to_parse - 4:to_parse]
    a2 = None if last[2] == PAD else last[2]
    a3 = None if last[3] == PAD else last[3]
    chars = (last[0], last[1], B64_VALUE_A if a2 is None else a2, B64_VALUE_A if a3 is None else a3)
    if any(c not in B64_VALUE for c in chars):
        return None
    v = [B64_VALUE[c] for c in chars]
    n = v[0] << 18 | v[1] << 12 | v[2] << 6 | v[3]
    triple = n.to_bytes(3, "big")
    out.append(triple[0])
    if a2 is not None:
        out.append(triple[1])
    if a3 is not None:
        out.append(triple[2])
    return bytes(out)
