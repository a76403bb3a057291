"""Catbird epoch-key storage on the device (docs/catbird.md "Epoch-key storage on the device",
docs/vector-format.md `catbird.epochKeyTrace`, `catbird.keychainItem`; vector file catbird_epoch_keys).

deployed: ported from the client library, CORE = joshlacal/CatbirdMLSCore@3071f3ad:Sources/CatbirdMLSCore/:
  KC = Storage/MLSKeychainManager.swift, ST = Storage/MLSStorage.swift, SH = Storage/MLSStorageHelpers.swift,
  GM = Storage/MLSGRDBManager.swift, CM = Service/Extensions/MLSConversationManager+Sync.swift.
strict and proposal: the rules docs/catbird.md states for them ("Forward secrecy, profile by profile"):
  strict is PushProof's reading of RFC 9420 §9.2, proposal the design document (seed 004:30-32,
  175-230, 335-342).
"""
import re

from .common import ProtocolError, is_int

MAX_STEPS = 1000
INT64_MIN, INT64_MAX = -(1 << 63), (1 << 63) - 1
HEX = re.compile(r"(?:[0-9a-fA-F]{2})*", re.ASCII)

SERVICE = "blue.catbird.mls"  # KC:31
THIS_DEVICE = "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly"
AFTER_FIRST_UNLOCK = "kSecAttrAccessibleAfterFirstUnlock"

# Each kind: the address fields it is stored under, its account name (KC:158-177, 196, 326, 357,
# 728, 765) and the accessibility it is written with (KC:226, 249, 288, 206, 327, 358, 420, 463,
# 487, 514, 552, 730, 766).
KINDS = {
    "groupState": (("conversation",), lambda a: f"mls.groupstate.{a['conversation']}", THIS_DEVICE),
    "privateKey": (("conversation", "epoch"), lambda a: f"mls.privatekey.{a['conversation']}.epoch.{a['epoch']}", THIS_DEVICE),
    "signatureKey": (("conversation",), lambda a: f"mls.signaturekey.{a['conversation']}", THIS_DEVICE),
    "encryptionKey": (("conversation",), lambda a: f"mls.encryptionkey.{a['conversation']}", THIS_DEVICE),
    "epochSecrets": (("conversation", "epoch"), lambda a: f"mls.epochsecrets.{a['conversation']}.epoch.{a['epoch']}", THIS_DEVICE),
    "hpkePrivateKey": (("keyPackageId",), lambda a: f"mls.hpke.privatekey.{a['keyPackageId']}", THIS_DEVICE),
    "currentEpoch": (("conversation",), lambda a: f"mls.currentepoch.{a['conversation']}", AFTER_FIRST_UNLOCK),
    "welcomeMessage": (("conversation",), lambda a: f"mls.welcomemessage.{a['conversation']}", THIS_DEVICE),
    "userEncryptionKey": (("did",), lambda a: f"mls.encryption.key.{a['did']}", THIS_DEVICE),
    "invitePSK": (("inviteId",), lambda a: f"mls.invite.psk.{a['inviteId']}", THIS_DEVICE),
    "rejoinPSK": (("conversation", "did"), lambda a: f"mls.rejoin.psk.{a['conversation']}.{a['did']}", THIS_DEVICE),
    "epochMetadata": (("conversation", "epoch"), lambda a: f"mls.epoch.metadata.{a['conversation']}.epoch.{a['epoch']}", AFTER_FIRST_UNLOCK),
    "archive": (("conversation", "epoch", "archiveType"),
                lambda a: f"mls.archive.{a['archiveType']}.{a['conversation']}.epoch.{a['epoch']}", AFTER_FIRST_UNLOCK),
}
PER_EPOCH = ("privateKey", "epochSecrets", "epochMetadata", "archive")

# Seed 004:182-183 and 186-192: six kinds of item; group state AfterFirstUnlock, the keys
# WhenUnlockedThisDeviceOnly, none synchronised.
PROPOSAL_ACCESSIBLE = {
    "groupState": AFTER_FIRST_UNLOCK,
    "privateKey": "kSecAttrAccessibleWhenUnlockedThisDeviceOnly",
    "signatureKey": "kSecAttrAccessibleWhenUnlockedThisDeviceOnly",
    "encryptionKey": "kSecAttrAccessibleWhenUnlockedThisDeviceOnly",
    "epochSecrets": "kSecAttrAccessibleWhenUnlockedThisDeviceOnly",
    "hpkePrivateKey": "kSecAttrAccessibleWhenUnlockedThisDeviceOnly",
}


def read_item(raw, kinds):
    """An ITEM: its kind (UNKNOWN_ITEM_KIND) and the address its account name uses (MISSING_ADDRESS).
    Epochs are Int64 in the keychain API (KC:150, 153, 415, 511, 726, 763)."""
    kind = raw.get("kind")
    if not isinstance(kind, str) or kind not in kinds:
        raise ProtocolError("UNKNOWN_ITEM_KIND")
    fields, _, _ = KINDS[kind]
    address = {"kind": kind}
    for name in fields:
        if name not in raw:
            raise ProtocolError("MISSING_ADDRESS")
        value = raw[name]
        if name == "epoch":
            if not is_int(value) or not INT64_MIN <= value <= INT64_MAX:
                raise ValueError("epoch: an Int64")
        elif not isinstance(value, str):
            raise ValueError(f"{name}: a string")
        address[name] = value
    return address


def account(address):
    return KINDS[address["kind"]][1](address)


def op_keychain_item(inp):
    profile = inp.get("profile")
    if profile == "proposal":
        # The design names kinds and their classes, no account names: only the kind is read.
        kind = inp.get("kind")
        if not isinstance(kind, str) or kind not in PROPOSAL_ACCESSIBLE:
            raise ProtocolError("UNKNOWN_ITEM_KIND")
        accessible = PROPOSAL_ACCESSIBLE[kind]
        return {"accessible": accessible, "synchronizable": False,
                "migratesToNewDevice": not accessible.endswith("ThisDeviceOnly")}
    address = read_item(inp, KINDS)
    accessible = KINDS[address["kind"]][2]
    # KC:593, 609: written with synchronizable = false; an item not ThisDeviceOnly goes into an
    # encrypted backup, so it can reach a new device.
    return {"service": SERVICE, "account": account(address), "accessible": accessible,
            "synchronizable": False, "migratesToNewDevice": accessible == AFTER_FIRST_UNLOCK}


def normalize_did(did):
    """MLSStorageHelpers.normalizeDID (SH:32-34): trimmed of white space and new lines, lower-cased.
    Foundation's whitespacesAndNewlines is U+0009-U+000D, U+0020, U+0085, U+00A0, U+1680,
    U+2000-U+200B, U+2028, U+2029, U+202F, U+205F and U+3000 (swiftlang/swift-foundation@767ff1c2:
    Sources/FoundationEssentials/String/BuiltInUnicodeScalarSet.swift:440-446): Unicode White_Space
    and U+200B ZERO WIDTH SPACE. Python's str.strip() also drops the information separators
    U+001C-U+001F, which are in neither, and keeps U+200B."""
    ws = "\t\n\v\f\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u200b\u2028\u2029\u202f\u205f\u3000"
    return did.strip(ws).lower()


DB_OPS = ("saveEpochSecret", "getEpochSecret", "deleteEpochSecret", "deleteEpochsBefore",
          "deleteOldEpochKeys", "deleteMarkedEpochKeys", "deleteConversation", "saveKeyPackage")
KEYCHAIN_OPS = ("storeKeychainItem", "readKeychainItem", "deletePrivateKeys", "deleteAllKeys")


def text_field(step, name):
    value = step[name]
    if not isinstance(value, str):
        raise ValueError(f"{name}: a string")
    return value


def int_field(step, name):
    value = step[name]
    if not is_int(value) or not INT64_MIN <= value <= INT64_MAX:
        raise ValueError(f"{name}: an Int64")
    return value


def read_steps(inp, profile):
    """Every step read before any runs (docs/vector-format.md): the first bad step's error."""
    user = inp["userDid"]
    if not isinstance(user, str):
        raise ValueError("userDid: a string")
    steps = inp["steps"]
    if not isinstance(steps, list):
        raise ValueError("steps: a list")
    if len(steps) > MAX_STEPS:
        raise ProtocolError("TOO_MANY_STEPS")
    # PushProof's reading order (no upstream: the input format): every keychain item first, then
    # the steps' names, then each step's other members.
    for raw in steps:
        if not isinstance(raw, dict):
            raise ValueError("a step: an object")
        if raw.get("op") not in DB_OPS and raw.get("op") not in KEYCHAIN_OPS:
            raise ProtocolError("UNKNOWN_STEP")
        if raw["op"] in ("storeKeychainItem", "readKeychainItem"):
            read_item(raw, KINDS)
    out = []
    for raw in steps:
        op = raw["op"]
        step = {"op": op}
        if op in DB_OPS:
            did = raw.get("userDid", user)
            if not isinstance(did, str):
                raise ValueError("userDid: a string")
            step["userDid"] = did
        if op in ("saveEpochSecret", "getEpochSecret", "deleteEpochSecret", "deleteEpochsBefore",
                  "deleteOldEpochKeys", "deleteConversation", "saveKeyPackage", "deletePrivateKeys", "deleteAllKeys"):
            step["conversation"] = text_field(raw, "conversation")
        if op in ("saveEpochSecret", "getEpochSecret", "deleteEpochSecret", "deleteEpochsBefore"):
            # ST:1065, 1115, 1149, 1232: the database calls take the epoch as a UInt64.
            epoch = int_field(raw, "epoch")
            if epoch < 0:
                raise ProtocolError("INVALID_EPOCH")
            step["epoch"] = epoch
        if op == "saveEpochSecret":
            secret = text_field(raw, "secret")
            if not HEX.fullmatch(secret):
                raise ValueError("secret: hex")
            step["secret"] = secret.lower()
        if op == "deleteOldEpochKeys":
            step["keepLast"] = int_field(raw, "keepLast")
            if profile != "deployed" and step["keepLast"] < 0:
                raise ProtocolError("INVALID_KEEP_LAST")
        if op == "saveKeyPackage":
            step["keyPackageId"] = text_field(raw, "keyPackageId")
        if op == "deletePrivateKeys":
            step["beforeEpoch"] = int_field(raw, "beforeEpoch")
        if op in ("storeKeychainItem", "readKeychainItem"):
            step["item"] = read_item(raw, KINDS)
        if op == "storeKeychainItem":
            value = text_field(raw, "value")
            if not HEX.fullmatch(value):
                raise ValueError("value: hex")
            step["value"] = value.lower()
        out.append(step)
    return user, out


class Trap(Exception):
    """The process stops (a Swift precondition)."""


def item_key(address):
    return tuple(sorted(address.items()))


class Store:
    """Rows, keychain items and KeyPackage rows of one device, for one profile."""

    def __init__(self, profile):
        self.profile = profile
        # deployed: one database per account (GM:77, 5927-5935: mls_messages_<DID>.db), rows by
        # their primary key "<conversation>-<epoch>" (GM:4690-4700, ST:1074). strict, proposal:
        # a row per (user, conversation, epoch).
        self.databases = {}
        self.keychain = {}  # item_key -> (address, value); one keychain for the device
        self.key_packages = {}  # database -> {keyPackageId: conversation}
        self.deleted_epochs = {}  # strict: (user, conversation) -> set of epochs deleted
        self.deleted_before = {}  # strict: (user, conversation) -> cutoff
        self.keychain_before = {}  # strict: conversation -> cutoff of the per-epoch items

    def database(self, did):
        return self.databases.setdefault(normalize_did(did), {})

    # -- the database half --------------------------------------------------------------

    def row_key(self, user, conversation, epoch):
        if self.profile == "deployed":
            return f"{conversation}-{epoch}"
        return (user, conversation, epoch)

    def save(self, step):
        did, conversation, epoch = step["userDid"], step["conversation"], step["epoch"]
        user = normalize_did(did)  # ST:1069
        rows = self.database(did)
        key = self.row_key(user, conversation, epoch)
        if self.profile == "strict":
            if epoch < self.deleted_before.get((user, conversation), 0) or epoch in self.deleted_epochs.get((user, conversation), ()):
                return {"outcome": "refused", "error": "EPOCH_DELETED"}
        old = rows.get(key)
        # ST:1073-1086: GRDB save() updates the row with this primary key or inserts it; the new
        # record is active and has no deletedAt (MLSEpochKeyModel.swift:27-47).
        rows[key] = {"conversation": conversation, "epoch": epoch, "userDid": user,
                     "secret": step["secret"], "active": True, "deletedAt": False}
        if old is None:
            return {"outcome": "stored"}
        if old["active"] and not old["deletedAt"]:
            return {"outcome": "replaced"}
        return {"outcome": "restored"}

    def get(self, step):
        user = normalize_did(step["userDid"])
        # ST:1118-1127: conversation, normalised user, epoch, isActive.
        for row in self.database(step["userDid"]).values():
            if row["conversation"] == step["conversation"] and row["userDid"] == user and row["epoch"] == step["epoch"] and row["active"]:
                return {"outcome": "found", "value": row["secret"]}
        return {"outcome": "notFound"}

    def remove_rows(self, rows, keys):
        for key in keys:
            del rows[key]
        return len(keys)

    def delete_epoch(self, step):
        user = normalize_did(step["userDid"])
        rows = self.database(step["userDid"])
        keys = [k for k, r in rows.items()
                if r["conversation"] == step["conversation"] and r["userDid"] == user and r["epoch"] == step["epoch"]]
        if self.profile == "deployed":
            # ST:1152-1161: UPDATE ... SET deletedAt, isActive = 0 WHERE conversation, user, epoch.
            for key in keys:
                rows[key]["active"], rows[key]["deletedAt"] = False, True
            return {"outcome": "deactivated", "count": len(keys)}
        if self.profile == "strict":
            self.deleted_epochs.setdefault((user, step["conversation"]), set()).add(step["epoch"])
        return {"outcome": "deleted", "count": self.remove_rows(rows, keys)}

    def delete_before(self, step):
        user = normalize_did(step["userDid"])
        rows = self.database(step["userDid"])
        keys = [k for k, r in rows.items()
                if r["conversation"] == step["conversation"] and r["userDid"] == user and r["epoch"] < step["epoch"] and r["active"]]
        if self.profile == "deployed":
            # ST:1235-1245: UPDATE ... WHERE conversation, user, epoch < cutoff AND isActive = 1;
            # the count is SQLite's changes.
            for key in keys:
                rows[key]["active"], rows[key]["deletedAt"] = False, True
            return {"outcome": "deactivated", "count": len(keys)}
        if self.profile == "strict":
            cutoff = self.deleted_before.get((user, step["conversation"]), 0)
            self.deleted_before[(user, step["conversation"])] = max(cutoff, step["epoch"])
        return {"outcome": "deleted", "count": self.remove_rows(rows, keys)}

    def delete_old(self, step):
        keep = step["keepLast"]
        rows = self.database(step["userDid"])
        if self.profile == "deployed":
            # ST:1359-1367: the user's DID compared as given (not normalised), active rows, newest first.
            did = step["userDid"]
            keys = sorted((k for k, r in rows.items()
                           if r["conversation"] == step["conversation"] and r["userDid"] == did and r["active"]),
                          key=lambda k: rows[k]["epoch"], reverse=True)
            # ST:1369-1372: nothing to do unless more rows than keepLast.
            if not len(keys) > keep:
                return {"outcome": "marked", "count": 0}
            # ST:1375: dropFirst traps on a negative count.
            if keep < 0:
                raise Trap(f"dropFirst({keep}): can't drop a negative number of elements")
            marked = keys[keep:]
            # ST:1378-1385: deletedAt set, isActive left as it is.
            for key in marked:
                rows[key]["deletedAt"] = True
            return {"outcome": "marked", "count": len(marked)}
        user = normalize_did(step["userDid"])
        keys = sorted((k for k, r in rows.items() if r["conversation"] == step["conversation"] and r["userDid"] == user),
                      key=lambda k: rows[k]["epoch"], reverse=True)
        gone = keys[keep:]
        if self.profile == "strict" and gone:
            # The deletion point is the oldest epoch kept (every epoch below it is gone), or past
            # the newest deleted when none is kept.
            cutoff = rows[keys[keep - 1]]["epoch"] if keep > 0 else rows[gone[0]]["epoch"] + 1
            point = (user, step["conversation"])
            self.deleted_before[point] = max(self.deleted_before.get(point, 0), cutoff)
        return {"outcome": "deleted", "count": self.remove_rows(rows, gone)}

    def delete_marked(self, step):
        rows = self.database(step["userDid"])
        if self.profile != "deployed":
            return {"outcome": "deleted", "count": 0}
        # ST:1426-1434: DELETE WHERE currentUserDID = the DID as given AND deletedAt IS NOT NULL.
        keys = [k for k, r in rows.items() if r["userDid"] == step["userDid"] and r["deletedAt"]]
        return {"outcome": "deleted", "count": self.remove_rows(rows, keys)}

    def delete_conversation(self, step):
        conversation = step["conversation"]
        rows = self.database(step["userDid"])
        # CM:2756-2770 and GM:4690-4693 (ON DELETE CASCADE): the conversation's epoch-key rows.
        keys = [k for k, r in rows.items() if r["conversation"] == conversation]
        if self.profile != "deployed":
            user = normalize_did(step["userDid"])
            keys = [k for k in keys if rows[k]["userDid"] == user]
        count = self.remove_rows(rows, keys)
        if self.profile == "deployed":
            # The keychain items stay; MLSKeyPackageModel has no conversation column (GM:4679-4688).
            return {"outcome": "deleted", "count": count}
        count += self.remove_items(lambda a: a.get("conversation") == conversation)
        if self.profile == "proposal":
            # Seed 004:32: a conversation's KeyPackages deleted with it (cascade).
            packages = self.key_packages.setdefault(normalize_did(step["userDid"]), {})
            ids = [i for i, c in packages.items() if c == conversation]
            for i in ids:
                del packages[i]
            count += len(ids)
        return {"outcome": "deleted", "count": count}

    def save_key_package(self, step):
        packages = self.key_packages.setdefault(normalize_did(step["userDid"]), {})
        old = packages.get(step["keyPackageId"])
        packages[step["keyPackageId"]] = step["conversation"]
        return {"outcome": "stored" if old is None else "replaced"}

    # -- the keychain half --------------------------------------------------------------

    def remove_items(self, predicate):
        keys = [k for k, (a, _) in self.keychain.items() if predicate(a)]
        for key in keys:
            del self.keychain[key]
        return len(keys)

    def put_item(self, address, value):
        key = item_key(address)
        old = key in self.keychain
        # KC:589-651: store deletes the old item and adds the new one (or updates it).
        self.keychain[key] = (address, value)
        return old

    def store_item(self, step):
        address = step["item"]
        if (self.profile == "strict" and address["kind"] in PER_EPOCH
                and address["epoch"] < self.keychain_before.get(address["conversation"], INT64_MIN)):
            return {"outcome": "refused", "error": "EPOCH_DELETED"}
        old = self.put_item(address, step["value"])
        if self.profile == "deployed" and address["kind"] == "epochSecrets":
            # KC:508-524: storeEpochSecrets also stores the epoch's metadata item.
            metadata = {"kind": "epochMetadata", "conversation": address["conversation"], "epoch": address["epoch"]}
            self.put_item(metadata, "")
        return {"outcome": "replaced" if old else "stored"}

    def read_item(self, step):
        entry = self.keychain.get(item_key(step["item"]))
        if entry is None:
            return {"outcome": "notFound"}
        return {"outcome": "found", "value": entry[1]}

    def delete_private_keys(self, step):
        conversation, before = step["conversation"], step["beforeEpoch"]
        if self.profile == "deployed":
            # KC:444-454: for oldEpoch in 0..<epoch, try? delete the private key; 0..<e traps when e < 0.
            if before < 0:
                raise Trap(f"0..<{before}: range requires lowerBound <= upperBound")
            count = self.remove_items(lambda a: a["kind"] == "privateKey" and a["conversation"] == conversation
                                      and 0 <= a["epoch"] < before)
            return {"outcome": "deleted", "count": count}
        kinds = PER_EPOCH if self.profile == "strict" else ("privateKey", "epochSecrets")
        count = self.remove_items(lambda a: a["kind"] in kinds and a.get("conversation") == conversation and a["epoch"] < before)
        if self.profile == "strict":
            self.keychain_before[conversation] = max(self.keychain_before.get(conversation, INT64_MIN), before)
        return {"outcome": "deleted", "count": count}

    def delete_all_keys(self, step):
        conversation = step["conversation"]
        if self.profile == "deployed":
            # KC:572-585: group state, signature key, encryption key, current epoch, then private
            # keys and epoch secrets of epochs 0...1000.
            def wiped(a):
                if a.get("conversation") != conversation:
                    return False
                if a["kind"] in ("groupState", "signatureKey", "encryptionKey", "currentEpoch"):
                    return True
                return a["kind"] in ("privateKey", "epochSecrets") and 0 <= a["epoch"] <= 1000
            return {"outcome": "deleted", "count": self.remove_items(wiped)}
        return {"outcome": "deleted", "count": self.remove_items(lambda a: a.get("conversation") == conversation)}

    def output_rows(self):
        out = []
        for rows in self.databases.values():
            for r in rows.values():
                state = "inactive" if not r["active"] else ("marked" if r["deletedAt"] else "active")
                out.append({"conversation": r["conversation"], "epoch": r["epoch"], "userDid": r["userDid"], "state": state})
        out.sort(key=lambda r: (r["conversation"], r["epoch"], r["userDid"]))
        return out


def op_epoch_key_trace(inp):
    profile = inp.get("profile")
    _, steps = read_steps(inp, profile)
    store = Store(profile)
    handlers = {
        "saveEpochSecret": store.save, "getEpochSecret": store.get, "deleteEpochSecret": store.delete_epoch,
        "deleteEpochsBefore": store.delete_before, "deleteOldEpochKeys": store.delete_old,
        "deleteMarkedEpochKeys": store.delete_marked, "deleteConversation": store.delete_conversation,
        "saveKeyPackage": store.save_key_package, "storeKeychainItem": store.store_item,
        "readKeychainItem": store.read_item, "deletePrivateKeys": store.delete_private_keys,
        "deleteAllKeys": store.delete_all_keys,
    }
    results, outcome = [], "completed"
    for step in steps:
        try:
            result = handlers[step["op"]](step)
        except Trap as trap:
            results.append({"op": step["op"], "outcome": "trap", "reason": str(trap)})
            outcome = "trapped"
            break
        results.append({"op": step["op"], **result})
    return {"outcome": outcome, "steps": results, "epochKeys": store.output_rows(),
            "keychain": sorted(account(a) for a, _ in store.keychain.values()),
            "keyPackages": sorted(i for packages in store.key_packages.values() for i in packages)}


OPERATIONS = {
    "catbird.epochKeyTrace": op_epoch_key_trace,
    "catbird.keychainItem": op_keychain_item,
}

PROFILES = {
    "catbird.epochKeyTrace": ["deployed", "strict", "proposal"],
    "catbird.keychainItem": ["deployed", "proposal"],
}
