"""The TLS presentation language as MLS uses it (RFC 9420 §2.1), read two ways.

`OpenmlsReader` reads as tls_codec 0.4.2 does when openmls 0.8.1 decodes from a byte stream
(`Deserialize::tls_deserialize`, the `std::io::Read` path; the `mls` feature on, as openmls's
workspace enables it: openmls/openmls@47dbedeca:Cargo.toml:23). Its quirks are kept: a vector's
elements are read from the stream until their *computed* sizes reach the declared length, so an
element may run past it, and a missing length byte is not "end of stream".

`StrictReader` reads as RFC 9420 §2.1 defines the language: a vector's elements fill exactly
its length, every variable-length integer in its shortest form.

Both raise `TlsError` with the kind tls_codec would name (`EndOfStream`, `InvalidVectorLength`,
`DecodingError`, `UnknownValue`, `TrailingData`); callers map kinds to PushProof codes.
"""

# tls_codec's `mls` feature limits lengths to 30 bits
# (RustCrypto/formats@tls_codec/v0.4.2:tls_codec/src/quic_vec.rs:30-33).
MAX_LEN = (1 << 30) - 1


class TlsError(Exception):
    def __init__(self, kind):
        super().__init__(kind)
        self.kind = kind


def length_encoding_bytes(length):
    """quic_vec.rs:88-105: the shortest form's size; beyond 30 bits an error."""
    if length > MAX_LEN:
        raise TlsError("InvalidVectorLength")
    if length <= 0x3F:
        return 1
    if length <= 0x3FFF:
        return 2
    return 4


def write_varint(length):
    """quic_vec.rs:107-137 (write_variable_length): 1, 2 or 4 bytes with prefix 00, 01, 10."""
    size = length_encoding_bytes(length)
    prefix = {1: 0x00, 2: 0x40, 4: 0x80}[size]
    raw = bytearray(length.to_bytes(size, "big"))
    raw[0] |= prefix
    return bytes(raw)


def vector_size(content_size):
    """quic_vec.rs:217-227 (`Size for &[T]`): content plus its length's size; an oversized
    content counts 0 for the length (`unwrap_or(0)`)."""
    try:
        return content_size + length_encoding_bytes(content_size)
    except TlsError:
        return content_size


class Value:
    """A decoded value: `value` (Python form), `enc` (what tls_codec writes for it again) and
    `size` (what its `Size` impl says; it can differ from len(enc), see openmls's Extension)."""
    __slots__ = ("value", "enc", "size")

    def __init__(self, value, enc, size=None):
        self.value = value
        self.enc = enc
        self.size = len(enc) if size is None else size


def encode_vector(items):
    """quic_vec.rs:455-481 (rw `Serialize for &[T]`): the length written is the sum of the
    elements' `Size`, then each element's own encoding."""
    content = sum(item.size for item in items)
    return Value(items, write_varint(content) + b"".join(item.enc for item in items), vector_size(content))


class OpenmlsReader:
    def __init__(self, data):
        self.data = data
        self.pos = 0

    def remaining(self):
        return len(self.data) - self.pos

    def read_exact(self, n):
        # std's `Read for &[u8]`: too few bytes is UnexpectedEof, which tls_codec turns into
        # EndOfStream (tls_codec/src/lib.rs:105-112).
        if self.remaining() < n:
            self.pos = len(self.data)
            raise TlsError("EndOfStream")
        chunk = self.data[self.pos:self.pos + n]
        self.pos += n
        return chunk

    def uint(self, size):
        # primitives.rs:117-121
        return int.from_bytes(self.read_exact(size), "big")

    def read_length(self):
        """quic_vec.rs:420-444 (rw::read_length)."""
        if self.remaining() == 0:
            # "There must be at least one byte for the length": InvalidVectorLength, not EOF.
            raise TlsError("InvalidVectorLength")
        first = self.read_exact(1)[0]
        log = first >> 6
        if log > 2:  # calculate_length, quic_vec.rs:48-65: 0b11 is beyond MAX_LEN_LEN_LOG
            raise TlsError("InvalidVectorLength")
        size = (1, 2, 4)[log]
        length = first & 0x3F
        for _ in range(1, size):
            length = (length << 8) + self.read_exact(1)[0]
        if length_encoding_bytes(length) != size:  # check_min_length, quic_vec.rs:36-46
            raise TlsError("InvalidVectorLength")
        return length

    def vlbytes(self):
        """quic_vec.rs:566-589 (`Deserialize for VLBytes`)."""
        length = self.read_length()
        body = self.read_exact(length) if length else b""
        return Value(body, write_varint(len(body)) + body)

    def vector(self, element):
        """quic_vec.rs:446-463 (`Deserialize for Vec<T>`): elements are read until the sum of
        their sizes reaches the declared length; nothing bounds an element to it."""
        length = self.read_length()
        items = []
        read = 0
        while read < length:
            item = element(self)
            read += item.size
            items.append(item)
        return encode_vector(items)


class StrictReader:
    """RFC 9420 §2.1.2: varints in their shortest form, 0b11 reserved; vectors exact."""

    def __init__(self, data):
        self.data = data
        self.pos = 0

    def remaining(self):
        return len(self.data) - self.pos

    def read_exact(self, n):
        if self.remaining() < n:
            raise TlsError("EndOfStream")
        chunk = self.data[self.pos:self.pos + n]
        self.pos += n
        return chunk

    def uint(self, size):
        return int.from_bytes(self.read_exact(size), "big")

    def read_length(self):
        first = self.read_exact(1)[0]
        log = first >> 6
        if log == 3:  # RFC 9420 §2.1.2: the prefix 0b11 is invalid
            raise TlsError("InvalidVectorLength")
        size = (1, 2, 4)[log]
        length = first & 0x3F
        for _ in range(1, size):
            length = (length << 8) + self.read_exact(1)[0]
        if length_encoding_bytes(length) != size:  # §2.1.2: the minimum number of bytes
            raise TlsError("InvalidVectorLength")
        return length

    def vlbytes(self):
        return self.read_exact(self.read_length())

    def vector(self, element):
        """§2.1.2: a vector's length is the byte length of its elements; they fill it exactly."""
        body = self.vlbytes()
        inner = StrictReader(body)
        items = []
        while inner.remaining():
            items.append(element(inner))
        return items

    def finish(self):
        if self.remaining():
            raise TlsError("TrailingData")
