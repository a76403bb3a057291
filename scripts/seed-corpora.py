#!/usr/bin/env python3
"""Writes the fuzz seed corpora from the committed vectors (run after `pushproof vectors generate`).

corpora/FuzzBouncerOpen/       the bouncer request bodies of registration_bouncer_test.json
corpora/FuzzRegistrationJSON/  the decrypted plaintexts those requests carry
corpora/FuzzServerParameters/  the form parameters of registration_server_test.json, as name=value lines
corpora/FuzzPushPayload/       the APNs / FCM payloads of envelope_client_test.json
corpora/FuzzNotificationJSON/  the notification plaintexts of envelope_server_test.json and envelope_client_test.json
corpora/FuzzConvosPayload/     the push payloads of convos_push_test.json
corpora/FuzzKeychainRecord/    the keychain records of identity_keychain_test.json
corpora/FuzzIdentityStore/     store traces of identity_store_test.json, as two bytes per operation
corpora/FuzzPushResolver/      the payloads of convos_push_test.json and identity_backend_test.json
corpora/FuzzEncodedContent/    EncodedContent and PlaintextEnvelope bytes of explode_codec_test.json
corpora/FuzzExplodeJSON/       the content JSON of explode_codec_test.json, and the date forms clients write
corpora/FuzzAppData/           the appData strings of explode_metadata_test.json
corpora/FuzzExplosionReceiver/ the receiver traces of explode_receiver_test.json, as three bytes per event
corpora/FuzzKeyPackage/        the MLSMessage KeyPackages of catbird_keypackage_codec_test.json and _validate_test.json
                               (the MLS working group's interop vectors stay outside the project: no seeds from them)
corpora/FuzzMLSVarint/         variable-length integers at every boundary, minimal and not
corpora/FuzzDeviceRegistry/    hand-written step sequences (two bytes a step)
corpora/FuzzEpochKeyStore/     the traces of catbird_epoch_keys_test.json, three bytes a step
corpora/FuzzCatbirdIdentifiers/ the DIDs, device ids, timestamps and device DIDs of catbird_identity_test.json,
                               each behind the byte that picks its parser (0-3)

File names are the first 16 hex digits of the SHA-256 of the content, so rerunning is idempotent.
Files under corpora/<target>/regressions/ (saved crashes) are left alone. A campaign's merge keeps
only the inputs that add coverage, so a full rerun puts back seeds the merge dropped: after adding
seeds of one target, write only its own with `--only TARGET`.
"""
import hashlib, json, os, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None

def save(target, data):
    if only is not None and target != only:
        return
    folder = os.path.join(root, "corpora", target)
    os.makedirs(folder, exist_ok=True)
    name = hashlib.sha256(data).hexdigest()[:16]
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)

def compact(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()

bouncer = json.load(open(os.path.join(root, "vectors", "registration_bouncer_test.json"), encoding="utf-8"))
for group in bouncer["testGroups"]:
    for test in group["tests"]:
        # A test of a field the request cannot carry has null there: no form body to seed.
        if len(test["input"]["request"].get("encrypted_push_registration") or "") < 2000:
            save("FuzzBouncerOpen", compact(test["input"]["request"]))
        plaintext = (test.get("intermediate") or {}).get("plaintextHex")
        if plaintext is not None and len(plaintext) < 2000:
            save("FuzzRegistrationJSON", bytes.fromhex(plaintext))

server = json.load(open(os.path.join(root, "vectors", "registration_server_test.json"), encoding="utf-8"))
for group in server["testGroups"]:
    for test in group["tests"]:
        params = test["input"].get("params")
        if params:
            save("FuzzServerParameters", "\n".join(f"{k}={v}" for k, v in params.items()).encode())
def tests(name):
    document = json.load(open(os.path.join(root, "vectors", name), encoding="utf-8"))
    for group in document["testGroups"]:
        yield from group["tests"]

for test in tests("envelope_client_test.json"):
    save("FuzzPushPayload", compact(test["input"]["payload"]))
    notification = test["expected"].get("output", {}).get("notification")
    if notification:
        save("FuzzNotificationJSON", compact(notification))
for test in tests("envelope_server_test.json"):
    plaintext = test["expected"].get("output", {}).get("plaintext")
    if plaintext:
        save("FuzzNotificationJSON", plaintext.encode())
for test in tests("convos_push_test.json"):
    save("FuzzConvosPayload", compact(test["input"]["payload"]))
for test in tests("convos_push_test.json"):
    save("FuzzPushResolver", compact(test["input"]["payload"]))
for test in tests("identity_backend_test.json"):
    if "payload" in test["input"]:
        save("FuzzPushResolver", compact(test["input"]["payload"]))
for test in tests("identity_keychain_test.json"):
    if "record" in test["input"]:
        save("FuzzKeychainRecord", test["input"]["record"].encode())
    output = test["expected"].get("output", {}).get("record")
    if output:
        save("FuzzKeychainRecord", output.encode())
# Store traces in the harness's encoding: (operation, inbox | client << 2); ids are numbered in
# order of first appearance within a trace.
OPS = {"save": 0, "delete": 1, "lookupByClientId": 2, "lookupByInboxId": 3}
for test in tests("identity_store_test.json"):
    inboxes, clients, data = {}, {}, bytearray()
    for step in test["input"]["steps"]:
        inbox = inboxes.setdefault(step.get("inboxId"), len(inboxes) % 4)
        client = clients.setdefault(step.get("clientId"), len(clients) % 4)
        data += bytes([OPS[step["op"]], inbox | (client << 2)])
    save("FuzzIdentityStore", bytes(data))
for test in tests("explode_codec_test.json"):
    output = test["expected"].get("output", {})
    for hex_text in (test["input"].get("encodedContentHex"), output.get("encodedContentHex"), output.get("plaintextEnvelopeHex")):
        if hex_text:
            save("FuzzEncodedContent", bytes.fromhex(hex_text))
    if output.get("content"):
        save("FuzzExplodeJSON", output["content"].encode())
for form in ["2025-06-01T12:30:00.000Z", "2025-06-01T14:30:00+02:00", "2025-06-01T12:30:00.123456Z", "2024-02-29T23:59:59Z",
             "0000-01-01T00:00:00Z", "9999-12-31T23:59:59-23:59"]:
    save("FuzzExplodeJSON", ('{"expiresAt":"%s"}' % form).encode())
for test in tests("explode_metadata_test.json"):
    output = test["expected"].get("output", {})
    for text in (test["input"].get("appData"), output.get("appData")):
        if text:
            save("FuzzAppData", text.encode())
# Receiver traces in the harness's encoding: (event, inbox, argument); clock offsets in minutes.
EVENTS = {"message": 0, "explodeMessage": 1, "metadata": 2, "resync": 4, "trigger": 5}
for test in tests("explode_receiver_test.json"):
    data = bytearray()
    for event in test["input"]["events"]:
        data += bytes([EVENTS[event["event"]], 0, (1 if event.get("fromSelf") else 0)])
    save("FuzzExplosionReceiver", bytes(data))
for name in ("catbird_keypackage_codec_test.json", "catbird_keypackage_validate_test.json"):
    document = json.load(open(os.path.join(root, "vectors", name), encoding="utf-8"))
    for group in document["testGroups"]:
        if group["profile"] == "legacy":
            continue  # raw KeyPackages; the harness reads MLSMessages
        for test in group["tests"]:
            data = bytes.fromhex(test["input"]["keyPackage"])
            if len(data) <= 8192:
                save("FuzzKeyPackage", data)
for value, size in [(0, 1), (63, 1), (64, 2), (16383, 2), (16384, 4), ((1 << 30) - 1, 4), (5, 2), (5, 4), (64, 4)]:
    prefix = {1: 0x00, 2: 0x40, 4: 0x80}[size]
    data = bytearray(value.to_bytes(size, "big"))
    data[0] |= prefix
    save("FuzzMLSVarint", bytes(data))
save("FuzzMLSVarint", bytes([0xC0, 0, 0, 0, 0, 0, 0, 1]))
for test in tests("catbird_identity_test.json"):
    inputs = test["input"]
    for selector, key in ((0, "did"), (1, "deviceId"), (2, "signedAt"), (2, "now"), (3, "deviceDid")):
        if key in inputs:
            save("FuzzCatbirdIdentifiers", bytes([selector]) + inputs[key].encode())
# Epoch-key traces in FuzzEpochKeyStore's encoding: (call, conversation | user << 2 | kind << 4,
# epoch or count), conversations and users numbered in order of first appearance.
CALLS = ["saveEpochSecret", "getEpochSecret", "deleteEpochSecret", "deleteEpochsBefore", "deleteOldEpochKeys",
         "deleteMarkedEpochKeys", "deleteConversation", "saveKeyPackage", "storeKeychainItem", "readKeychainItem",
         "deletePrivateKeys", "deleteAllKeys"]
KINDS = ["groupState", "privateKey", "signatureKey", "encryptionKey", "epochSecrets", "hpkePrivateKey", "currentEpoch",
         "welcomeMessage", "userEncryptionKey", "invitePSK", "rejoinPSK", "epochMetadata", "archive"]
SPECIAL = {2**63 - 1: 251, -2**63: 252, -1: 253, 1000: 254, 1001: 255}
def number_byte(n):
    return SPECIAL.get(n, min(max(n, 0), 250))
for test in tests("catbird_epoch_keys_test.json"):
    if "steps" not in test["input"]:
        continue
    conversations, users, data = {}, {}, bytearray()
    for step in test["input"]["steps"]:
        if step["op"] not in CALLS:
            continue
        c = conversations.setdefault(step.get("conversation"), len(conversations) % 4)
        u = users.setdefault(step.get("userDid", test["input"]["userDid"]), len(users) % 3)
        kind = KINDS.index(step["kind"]) if step.get("kind") in KINDS else 0
        n = step.get("epoch", step.get("keepLast", step.get("beforeEpoch", 0)))
        data += bytes([CALLS.index(step["op"]), c | (u << 2) | (kind << 4), number_byte(n)])
    save("FuzzEpochKeyStore", bytes(data))
# FuzzDeviceRegistry: two bytes a step (call % 8, argument) over three devices; a few sequences
# that publish, claim, move packages along the status machine, revoke, register and move the clock.
for steps in ([(0, 0), (1, 0), (1, 0), (3, 1)], [(0, 4), (0, 132), (0, 64), (1, 1)], [(0, 8), (2, 0), (4, 0), (1, 0)],
              [(0, 0), (7, 200), (5, 0), (1, 0)], [(0, 5), (6, 2), (0, 2), (1, 2)], [(0, 10), (1, 10), (3, 1), (3, 1)],
              # registrations (call 6, argument 24-87): a restore by key, another user's key, a taken id,
              # a new device; and a batch whose declared ref is not its own
              [(1, 0), (6, 30), (1, 0), (6, 25), (6, 38), (6, 44), (0, 60)]):
    save("FuzzDeviceRegistry", bytes(b for step in steps for b in step))
print("seed corpora written", file=sys.stderr)
