"""Convos: the ExplodeSettings codec (docs/explode.md) with a hand-written protobuf wire codec,
and XMTP inbox ids (docs/identity.md)."""
import hashlib
import math
import re
import zlib

from .common import ProtocolError, compact, strict_loads
from .foundation import JSONError, JSONScanner, KeyNotFound, TypeMismatch, decode_string, keyed_container, member, utf8_representation

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


def parse_time(text):
    """RFC 3339 on the proleptic Gregorian calendar: PushProof's hardened reading (the app's is
    `ios_expires_at`)."""
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
    return days * 86400 + h * 3600 + mi * 60 + s - offset


# --- iOS's reading of the content: JSONDecoder with the .iso8601 date strategy ---
# The app decodes `struct { expiresAt: Date }` with JSONDecoder's .iso8601 strategy
# (convos-ios@5d1e833e ExplodeSettingsCodec.swift:44-57), which on iOS 26 is swift-foundation's
# code (SFA = swiftlang/swift-foundation@a1c611f6, Sources/FoundationEssentials/):
# JSON/JSONDecoder.swift:644-649 calls Date.ISO8601FormatStyle().parse(string).

GREGORIAN_CUTOVER_JULIAN_DAY = 2299161  # SFA Calendar/Calendar_Gregorian.swift:188, 223
JULIAN_DAY_AT_REFERENCE_DATE = 2451910.5  # 2001-01-01T00:00:00Z (:33)
SECONDS_1970_TO_REFERENCE_DATE = 978307200.0
INT32_MIN, INT32_MAX = -2**31, 2**31 - 1


def trunc_div(a, b):
    """Swift's integer `/`, which truncates toward zero."""
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def julian_day_of(day, month, year, julian_reference):
    """_CalendarGregorian.julianDay(ofDay:month:year:useJulianReference:) (SFA
    Calendar/Calendar_Gregorian.swift:1906-1942), the Explanatory Supplement's algorithm."""
    h = month - 2
    g = year + 4716 - trunc_div(12 - h, 12)
    f = (h - 1 + 12) % 12
    e = trunc_div(1461 * g, 4) + day - 1 - 1401
    j = e + trunc_div(153 * f + 2, 5)
    return j if julian_reference else j - trunc_div(3 * trunc_div(g + 184, 100), 4) + 38


def ios_iso8601_date(text):
    """Date.ISO8601FormatStyle().parse(text) as seconds since 1970 (a float), or None where it
    throws. SFA Formatting/Date+ISO8601FormatStyle.swift:268-290 and
    DateComponents+ISO8601FormatStyle.swift:407-697 (the default fields and separators):
    - each number is a run of ASCII digits, at most ten (FormatParsingUtilities.swift:50-93); the
      month must be 1-12 and the day 1-31, nothing else is range-checked here;
    - a fraction is optional, 1-9 digits;
    - the zone is Z or z, GMT or UTC in any case (alone, or followed by an offset), or a sign, one
      or two digits of hours, then optionally (a colon and) two of minutes and (a colon and) two of
      seconds; a nonzero offset past 18 hours makes no TimeZone (TimeZone/TimeZone_GMT.swift:129-132);
    - characters after the zone are never read.
    The components then go through the Gregorian calendar's date(from:) (Calendar_Gregorian.swift
    :1634-1668, 1669-1680, 1815-1866): a day past the month's end, an hour of 24 or a second of 60
    roll over; a date before the cut-over is counted on the Julian calendar; the arithmetic is the
    Double arithmetic Foundation does."""
    data = text.encode("utf-8")
    if not data:
        return None
    i = 0

    def digits(max_digits=10, nanoseconds=False):
        nonlocal i
        value = count = 0
        while i < len(data) and 0x30 <= data[i] <= 0x39:
            value = value * 10 + data[i] - 0x30
            i += 1
            count += 1
            if count >= min(max_digits, 10):
                break
        if count == 0 or (nanoseconds and count > 9):
            raise ValueError("digits")
        return value * 10 ** (9 - count) if nanoseconds else value

    def expect(char):
        nonlocal i
        if i >= len(data) or data[i] != ord(char):
            raise ValueError(char)
        i += 1

    def peek():
        return data[i] if i < len(data) else None

    try:
        year = digits()
        expect("-")
        month = digits()
        if not 1 <= month <= 12:
            return None
        expect("-")
        day = digits()
        if not 1 <= day <= 31:
            return None
        expect("T")
        hour = digits()
        expect(":")
        minute = digits()
        expect(":")
        second = digits()
        nanosecond = None
        if peek() == 0x2E:
            i += 1
            nanosecond = digits(nanoseconds=True)
        zone = peek()
        if zone is None:
            return None
        i += 1
        offset = 0
        if zone not in b"Zz":
            skip_digits = False
            if zone in b"Gg" or zone in b"Uu":
                rest = b"Mm", b"Tt"
                if zone in b"Uu":
                    rest = b"Tt", b"Cc"
                for allowed in rest:
                    if peek() is None or peek() not in allowed:
                        return None
                    i += 1
                if peek() is not None and peek() in b"+-":
                    positive = peek() == 0x2B
                    i += 1
                else:
                    positive, skip_digits = True, True
            elif zone in b"+-":
                positive = zone == 0x2B
            else:
                return None
            if not skip_digits:
                hours = digits(max_digits=2)
                expect_minutes = False
                if peek() == 0x3A:
                    i += 1
                    expect_minutes = True
                elif peek() is not None and 0x30 <= peek() <= 0x39:
                    expect_minutes = True
                if expect_minutes:
                    minutes = digits(max_digits=2)
                    if peek() == 0x3A:
                        i += 1
                    seconds = digits(max_digits=2) if peek() is not None and 0x30 <= peek() <= 0x39 else 0
                    offset = hours * 3600 + minutes * 60 + seconds
                else:
                    offset = hours * 3600
                if offset != 0:
                    if offset > 18 * 3600:
                        return None
                    offset = offset if positive else -offset
    except ValueError:
        return None
    # isComponentsInSupportedRange (Calendar_Gregorian.swift:1634-1668)
    if not (year <= 506714 and -4714 * 8760 <= hour <= INT32_MAX and INT32_MIN <= minute <= INT32_MAX
            and INT32_MIN <= second <= INT32_MAX):
        return None
    julian_day = julian_day_of(0, month, year, False) + day
    if julian_day < GREGORIAN_CUTOVER_JULIAN_DAY:
        julian_day = julian_day_of(0, month, year, True) + day
    seconds_in_day = 0.0
    seconds_in_day += float(hour) * 3600.0
    seconds_in_day += float(minute) * 60.0
    seconds_in_day += float(second)
    if nanosecond is not None:
        seconds_in_day += float(nanosecond) / 1e9
    t = (float(julian_day) - JULIAN_DAY_AT_REFERENCE_DATE) * 86400.0
    t = t - 43200.0 + seconds_in_day
    t = t - float(offset) - 0.0
    return t + SECONDS_1970_TO_REFERENCE_DATE


def ios_expires_at(content):
    """`JSONDecoder().decode(ExplodeSettings.self, from: content)` with the .iso8601 date strategy:
    the whole of foundation.py's JSONDecoder (a BOM or UTF-16/32, the lax scan, the first of a
    repeated key, only the member read being decoded), then the date. None where it throws."""
    try:
        top = keyed_container(JSONScanner(utf8_representation(content)).scan())
        return ios_iso8601_date(decode_string(member(top, "expiresAt")))
    except (JSONError, TypeMismatch, KeyNotFound):
        return None


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


# Date.validCalendarRange (SFA Date.swift:393) in seconds since 1970: Foundation's calendar holds
# every instant within it (Date.capped, :396-398), so JSONEncoder writes an earlier instant as
# -4712-01-01T12:00:00Z and a later one as 506713-02-07T00:00:00Z.
CALENDAR_RANGE = (-211845067200 + 978307200, 15927175497600 + 978307200)


def ios_iso8601_text(t):
    """What JSONEncoder's .iso8601 strategy writes for an instant of whole seconds t (the app's
    encoder, ExplodeSettingsCodec.swift:33-42; SFA JSON/JSONEncoder.swift:1146-1147 and
    Formatting/Date+ISO8601FormatStyle.swift:191-234): the instant held within the calendar's
    range, a Julian date before the cut-over (Calendar/Calendar_Gregorian.swift:1944-1946), the
    year zero-padded to four digits and signed when negative (an era-0 year written 1 - y,
    DateComponents+ISO8601FormatStyle.swift:262-275), longer when it needs more."""
    t = min(max(t, CALENDAR_RANGE[0]), CALENDAR_RANGE[1])
    days, second = divmod(t, 86400)
    y, m, d = (julian_from_days if t < CUTOVER else civil_from_days)(days)
    year = f"-{-y:04d}" if y < 0 else f"{y:04d}"
    return f"{year}-{m:02d}-{d:02d}T{second // 3600:02d}:{second // 60 % 60:02d}:{second % 60:02d}Z"


def op_encode(inp):
    t = inp["expiresAtUnixMillis"] // 1000  # floor: sub-second precision is dropped
    when = ios_iso8601_text(t)
    content = compact({"expiresAt": when}).encode()
    # Darwin's Date.description of the same instant, by reading ICU's pattern: the content's date and time.
    fallback = "Conversation expires at " + when[:-10] + " " + when[-9:-1] + " +0000"
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
    deployed = inp["profile"] == "deployed"
    if compression:
        # ContentCodec.swift:38-63 (xmtp/libxmtp@a53a97ed sdks/ios/Sources/XMTPiOS/Codecs/): DEFLATE
        # is Apple COMPRESSION_ZLIB (raw only); GZIP is Apple LZFSE, not decoded here; any other
        # value is `default: return copy`, the content passed through as it is (:72-73), which
        # hardened refuses. An enum keeps the varint's low 32 bits as an Int32
        # (decodeSingularEnumField, :796-805).
        method = compression[-1] & 0xFFFFFFFF
        if method == 1 or (method != 0 and not deployed):
            raise ProtocolError("BAD_COMPRESSION")
        if method == 0:
            try:
                content = inflate_prefix(content)
            except zlib.error:
                raise ProtocolError("BAD_COMPRESSION")
            if not content:
                raise ProtocolError("BAD_COMPRESSION")
    if not content:
        raise ProtocolError("EMPTY_CONTENT")
    if deployed:
        # The app's reading: JSONDecoder's (ExplodeSettingsCodec.swift:44-57), the instant floored
        # to whole seconds.
        instant = ios_expires_at(content)
        t = math.floor(instant) if instant is not None else None
    else:
        try:
            value = strict_loads(content)
            when = value.get("expiresAt") if isinstance(value, dict) else None
            t = parse_time(when) if isinstance(when, str) else None
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
# explode.decode also answers the hardened profile: strict JSON, expiresAt read as RFC 3339 and
# nothing more on the proleptic Gregorian calendar, an unknown compression refused. In deployed it
# reads the content as the app does (JSONDecoder and its ISO 8601 parser, ported above).
PROFILES = {"explode.decode": ["deployed", "hardened"]}
