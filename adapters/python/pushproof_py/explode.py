"""Convos ExplodeSettings beyond the codec (docs/explode.md): the MLS PlaintextEnvelope wrapper,
the metadata copy in the group's appData, and the receiver's rules.

Ported from upstream, not from PushProof's Swift: xmtplabs/convos-ios@5d1e833e (the app),
xmtp/proto@f5191f73 and xmtp/libxmtp@a53a97ed (the envelope), apple/swift-protobuf@2547102a
(1.31.1, the version Convos.xcodeproj's Package.resolved pins; its BinaryDecoder is the one
convos.py follows) and swiftlang/swift-foundation@a1c611f6 (Data(base64Encoded:) on iOS).
The protobuf wire reader is convos.py's, imported as it is.
"""
import base64
import re
import zlib

from .common import ProtocolError, is_int
from .foundation import foundation_base64
from .convos import MESSAGE_DEPTH_LIMIT, field_bytes, read_message, varint

HEX = re.compile(r"(?:[0-9a-fA-F]{2})*\Z", re.ASCII)


def hex_input(inp, name):
    """A hex input field (the harness's encoding of bytes: even length, either case)."""
    text = inp[name]
    if not HEX.match(text):  # a value that is not a string is a TypeError
        raise ValueError(f"input field `{name}` must be hex")
    return bytes.fromhex(text)


def string_input(value):
    """A string input as UTF-8; a value that is not a string has no encode (AttributeError), and a
    lone surrogate, which no Swift String holds, is a UnicodeEncodeError."""
    return value.encode("utf-8")


# --- explode.wrap: PlaintextEnvelope { v1: V1 { content, idempotency_key } } ---

def op_wrap(inp):
    # xmtp/libxmtp@a53a97ed:crates/xmtp_mls/src/groups/mod.rs:1778-1785 builds
    # PlaintextEnvelope { content: Some(Content::V1(V1 { content, idempotency_key })) } and
    # :1764-1766 encodes it with prost. Field numbers: xmtp/proto@f5191f73:
    # proto/mls/message_contents/content.proto:49-55 (V1: bytes content = 1, string
    # idempotency_key = 2) and :81-84 (oneof content { V1 v1 = 1; }). prost writes a proto3 scalar
    # only when it is not its default (empty bytes, empty string) and a set oneof member always,
    # even when empty.
    content = hex_input(inp, "encodedContentHex")
    key = string_input(inp["idempotencyKey"])
    v1 = (field_bytes(1, content) if content else b"") + (field_bytes(2, key) if key else b"")
    return {"plaintextEnvelopeHex": field_bytes(1, v1).hex()}


# --- ConversationCustomMetadata (xmtplabs/convos-ios@5d1e833e:ConvosAppData/Sources/ConvosAppData/
#     Proto/conversation_custom_metadata.proto:15-42) ---

def encode_profile(profile):
    # conversation_custom_metadata.pb.swift:292-313 (ConversationProfile.traverse): inboxId (1)
    # when not empty, name (2) when set, even empty.
    out = b""  # a profile that is not an object fails at its first member (TypeError)
    inbox_id = hex_input(profile, "inboxIdHex")
    if inbox_id:
        out += field_bytes(1, inbox_id)
    if "name" in profile:
        out += field_bytes(2, string_input(profile["name"]))
    return out


def encode_metadata(inp):
    """SwiftProtobuf's serializedData(): fields in number order as the generated traverse visits
    them (conversation_custom_metadata.pb.swift:194-218): tag (1) when not empty, each profile
    (2), expiresAtUnix (3, sfixed64: 8 bytes little-endian two's complement) when set, emoji (6)
    when set, even empty."""
    out = b""
    tag = string_input(inp["tag"])
    if tag:
        out += field_bytes(1, tag)
    profiles = inp.get("profiles", [])
    if not isinstance(profiles, list):
        raise ValueError("input field `profiles` must be an array")
    for profile in profiles:
        out += field_bytes(2, encode_profile(profile))
    if "expiresAtUnix" in inp:
        t = inp["expiresAtUnix"]
        if not is_int(t):
            raise ValueError("input field `expiresAtUnix` must be an integer")
        out += varint(3 << 3 | 1) + t.to_bytes(8, "little", signed=True)  # past Int64: OverflowError
    if "emoji" in inp:
        out += field_bytes(6, string_input(inp["emoji"]))
    return out


class Malformed(ValueError):
    """The bytes are not a ConversationCustomMetadata as SwiftProtobuf reads it."""


def declared_fields(data, budget, declared):
    """A message's fields read as the generated decodeMessage reads them: a known field is decoded
    only in its declared wire type; in another it is not consumed, and nextFieldNumber keeps it as
    an unknown field (apple/swift-protobuf@2547102a:Sources/SwiftProtobuf/BinaryDecoder.swift:
    103-128; the type guards at :643-657 sfixed64, :716-742 string, :760-778 bytes, :863-888
    message). Returns the declared fields and the budget their sub-messages start from."""
    fields, inner = read_message(data, budget)
    return [(n, v) for n, w, v in fields if declared.get(n) == w], inner


def utf8(value):
    """decodeSingularStringField (:716-742): a string that is not UTF-8 fails the message."""
    return value.decode("utf-8")  # UnicodeDecodeError is a ValueError


def check_image_ref(data, budget):
    # EncryptedImageRef (conversation_custom_metadata.pb.swift:236-248): url (1, string),
    # salt (2, bytes), nonce (3, bytes). Only its well-formedness matters here.
    fields, _ = declared_fields(data, budget, {1: 2, 2: 2, 3: 2})
    for number, value in fields:
        if number == 1:
            utf8(value)


def decode_profile(data, budget):
    # ConversationProfile (conversation_custom_metadata.pb.swift:276-290): inboxId (1, bytes),
    # name (2), image (3), connections (5) strings, encryptedImage (4, a message). A singular
    # field seen twice keeps its last value; a message field seen twice is merged, each
    # occurrence read on its own (decodeSingularMessageField, :863-875).
    fields, inner = declared_fields(data, budget, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2})
    profile = {"inboxIdHex": ""}
    for number, value in fields:
        if number == 1:
            profile["inboxIdHex"] = value.hex()  # ProfileHelpers.swift:16-18, 227-229: lower-case
        elif number == 2:
            profile["name"] = utf8(value)
        elif number in (3, 5):
            utf8(value)
        else:
            check_image_ref(value, inner)
    return profile


def decode_metadata(data):
    """ConversationCustomMetadata(serializedBytes:) (AppDataSerialization.swift:50) as the
    generated decodeMessage reads it (conversation_custom_metadata.pb.swift:177-192): tag (1)
    and emoji (6) strings, profiles (2) repeated messages, expiresAtUnix (3) sfixed64,
    imageEncryptionKey (4) bytes, encryptedGroupImage (5) a message; the reserved 7 and any
    other field kept as unknown. Decoded with SwiftProtobuf's default options (depth limit 100,
    unknown fields kept)."""
    fields, inner = declared_fields(data, MESSAGE_DEPTH_LIMIT, {1: 2, 2: 2, 3: 1, 4: 2, 5: 2, 6: 2})
    tag, profiles, expires_at, emoji = "", [], None, None
    for number, value in fields:
        if number == 1:
            tag = utf8(value)
        elif number == 2:
            profiles.append(decode_profile(value, inner))  # decodeRepeatedMessageField, :877-888
        elif number == 3:
            expires_at = int.from_bytes(value, "little", signed=True)  # decodeLittleEndianInteger
        elif number == 5:
            check_image_ref(value, inner)
        elif number == 6:
            emoji = utf8(value)
    out = {"tag": tag}
    if expires_at is not None:  # hasExpiresAtUnix (pb.swift:49)
        out["expiresAtUnix"] = expires_at
    if emoji is not None:  # hasEmoji: set, even empty
        out["emoji"] = emoji
    out["profiles"] = profiles
    return out


# --- appData: AppDataSerialization.swift ---

COMPRESSION_MARKER = 0x1F  # AppDataSerialization.swift:138
COMPRESSION_THRESHOLD = 100  # :12
MAX_DECOMPRESSED_SIZE = 10 * 1024 * 1024  # :9
MAX_COMPRESSION_RATIO = 100  # :198
# The encoded appData's cap: XMTPGroup+CustomMetadata.swift:24, 405-409 (UTF-8 bytes of the
# string, at most 8192), the same as libxmtp's MAX_APP_DATA_LENGTH
# (xmtp/libxmtp@a53a97ed:crates/xmtp_mls/src/groups/mod.rs:131, 2330-2334).
APP_DATA_BYTE_LIMIT = 8 * 1024
# Apple's COMPRESSION_ZLIB is raw DEFLATE (RFC 1951) as zlib writes it at level 5
# (developer.apple.com/documentation/compression/compression_zlib).
APPLE_ZLIB_LEVEL = 5


def compressed_if_smaller(data):
    """compressedIfSmaller / compressedWithSize (:141-189): marker, the size as a big-endian u32,
    raw DEFLATE; kept only when the whole is shorter than the input. The encoder's buffer holds
    `count` bytes (:160-169) and a longer body makes it return 0 (:171): such a body, five bytes
    of header added, is never shorter than the input either, so the one length check decides."""
    compressor = zlib.compressobj(APPLE_ZLIB_LEVEL, zlib.DEFLATED, -15)
    body = compressor.compress(data) + compressor.flush()
    out = bytes([COMPRESSION_MARKER]) + len(data).to_bytes(4, "big") + body
    return out if len(out) < len(data) else None


def base64url_encode(data):
    # base64URLEncoded (:106-111): standard base64, + -> -, / -> _, padding removed.
    return base64.b64encode(data).decode().replace("+", "-").replace("/", "_").replace("=", "")


def foundation_base64_decode(text):
    """Data(base64Encoded:) with no options (foundation.py): ValueError where it answers nil. A
    string of '=' alone, which Foundation reads as one zero byte when four or more long
    (Data+Base64.swift:516-524), is refused here too: no ConversationCustomMetadata starts with 0x00
    (field number 0)."""
    if text and not text.rstrip("="):
        raise ValueError("padding only")
    data = foundation_base64(text.encode("utf-8"))
    if data is None:
        raise ValueError("not base64")
    return data


def base64url_decode(text):
    """base64URLDecoded (:116-131): - -> +, _ -> /, '=' appended up to a multiple of four
    characters, then Foundation's decoder. (Swift counts Characters; for ASCII text that is
    Python's count but for CR LF, a Character of two bytes the decoder refuses anyway.)"""
    if not text.isascii():
        raise ValueError("a byte the tables refuse")  # every byte past 0x7F is badCharacter
    text = text.replace("-", "+").replace("_", "/")
    padding = 4 - len(text) % 4
    if padding < 4:
        text += "=" * padding
    return foundation_base64_decode(text)


def raw_inflate(source, size):
    """rawInflate (:235-263): compression_decode_buffer into exactly `size` bytes; the result
    counts only when it fills them (:257-259). Apple's decoder writes the first `size` bytes of a
    longer output and stops; a stream that ends, or goes wrong, before `size` bytes fails the
    check whatever Apple returns for it."""
    if not source or size <= 0:  # :236
        return None
    try:
        out = zlib.decompressobj(-15).decompress(source, size)
    except zlib.error:
        return None
    return out if len(out) == size else None


def decompressed_with_size(data):
    """decompressedWithSize (:198-232) on the bytes after the marker, with PushProof's codes for
    its refusals (the app has one, decompressionFailed)."""
    if len(data) < 5:  # :199
        raise ProtocolError("MALFORMED_APP_DATA")
    size = int.from_bytes(data[:4], "big")  # :201-206
    if size == 0:  # :208
        raise ProtocolError("MALFORMED_APP_DATA")
    if size > MAX_DECOMPRESSED_SIZE:  # :208
        raise ProtocolError("DECOMPRESSION_BOMB")
    compressed = data[4:]  # :210-211 (never empty after the length check)
    if size // len(compressed) > MAX_COMPRESSION_RATIO:  # :213-214, UInt32 division
        raise ProtocolError("DECOMPRESSION_BOMB")
    out = raw_inflate(compressed, size)  # :216-218
    if out is not None:
        return out
    # :220-229: a zlib header (method 8, CMF/FLG a multiple of 31) is skipped and the raw stream
    # inside inflated; its Adler-32 trailer is never read.
    if len(compressed) >= 2 and compressed[0] & 0x0F == 8 and (compressed[0] << 8 | compressed[1]) % 31 == 0:
        out = raw_inflate(compressed[2:], size)
        if out is not None:
            return out
    raise ProtocolError("MALFORMED_APP_DATA")  # :231


def op_metadata_encode(inp):
    # toCompactString (:19-31): compressed when over 100 bytes and smaller so.
    data = encode_metadata(inp)
    compressed = compressed_if_smaller(data) if len(data) > COMPRESSION_THRESHOLD else None
    app_data = base64url_encode(compressed if compressed is not None else data)
    if len(app_data.encode("utf-8")) > APP_DATA_BYTE_LIMIT:
        raise ProtocolError("APP_DATA_TOO_LARGE")
    return {"appData": app_data, "compressed": compressed is not None}


def op_metadata_decode(inp):
    # fromCompactString (:36-51). The app reads any refusal as empty metadata (parseAppData,
    # :56-66); PushProof names the refusal.
    text = inp["appData"]
    if not isinstance(text, str):
        raise ValueError("input field `appData` must be a string")
    try:
        data = base64url_decode(text)
    except ValueError:  # AppDataError.invalidBase64 (:126-128)
        raise ProtocolError("MALFORMED_APP_DATA")
    if data[:1] == bytes([COMPRESSION_MARKER]):  # :40-45
        data = decompressed_with_size(data[1:])
    try:
        return decode_metadata(data)
    except ValueError:  # BinaryDecodingError
        raise ProtocolError("MALFORMED_APP_DATA")


# --- explode.receiverTrace ---

# Who may explode: the creator, or a member whose role is admin or superAdmin
# (xmtplabs/convos-ios@5d1e833e:ConvosCore/Sources/ConvosCore/Storage/Writers/
# IncomingMessageWriter.swift:595-609); a sender with no member row has no role (:598-605).
SENDERS = {"creator": True, "admin": True, "superAdmin": True, "member": False, "nonMember": False}
TRIGGERS = ("appBecameActive", "conversationExpired", "explosionNotificationTapped")
# PushProof's hardened advice (docs/explode.md, vector note ClockSkew): expiresAt up to 60 s
# ahead of the receiver's clock is due. Convos iOS has none.
CLOCK_SKEW_ALLOWANCE = {"deployed": 0, "hardened": 60}


def time_input(event, name):
    value = event[name]
    if not is_int(value):
        raise ValueError(f"`{name}` must be an integer")
    return value


class Conversation:
    """One conversation on the receiving device: its stored expiresAt (the DBConversation row's)
    and whether it has exploded."""

    def __init__(self, profile):
        self.profile = profile
        self.expires_at = None
        self.exploded = False

    def explode_message(self, event):
        # processExplodeSettings (IncomingMessageWriter.swift:571-665).
        from_self = event["fromSelf"]
        sender = event.get("sender", "creator")
        if not isinstance(from_self, bool) or sender not in SENDERS:
            raise ValueError("bad explodeMessage")
        t = time_input(event, "expiresAt")
        if self.exploded:
            # After the cleanup consent is denied and the row deleted; a denied conversation's
            # messages are not streamed (SyncingManager.swift:49-57, 876-882; StreamProcessor.swift:
            # 262-265) and a missing row is .notFound (IncomingMessageWriter.swift:591-593).
            return "dropped"
        if from_self:  # :577-580
            return "ignoredFromSelf"
        if not SENDERS[sender]:  # :595-609, before any time is compared
            return "ignoredUnauthorized"
        if self.expires_at is None:  # :619-621
            self.expires_at = t
            return "stored"
        if t < self.expires_at:  # :611-616: a strictly earlier time replaces the stored one
            self.expires_at = t
            return "lowered"
        # :617: an equal or later time is .alreadyExpired, nothing written
        return "ignoredDuplicate" if t == self.expires_at else "ignoredLater"

    def metadata(self, event):
        # Every ConversationWriter.store re-reads expiresAtUnix from the appData
        # (XMTPGroup+CustomMetadata.swift:44-50, ConversationWriter.swift:798, 835) and saves it
        # over the row: the stored time is kept only when the metadata has none (:1028-1030), so
        # any set value overwrites it, earlier or later, with no sender check; an identical row is
        # not written (:1048-1058).
        t = time_input(event, "expiresAt")
        if self.exploded:
            return "dropped"  # the conversation is no longer synced (see explode_message)
        if self.expires_at is None:
            self.expires_at = t
            return "stored"
        if t == self.expires_at:
            return "ignoredDuplicate"
        if t < self.expires_at:
            self.expires_at = t
            return "lowered"
        if self.profile == "hardened":
            # PushProof's advice (vector note MetadataNeverPostpones): any member can write the
            # group's app data, so a later copy never raises the stored time.
            return "ignoredLater"
        self.expires_at = t
        return "raised"

    def trigger(self, event):
        # The three triggers (ExpiredConversationsWorker.swift:47-53 app active, :55-66
        # conversationExpired, :76-82 notification tapped) each explode the conversation exactly
        # when expiresAt <= now (:147-153 by id, :321-325 by query).
        if event["trigger"] not in TRIGGERS:
            raise ValueError("unknown trigger")
        now = time_input(event, "now")
        if self.exploded:
            # The row is gone (:231-239), so the worker finds nothing; in the trace's vocabulary
            # every event after the explosion but a re-sync is dropped.
            return "dropped"
        if self.expires_at is None:
            return "nothingScheduled"  # a row without expiresAt: nothing to clean up
        if self.expires_at <= now + CLOCK_SKEW_ALLOWANCE[self.profile]:
            # cleanupExpiredConversation (:193-223): leave or remove members, deny consent,
            # delete the row.
            self.exploded = True
            self.expires_at = None
            return "exploded"
        return "notDue"

    def message(self, event):
        return "dropped" if self.exploded else "accepted"

    def resync(self, event):
        # Catch-up lists allowed and unknown consent only (BatchCatchUp.swift:101-109); the
        # cleanup denied it (ConversationExplosionWriter.swift:159-174).
        return "resyncRefused" if self.exploded else "resyncAllowed"

    def status(self):
        if self.exploded:
            return {"status": "exploded"}
        if self.expires_at is None:
            return {"status": "active"}
        return {"status": "scheduled", "expiresAt": self.expires_at}


EVENTS = {"explodeMessage": Conversation.explode_message, "metadata": Conversation.metadata,
          "trigger": Conversation.trigger, "message": Conversation.message, "resync": Conversation.resync}


def op_receiver_trace(inp):
    conversation = Conversation(inp["profile"])
    events = inp["events"]
    if not isinstance(events, list):
        raise ValueError("input field `events` must be an array")
    steps = []
    for event in events:
        if not isinstance(event, dict) or event.get("event") not in EVENTS:
            raise ValueError("unknown event")
        outcome = EVENTS[event["event"]](conversation, event)
        steps.append({"outcome": outcome, **conversation.status()})
    return {"steps": steps}


OPERATIONS = {
    "explode.wrap": op_wrap,
    "explode.metadataEncode": op_metadata_encode,
    "explode.metadataDecode": op_metadata_decode,
    "explode.receiverTrace": op_receiver_trace,
}
PROFILES = {"explode.receiverTrace": ["deployed", "hardened"]}

