"""Convos: the ExplodeSettings codec (docs/explode.md) with a hand-written protobuf wire codec,
and XMTP inbox ids (docs/identity.md)."""
import hashlib
import re
import zlib

from .common import ProtocolError, compact, strict_loads

# The iOS SDK inflates into a buffer of four times the compressed size and keeps what fits
# (xmtp/libxmtp@a53a97ed:sdks/ios/Sources/XMTPiOS/EncodedContentCompression.swift:50-70).
INFLATE_FACTOR = 4


# --- RFC 3339 on the proleptic Gregorian calendar (years 0000-9999) ---

def days_from_civil(y, m, d):
    y -= m <= 2
    era = y // 400  # Python's // floors already; the C form (y - 399) / 400 assumes truncation
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def civil_from_days(z):
    z += 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    return yoe + era * 400 + (m <= 2), m, d


EARLIEST, LATEST = days_from_civil(0, 1, 1) * 86400, days_from_civil(9999, 12, 31) * 86400 + 86399


# --- The calendar iOS's Foundation counts on: Julian before 1582-10-15 ---
# swift-foundation@a1c611f6:Sources/FoundationEssentials/Calendar/Calendar_Gregorian.swift:224-225
# (the Gregorian calendar's default cut-over, 1582-10-15); a date as written before it is counted
# on the Julian calendar, and the encoder writes instants before it as Julian dates.
CUTOVER = days_from_civil(1582, 10, 15) * 86400


def days_from_julian(y, m, d):
    a = (14 - m) // 12
    yy, mm = y + 4800 - a, m + 12 * a - 3
    return d + (153 * mm + 2) // 5 + 365 * yy + yy // 4 - 32083 - 2440588


def julian_from_days(z):
    c = z + 2440588 + 32082
    n = (4 * c + 3) // 1461
    e = c - 1461 * n // 4
    mp = (5 * e + 2) // 153
    return n - 4800 + mp // 10, mp + 3 - 12 * (mp // 10), e - (153 * mp + 2) // 5 + 1


def format_time(t, calendar=civil_from_days):
    if not EARLIEST <= t <= LATEST:
        raise ProtocolError("DATE_OUT_OF_RANGE")
    days, second = divmod(t, 86400)
    y, m, d = calendar(days)
    return f"{y:04d}-{m:02d}-{d:02d}T{second // 3600:02d}:{second // 60 % 60:02d}:{second % 60:02d}Z"


# At most nine fraction digits, as iOS's ISO 8601 parser reads (swift-foundation@a1c611f6:
# Sources/FoundationEssentials/Formatting/DateComponents+ISO8601FormatStyle.swift:545-552).
TIMESTAMP = re.compile(r"(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})\Z", re.ASCII)


def days_in_month(y, m):
    if m == 2:
        return 29 if (y % 4 == 0 and y % 100 != 0) or y % 400 == 0 else 28
    return 30 if m in (4, 6, 9, 11) else 31


def parse_time(text, deployed=False):
    """RFC 3339 on the proleptic Gregorian calendar; `deployed`: a text RFC 3339 allows, read as
    iOS's JSONDecoder .iso8601 reads it: an offset past 18 hours refused (Foundation makes no
    time zone past ±18:00: measured by running swift-foundation's decoder, as the vectors'
    explode_codec 671-676 record), a date as written before 1582-10-15 counted on the Julian
    calendar (677-681)."""
    match = TIMESTAMP.match(text)
    if not match:
        return None
    y, mo, d, h, mi, s = (int(match.group(i)) for i in range(1, 7))
    if not (1 <= mo <= 12 and 1 <= d <= days_in_month(y, mo) and h <= 23 and mi <= 59 and s <= 59):
        return None
    offset = 0
    zone = match.group(8)
    if zone != "Z":
        oh, om = int(zone[1:3]), int(zone[4:6])
        if oh > 23 or om > 59:
            return None
        offset = (1 if zone[0] == "+" else -1) * (oh * 3600 + om * 60)
    days = days_from_civil(y, mo, d)
    if deployed:
        if abs(offset) > 18 * 3600:
            return None
        if (y, mo, d) < (1582, 10, 15):
            days = days_from_julian(y, mo, d)
    return days * 86400 + h * 3600 + mi * 60 + s - offset


# --- protobuf wire format, just what EncodedContent needs ---

def varint(n):
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def field_bytes(number, data):
    return varint(number << 3 | 2) + varint(len(data)) + data


# --- The protobuf wire format as SwiftProtobuf 1.39.0 reads it (the iOS SDK's decoder) ---
# apple/swift-protobuf@1.39.0:Sources/SwiftProtobuf/BinaryDecoder.swift. Every failure is a
# ValueError (BinaryDecodingError: malformed, truncated, trailing garbage, depth limit).

MESSAGE_DEPTH_LIMIT = 100  # BinaryDecodingOptions.messageDepthLimit


class WireReader:
    """One (sub)decoder over `data`, with SwiftProtobuf's recursion budget."""

    def __init__(self, data, budget):
        self.data, self.i, self.budget = data, 0, budget

    def varint(self):
        """decodeVarint (:1375-1406): at most ten bytes, bits past 64 dropped."""
        shift = value = 0
        while True:
            if self.i >= len(self.data) or shift > 63:
                raise ValueError("bad varint")
            byte = self.data[self.i]
            self.i += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                return value & 0xFFFFFFFFFFFFFFFF

    def message_tag(self):
        """nextFieldNumber (:107-214), a message's own fields: a tag of at most five bytes, the
        fifth at most 15; wire types 6 and 7, field 0 and an end-group are malformed."""
        start = self.i
        if self.data[start] & 7 > 5:
            raise ValueError("wire type")
        key = 0
        for n in range(5):
            if start + n >= len(self.data):
                raise ValueError("truncated tag")
            byte = self.data[start + n]
            if n == 4 and byte > 15:
                raise ValueError("tag past 32 bits")
            key |= (byte & 0x7F) << (7 * n)
            if not byte & 0x80:
                break
        self.i = start + n + 1
        number, wire = key >> 3, key & 7
        if number == 0 or wire == 4:
            raise ValueError("field 0 or end-group")
        return number, wire

    def tag(self):
        """getTagWithoutUpdatingFieldStart (:1419-1434), inside map entries and groups."""
        key = self.varint()
        if key >= 0xFFFFFFFF or key >> 3 == 0 or key & 7 > 5:
            raise ValueError("bad tag")
        return key >> 3, key & 7

    def length_delimited(self):
        length = self.varint()
        if length > len(self.data) - self.i:
            raise ValueError("truncated")
        self.i += length
        return self.data[self.i - length:self.i]

    def skip(self, number, wire):
        """skipOver (:1302-1350); returns the field's value (None for a group)."""
        if wire == 0:
            return self.varint()
        if wire in (1, 5):
            size = 8 if wire == 1 else 4
            if len(self.data) - self.i < size:
                raise ValueError("truncated")
            self.i += size
            return self.data[self.i - size:self.i]
        if wire == 2:
            return self.length_delimited()
        if wire == 4:
            raise ValueError("end-group outside a group")
        self.budget -= 1  # wire 3, a group: skipped to its own end-group
        if self.budget < 0:
            raise ValueError("depth limit")
        while True:
            if self.i >= len(self.data):
                raise ValueError("truncated group")
            inner_number, inner_wire = self.tag()
            if inner_wire == 4:
                if inner_number != number:
                    raise ValueError("another group's end")
                break
            self.skip(inner_number, inner_wire)
        self.budget += 1
        return None


def read_message(data, budget=MESSAGE_DEPTH_LIMIT):
    """A message's fields as (number, wire type, value), with the budget its fields' own
    decoders start from (decodeFullMessage, :894-905, takes one level)."""
    reader = WireReader(data, budget - 1)
    if reader.budget < 0:
        raise ValueError("depth limit")
    fields = []
    while reader.i < len(data):
        number, wire = reader.message_tag()
        fields.append((number, wire, reader.skip(number, wire)))
    return fields, reader.budget


def check_map_entry(data, budget):
    """decodeMapField (:957-993) for map<string, string>: key 1 and value 2 read only when
    length-delimited (UTF-8 checked); in another wire type nothing is consumed, so the next tag
    is read from that field's value bytes; other fields skipped; an end-group is malformed."""
    reader = WireReader(data, budget)
    while reader.i < len(data):
        number, wire = reader.tag()
        if wire == 4:
            raise ValueError("end-group in a map entry")
        if number in (1, 2):
            if wire == 2:
                reader.length_delimited().decode("utf-8")  # UnicodeDecodeError is a ValueError
        else:
            reader.skip(number, wire)


def op_encode(inp):
    t = inp["expiresAtUnixMillis"] // 1000  # floor: sub-second precision is dropped
    # Foundation's JSONEncoder .iso8601 writes an instant before the cut-over as a Julian date.
    when = format_time(t, julian_from_days if t < CUTOVER else civil_from_days)
    content = compact({"expiresAt": when}).encode()
    fallback = "Conversation expires at " + when[:10] + " " + when[11:19] + " +0000"
    content_type = field_bytes(1, b"convos.org") + field_bytes(2, b"explode_settings") + varint(3 << 3) + varint(1)
    encoded = field_bytes(1, content_type) + field_bytes(3, fallback.encode()) + field_bytes(4, content)
    return {"contentType": {"authorityId": "convos.org", "typeId": "explode_settings", "versionMajor": 1, "versionMinor": 0},
            "content": content.decode(), "fallback": fallback, "shouldPush": True, "encodedContentHex": encoded.hex()}


def inflate_prefix(data):
    """Raw DEFLATE into INFLATE_FACTOR x len(data) bytes of room, keeping what fits (Apple's
    compression_decode_buffer); zlib.error when the stream is bad, or ends short of the room
    without ending exactly at the end of the input."""
    room = len(data) * INFLATE_FACTOR
    if room == 0:
        return b""
    d = zlib.decompressobj(-15)
    out = d.decompress(data, room)
    if len(out) == room:
        return out
    if not d.eof or d.unused_data:
        raise zlib.error("incomplete or trailing data")
    return out


# Known fields and their wire types, and which are proto3 `string`s, as xmtp/proto's
# message_contents/content.proto declares them. A decoder built from that file (SwiftProtobuf in
# the iOS SDK) refuses a string field that is not UTF-8, and keeps a known field that arrives with
# another wire type as an unknown field (so it is as if absent).
ENCODED_CONTENT = {1: 2, 2: 2, 3: 2, 4: 2, 5: 0}
CONTENT_TYPE_ID = {1: 2, 2: 2, 3: 0, 4: 0}
STRINGS = {"encoded": {3}, "type": {1, 2}}


def checked_fields(data, known, strings, budget=MESSAGE_DEPTH_LIMIT):
    """The fields with their declared wire type (a known field in another wire type is kept as
    an unknown field, so it is as if absent), whether there were unknown fields, and the budget
    of the fields' decoders; ValueError on a malformed message or a string field not UTF-8."""
    fields, inner_budget = read_message(data, budget)
    declared = [f for f in fields if f[0] not in known or known[f[0]] == f[1]]
    for number, _, value in declared:
        if number in strings:
            value.decode("utf-8")  # UnicodeDecodeError is a ValueError
    unknown = any(known.get(number) != wire for number, wire, _ in fields)
    return declared, unknown, inner_budget


def op_decode(inp):
    try:
        fields, _, budget = checked_fields(bytes.fromhex(inp["encodedContentHex"]), ENCODED_CONTENT, STRINGS["encoded"])
        content_type, type_unknown = None, False
        for number, _, value in fields:
            if number == 2:  # a parameters map entry: key 1 and value 2, both strings
                check_map_entry(value, budget)
            elif number == 1:
                # A message field seen again is merged into the first (decodeSingularMessageField,
                # :867-879): each occurrence parsed on its own, the later values winning.
                more, unknown, _ = checked_fields(value, CONTENT_TYPE_ID, STRINGS["type"], budget)
                content_type = (content_type or []) + more
                type_unknown = type_unknown or unknown
    except ValueError:
        raise ProtocolError("MALFORMED_PROTOBUF")
    if content_type is None:
        raise ProtocolError("WRONG_CONTENT_TYPE")
    values = {number: value for number, _, value in content_type}
    if values.get(1, b"") != b"convos.org" or values.get(2, b"") != b"explode_settings":
        raise ProtocolError("WRONG_CONTENT_TYPE")
    # iOS compares the whole ContentTypeId: the minor version too (CodecRegistry.swift:22-35,
    # message_contents_content.pb.swift:229-235), and its unknown fields. The versions are
    # uint32: a longer varint keeps its low 32 bits (decodeSingularUInt32Field).
    if values.get(3, 0) & 0xFFFFFFFF != 1 or values.get(4, 0) & 0xFFFFFFFF != 0:
        raise ProtocolError("UNSUPPORTED_VERSION")
    if type_unknown:
        raise ProtocolError("WRONG_CONTENT_TYPE")
    # A singular field seen twice: the last one wins (protobuf's merge rule).
    content = ([value for number, wire, value in fields if number == 4 and wire == 2] or [b""])[-1]
    compression = [value for number, wire, value in fields if number == 5 and wire == 0]
    if compression:
        # ContentCodec.swift:38-63: DEFLATE is Apple COMPRESSION_ZLIB (raw only); GZIP is Apple
        # LZFSE, not decoded here; an unknown value passes through on iOS, PushProof refuses it.
        # An enum keeps the varint's low 32 bits as an Int32 (decodeSingularEnumField, :796-805).
        if compression[-1] & 0xFFFFFFFF != 0:
            raise ProtocolError("BAD_COMPRESSION")
        try:
            content = inflate_prefix(content)
        except zlib.error:
            raise ProtocolError("BAD_COMPRESSION")
        if not content:
            raise ProtocolError("BAD_COMPRESSION")
    if not content:
        raise ProtocolError("EMPTY_CONTENT")
    try:
        value = strict_loads(content)
        when = value.get("expiresAt") if isinstance(value, dict) else None
        t = parse_time(when, deployed=inp["profile"] == "deployed") if isinstance(when, str) else None
    except (ValueError, UnicodeDecodeError):
        t = None
    if t is None:
        raise ProtocolError("INVALID_JSON")
    return {"expiresAtUnix": t, "expiresAt": format_time(t) if EARLIEST <= t <= LATEST else ""}


# libxmtp reads an address as exactly "0x" (lower case) and 40 ASCII hex digits, either case
# (xmtp/libxmtp@a53a97ed crates/xmtp_id/src/associations/member.rs:171-190; the sanitizer,
# crates/xmtp_cryptography/src/signature.rs:87-96, strips only a lower-case "0x").
ADDRESS = re.compile(r"0x[0-9a-fA-F]{40}\Z", re.ASCII)


def op_inbox_id(inp):
    address = inp["address"]
    if not isinstance(address, str) or not ADDRESS.match(address):
        raise ProtocolError("INVALID_ADDRESS")
    text = "0x" + address[2:].lower() + str(inp["nonce"])
    return {"inboxId": hashlib.sha256(text.encode()).hexdigest()}


OPERATIONS = {
    "explode.encode": op_encode,
    "explode.decode": op_decode,
    "identity.inboxId": op_inbox_id,
}
# explode.decode also answers the hardened profile: it reads expiresAt with a strict RFC 3339
# parser (not iOS's Foundation parser), which is the hardened reading; in deployed it then reads a
# text RFC 3339 allows as iOS does (the offsets Foundation holds, the Julian calendar), and the
# deployed vectors allow the strict refusal wherever iOS reads more than RFC 3339.
PROFILES = {"explode.decode": ["deployed", "hardened"]}
# The part of explode.decode the hardened vectors test is not ported from upstream: the hello says so
# (`notUpstream`), and scripts/hardening-table.py leaves it out of the upstream column.
NOT_UPSTREAM = {
    "explode.decode": "the Python port reads expiresAt with PushProof's strict RFC 3339 parser, not iOS's "
                      "Foundation parser; iOS's lenient readings are the alternatives of the deployed vectors (flags "
                      "RolledOverDate, IosDateLeniency, UnknownCompressionIgnored)",
}
