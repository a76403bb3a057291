"""Foundation code the Convos app runs, ported once for every module: `Data(base64Encoded:)`
wherever it reads base64 (the keychain record, the push payload, the conversation's app data), and
`JSONDecoder` (the keychain record, the ExplodeSettings content).
SF = swiftlang/swift-foundation@767ff1c2, Sources/FoundationEssentials/ (the same decoder at
@a1c611f6, Data/Data+Base64.swift:482-605, which explode.py cites)."""
import sys
import unicodedata

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


# --- JSONDecoder ---------------------------------------------------------------------------

class JSONError(Exception):
    """swift-foundation's JSONError: the decoder turns it into `dataCorrupted("The given data
    was not valid JSON.")` wherever it is thrown, scanning or decoding (SF JSON/JSONDecoder.swift
    :412-446)."""


class TypeMismatch(Exception):
    """DecodingError.typeMismatch or .valueNotFound (a null where a value is required)."""


class KeyNotFound(Exception):
    """DecodingError.keyNotFound."""


class BadBase64(Exception):
    """dataCorrupted("Encountered Data is not valid Base64.") (SF JSON/JSONDecoder.swift:737-757)."""


JSON_WHITESPACE = b" \t\n\r"  # SF JSON/JSONScanner.swift:680


class Scanned:
    """A value as JSONScanner leaves it: strings and numbers kept as their bytes, checked only when
    decoded (SF JSON/JSONDecoder.swift:414-416: "Strings and numbers are not completely parsed until
    decoding time")."""

    def __init__(self, kind, raw=None, simple=False, items=None):
        self.kind, self.raw, self.simple, self.items = kind, raw, simple, items


def utf8_representation(data):
    """JSONDecoder.withUTF8Representation (SF JSON/JSONDecoder.swift:453-531): a BOM is dropped and
    UTF-16/32 input (by BOM or by the NUL pattern of its first four bytes) converted to UTF-8."""
    b = list(data[:4]) + [None] * (4 - min(4, len(data)))
    b0, b1, b2, b3 = b
    nz = lambda x: x is not None and x != 0  # noqa: E731
    if (b0, b1, b2, b3) == (0, 0, 0xFE, 0xFF):
        encoding, bom = "utf-32-be", 4
    elif (b0, b1, b2, b3) == (0xFE, 0xFF, 0, 0):
        encoding, bom = "utf-32-le", 4
    elif (b0, b1) == (0xFE, 0xFF):
        encoding, bom = "utf-16-be", 2
    elif (b0, b1) == (0xFF, 0xFE):
        encoding, bom = "utf-16-le", 2
    elif (b0, b1, b2) == (0xEF, 0xBB, 0xBF):
        encoding, bom = "utf-8", 3
    elif b0 == 0 and b1 == 0 and b2 == 0 and nz(b3):
        encoding, bom = "utf-32-be", 0
    elif b0 == 0 and nz(b1) and b2 == 0 and nz(b3):
        encoding, bom = "utf-16-be", 0
    elif nz(b0) and b1 == 0 and b2 == 0 and b3 == 0:
        encoding, bom = "utf-32-le", 0
    elif nz(b0) and b1 == 0 and nz(b2) and b3 == 0:
        encoding, bom = "utf-16-le", 0
    elif b0 == 0 and nz(b1) and b2 is None and b3 is None:
        encoding, bom = "utf-16-be", 0
    elif nz(b0) and b1 == 0 and b2 is None and b3 is None:
        encoding, bom = "utf-16-le", 0
    else:
        encoding, bom = "utf-8", 0
    rest = data[bom:]
    if encoding == "utf-8":
        return rest
    # String(bytes:encoding:) reads whole code units: the endian adaptors stop where the bytes of
    # the last one run out, so a trailing incomplete unit is left out (SF@a1c611f6
    # String/String+EndianAdaptorSequence.swift, UTF16EndianAdaptor and UTF32EndianAdaptor).
    unit = 4 if encoding.startswith("utf-32") else 2
    rest = rest[:len(rest) - len(rest) % unit]
    try:
        return rest.decode(encoding).encode("utf-8")
    except UnicodeError:
        raise JSONError("cannotConvertEntireInputDataToUTF8")


class JSONScanner:
    """The structure-only scan of SF JSON/JSONScanner.swift:348-866: objects, arrays, literals;
    string ends found by skipping escapes (a \\u needs four more bytes, none of them a quote);
    numbers any run of digits, '.', '+', '-', 'e', 'E'; trailing commas accepted in arrays and
    objects (:451-462, 498-510); 512 levels of nesting; only whitespace after the value."""

    MAX_DEPTH = 512

    def __init__(self, data):
        self.data, self.i = data, 0

    def ws(self, eof_ok=False):
        while self.i < len(self.data) and self.data[self.i] in JSON_WHITESPACE:
            self.i += 1
        if self.i >= len(self.data):
            if eof_ok:
                return None
            raise JSONError("unexpectedEndOfFile")
        return self.data[self.i]

    def scan(self):
        # Two Python frames per level of nesting: 512 levels need more than the default limit.
        sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * self.MAX_DEPTH + 200))
        value = self.value(0)
        if self.ws(eof_ok=True) is not None:
            raise JSONError("unexpected character after top-level value")
        return value

    def value(self, depth):
        c = self.ws()
        if c == 0x22:
            return self.string()
        if c == 0x7B or c == 0x5B:
            if depth >= self.MAX_DEPTH:
                raise JSONError("tooManyNestedArraysOrDictionaries")
            return self.container(c == 0x7B, depth + 1)
        if c in (0x74, 0x66, 0x6E):  # true, false, null: the exact bytes (:719-760)
            word = {0x74: b"true", 0x66: b"false", 0x6E: b"null"}[c]
            if self.data[self.i:self.i + len(word)] != word:
                raise JSONError("unexpected character in literal")
            self.i += len(word)
            return Scanned({0x74: "true", 0x66: "false", 0x6E: "null"}[c])
        if c == 0x2D or 0x30 <= c <= 0x39:
            start = self.i
            self.i += 1
            while self.i < len(self.data) and (self.data[self.i] in b".+-eE" or 0x30 <= self.data[self.i] <= 0x39):
                self.i += 1
            return Scanned("number", raw=self.data[start:self.i])
        raise JSONError("unexpected character")

    def string(self):
        """skipUTF8StringTillNextUnescapedQuote (:763-809): simple when no backslash or control
        byte comes before the closing quote."""
        self.i += 1
        start = self.i
        data = self.data
        while self.i < len(data) and data[self.i] != 0x22 and data[self.i] != 0x5C and data[self.i] & 0xE0:
            self.i += 1
        if self.i >= len(data):
            raise JSONError("unexpectedEndOfFile")
        simple = data[self.i] == 0x22
        while not simple:
            if self.i >= len(data):
                raise JSONError("unexpectedEndOfFile")
            c = data[self.i]
            if c == 0x22:
                break
            if c == 0x5C:
                self.i += 1
                if self.i >= len(data):
                    raise JSONError("unexpectedEndOfFile")
                escaped = data[self.i]
                self.i += 1
                if escaped == 0x75:
                    if len(data) - self.i < 4:
                        raise JSONError("unexpectedEndOfFile")
                    if 0x22 in data[self.i:self.i + 4]:
                        raise JSONError("invalidHexDigitSequence")
                    self.i += 4
            else:
                self.i += 1
        raw = data[start:self.i]
        self.i += 1
        return Scanned("string", raw=raw, simple=simple)

    def container(self, is_object, depth):
        """scanObject and scanArray (:417-563), one Python frame per level of nesting."""
        self.i += 1
        close = 0x7D if is_object else 0x5D
        items = []
        if self.ws() == close:
            self.i += 1
            return Scanned("object" if is_object else "array", items=items)
        while True:
            if is_object:
                if self.data[self.i] != 0x22:
                    raise JSONError("unexpected character in object")
                key = self.string()
                if self.ws() != 0x3A:
                    raise JSONError("unexpected character in object")
                self.i += 1
                items.append((key, self.value(depth)))
            else:
                items.append(self.value(depth))
            c = self.ws()
            if c == close:
                self.i += 1
                break
            if c != 0x2C:
                raise JSONError("unexpected character in object or array")
            self.i += 1
            if self.ws() == close:  # a trailing comma (:451-462, 498-510)
                self.i += 1
                break
        return Scanned("object" if is_object else "array", items=items)


def utf8(raw):
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise JSONError("cannotConvertInputStringDataToUTF8")


HEX_DIGITS = b"0123456789abcdefABCDEF"


def string_value(node):
    """unwrapString (SF JSON/JSONDecoder.swift:863-880) and JSONScanner.stringValue (SF
    JSON/JSONScanner.swift:893-1036): UTF-8 checked; control bytes refused; the escapes
    \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX, a high surrogate only with a \\u low one after it."""
    raw = node.raw
    if node.simple:
        return utf8(raw)
    out, chunk, i = [], 0, 0
    while i < len(raw):
        c = raw[i]
        if c == 0x5C:
            out.append(utf8(raw[chunk:i]))
            e = raw[i + 1]
            i += 2
            simple_escapes = {0x22: '"', 0x5C: "\\", 0x2F: "/", 0x62: "\b", 0x66: "\f", 0x6E: "\n", 0x72: "\r", 0x74: "\t"}
            if e in simple_escapes:
                out.append(simple_escapes[e])
            elif e == 0x75:
                unit, i = hex4(raw, i)
                if 0xD800 <= unit <= 0xDBFF:
                    if raw[i:i + 2] != b"\\u" or len(raw) - i < 6:
                        raise JSONError("expectedLowSurrogateUTF8SequenceAfterHighSurrogate")
                    low, i = hex4(raw, i + 2)
                    if not 0xDC00 <= low <= 0xDFFF:
                        raise JSONError("expectedLowSurrogateUTF8SequenceAfterHighSurrogate")
                    out.append(chr(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)))
                elif 0xDC00 <= unit <= 0xDFFF:
                    raise JSONError("couldNotCreateUnicodeScalarFromUInt32")
                else:
                    out.append(chr(unit))
            else:
                raise JSONError("unexpectedEscapedCharacter")
            chunk = i
        elif c < 0x20:
            raise JSONError("unescapedControlCharacterInString")
        else:
            i += 1
    out.append(utf8(raw[chunk:i]))
    return "".join(out)


def hex4(raw, i):
    digits = raw[i:i + 4]
    if len(digits) < 4 or any(d not in HEX_DIGITS for d in digits):
        raise JSONError("invalidHexDigitSequence")
    return int(digits, 16), i + 4


def keyed_container(node):
    """JSONDecoderImpl.container(keyedBy:) and KeyedContainer.stringify (SF
    JSON/JSONDecoder.swift:580-599, 1266-1303): every key of the object is read as a string at once;
    a key seen twice keeps its first value (`_setIfNil`). Keys compare as Swift Strings do, by
    canonical equivalence, hence the NFD form."""
    if node.kind == "null":
        raise TypeMismatch("valueNotFound")
    if node.kind != "object":
        raise TypeMismatch("typeMismatch")
    members = {}
    for key, value in node.items:
        members.setdefault(unicodedata.normalize("NFD", string_value(key)), value)
    return members


def member(members, name):
    """KeyedContainer.getValue (SF JSON/JSONDecoder.swift:1521-1528)."""
    if name not in members:
        raise KeyNotFound(name)
    return members[name]


def decode_string(node):
    """decode(String.self): null is valueNotFound, another type typeMismatch (SF
    JSON/JSONDecoder.swift:620-636, 863-868)."""
    if node.kind != "string":
        raise TypeMismatch(node.kind)
    return string_value(node)


def decode_data(node):
    """decode(Data.self) with the default .base64 strategy (SF JSON/JSONDecoder.swift:728-757): a
    simple string's bytes straight to Base64.decode, otherwise the unescaped string, then
    Data(base64Encoded:); nil is dataCorrupted."""
    if node.kind != "string":
        raise TypeMismatch(node.kind)
    data = foundation_base64(node.raw) if node.simple else None
    if data is None:
        data = foundation_base64(string_value(node).encode("utf-8"))
    if data is None:
        raise BadBase64()
    return data
