"""The Convos push payload routed to one identity (docs/envelope.md "Convos push payload",
docs/vector-format.md `convos.pushRoute`).

deployed: ported from the notification extension's path in xmtplabs/convos-ios@f47421a9 (the
per-conversation era, whose inbox table makes several identities possible; the payload reading is
the same at 5d1e833e: PushNotificationPayload.swift differs only in comments, String+XMTP.swift not
at all, and MessagingService+PushNotifications.swift keeps the same lines at 63-65, 366 and 378).
Citations: CI = xmtplabs/convos-ios@f47421a9:ConvosCore/Sources/ConvosCore/, LX = xmtp/libxmtp@a53a97ed,
CS = krzyzanowskim/CryptoSwift@f2a627b8 (1.10.0, which LX Package.resolved:14-20 pins).

hardened: PushProof's stricter reading (convos_push notes and tcIds 501-512): the whole payload
validated before the clientId is resolved, a wrong JSON type refused, XMTP's topic grammar, and
canonical base64.
"""
import re

from .common import ProtocolError, b64decode_strict
from .foundation import foundation_base64
from .identity import InboxStore, is_blank, payload_client_id

HEX = re.compile(r"[0-9a-fA-F]+\Z", re.ASCII)


def identities_of(inp):
    """The device's identities: clientId -> (inboxId, the group ids it holds). Each identity is
    saved in order as InboxWriter saves an inbox (InboxStore, CI Storage/Writers/InboxWriter.swift:
    31-62): the inbox table's UNIQUE clientId (CI Storage/SharedDatabaseMigrator.swift:29-31) refuses
    a clientId another inbox holds, and an inbox saved again with another clientId is refused; a
    refused save writes nothing, so the first save of a clientId stands. The group ids are the
    inbox's own conversations, whoever saved it."""
    store, groups_of = InboxStore(), {}
    for identity in inp["identities"]:
        client_id, inbox_id = identity["clientId"], identity["inboxId"]
        if not isinstance(client_id, str) or not isinstance(inbox_id, str):
            raise ValueError("identities[]: clientId and inboxId must be strings")
        groups = identity.get("groupIds", [])
        if not isinstance(groups, list) or not all(isinstance(g, str) and g and HEX.match(g) and len(g) % 2 == 0 for g in groups):
            raise ValueError("identities[].groupIds: non-empty hex strings")
        store.save(inbox_id, client_id)
        groups_of.setdefault(inbox_id, []).extend(bytes.fromhex(g) for g in groups)
    return {client_id: (inbox_id, groups_of[inbox_id]) for inbox_id, client_id in store.rows.items()}


def group_id_from_topic(topic):
    """String.conversationIdFromXMTPGroupTopic (CI Extensions/String+XMTP.swift:12-19): split on
    "/" dropping empty pieces, the first piece beginning "g-", without those two characters. Swift
    compares Characters (grapheme clusters); the topics here are read by scalars, which differs only
    for a "/", "g" or "-" joined to a combining mark."""
    for piece in topic.split("/"):
        if piece.startswith("g-"):
            return piece[2:]
    return None


def cryptoswift_hex(text):
    """Data(hex:) (CS Sources/CryptoSwift/Foundation/Data+Extension.swift:84-87,
    Sources/CryptoSwift/Array+Extension.swift:34-71), as String.hexToData calls it (LX
    sdks/ios/Sources/XMTPiOS/Extensions/String.swift:4-7): a leading "0x" skipped, hex digits of
    either case, an odd last digit a byte of its own, and any other character empties the result."""
    out, buffer = bytearray(), None
    for ch in text[2:] if text.startswith("0x") else text:
        c = ord(ch)
        if 0x30 <= c <= 0x39:
            v = c - 48
        elif 0x41 <= c <= 0x46:
            v = c - 55
        elif 0x61 <= c <= 0x66:
            v = c - 87
        else:
            return b""
        if buffer is None:
            buffer = v
        else:
            out.append(buffer << 4 | v)
            buffer = None
    if buffer is not None:
        out.append(buffer)
    return bytes(out)


def find_group(groups, wanted):
    """findConversation(conversationId:) (LX sdks/ios/Sources/XMTPiOS/Conversations.swift:165-178):
    the conversation whose id bytes are these, or nil."""
    for group in groups:
        if group == wanted:
            return group
    return None


def route_deployed(identities, payload):
    # CachedPushNotificationHandler.handlePushNotification (CI Inboxes/CachedPushNotificationHandler.swift:
    # 88-111): isValid, then the clientId looked up in the inbox table (InboxesRepository.swift:31-38,
    # an exact comparison) before anything of notificationData is read; no inbox: unregistered and
    # dropped (:107-110), here the distinct outcome unknownClientId.
    client_id = payload_client_id(payload)
    if client_id not in identities:
        return {"outcome": "unknownClientId"}
    inbox_id, groups = identities[client_id]
    # handleProtocolMessage (CI Inboxes/MessagingService+PushNotifications.swift:48-97). Every field is
    # read with a lax cast (CI Notifications/PushNotificationPayload.swift:53, 95-97): notificationData
    # `as? [String: Any]`, the rest `as? String`, so a wrong type is nil.
    data = payload.get("notificationData")
    if not isinstance(data, dict):
        raise ProtocolError("MALFORMED_PAYLOAD")  # :53-56
    topic = data.get("contentTopic")
    if not isinstance(topic, str):
        raise ProtocolError("MALFORMED_PAYLOAD")  # :58-61
    message = data.get("encryptedMessage")
    message = message if isinstance(message, str) else None
    message_type = data.get("messageType")
    message_type = message_type if isinstance(message_type, str) else None
    if message is None:
        # :63-79: without a message, a topic containing "/w-" is a welcome (the app syncs every
        # conversation and reads nothing from the topic); anything else is dropped.
        if "/w-" not in topic:
            raise ProtocolError("MISSING_ENCRYPTED_MESSAGE")
        output = {"outcome": "routed", "inboxId": inbox_id, "kind": "welcome"}
    else:
        # decodeTextMessageWithSender (:239-262): with a message, the group path, welcome topic or not.
        group_text = group_id_from_topic(topic)
        if group_text is None:
            raise ProtocolError("MALFORMED_TOPIC")  # :247-250
        group = find_group(groups, cryptoswift_hex(group_text))
        if group is None:
            return {"outcome": "unknownConversation", "inboxId": inbox_id}  # :252-256
        # :259: Data(base64Encoded: Data(encryptedMessage.utf8)), Foundation's decoder.
        message_bytes = foundation_base64(message.encode("utf-8", "surrogatepass"))
        if message_bytes is None:
            raise ProtocolError("INVALID_BASE64")
        output = {"outcome": "routed", "inboxId": inbox_id, "kind": "groupMessage",
                  "groupId": group.hex(), "encryptedMessageHex": message_bytes.hex()}
    if message_type is not None:
        output["messageType"] = message_type
    return output


ABSENT = object()
TOPIC = re.compile(r"/xmtp/mls/1/([gw])-([0-9a-fA-F]+)/proto\Z", re.ASCII)


def optional_string(container, name):
    """hardened: absent or null is absent; any other non-string is MALFORMED_PAYLOAD."""
    value = container.get(name)
    if value is not None and not isinstance(value, str):
        raise ProtocolError("MALFORMED_PAYLOAD")
    return value


def route_hardened(identities, payload):
    if not isinstance(payload, dict):
        raise ProtocolError("MALFORMED_PAYLOAD")
    client_id = payload.get("clientId", ABSENT)
    if client_id is ABSENT:
        raise ProtocolError("LEGACY_INBOX_ID_PAYLOAD" if "inboxId" in payload else "MISSING_CLIENT_ID")
    if not isinstance(client_id, str):
        raise ProtocolError("MALFORMED_PAYLOAD")
    if is_blank(client_id):
        raise ProtocolError("MISSING_CLIENT_ID")
    optional_string(payload, "apiJWT")
    data = payload.get("notificationData")
    if not isinstance(data, dict):
        raise ProtocolError("MALFORMED_PAYLOAD")
    topic = data.get("contentTopic")
    if not isinstance(topic, str):
        raise ProtocolError("MALFORMED_PAYLOAD")
    match = TOPIC.match(topic)
    if not match or len(match.group(2)) % 2:
        raise ProtocolError("MALFORMED_TOPIC")
    message = optional_string(data, "encryptedMessage")
    message_bytes = None
    if message is not None:
        try:
            message_bytes = b64decode_strict(message)
        except ValueError:
            raise ProtocolError("INVALID_BASE64")
    message_type = optional_string(data, "messageType")
    welcome = match.group(1) == "w"
    if message is None and not welcome:
        raise ProtocolError("MISSING_ENCRYPTED_MESSAGE")
    if client_id not in identities:
        return {"outcome": "unknownClientId"}
    inbox_id, groups = identities[client_id]
    named = bytes.fromhex(match.group(2))
    output = {"outcome": "routed", "inboxId": inbox_id}
    if welcome:
        output.update(kind="welcome", installationId=named.hex())
    else:
        if find_group(groups, named) is None:
            return {"outcome": "unknownConversation", "inboxId": inbox_id}
        output.update(kind="groupMessage", groupId=named.hex())
    if message_bytes is not None:
        output["encryptedMessageHex"] = message_bytes.hex()
    if message_type is not None:
        output["messageType"] = message_type
    return output


def op_push_route(inp):
    identities = identities_of(inp)
    route = route_hardened if inp["profile"] == "hardened" else route_deployed
    return route(identities, inp["payload"])


OPERATIONS = {"convos.pushRoute": op_push_route}
PROFILES = {"convos.pushRoute": ["deployed", "hardened"]}
