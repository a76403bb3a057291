"""Catbird device registration (docs/catbird.md "Device registration (legacy) and the KeyPackage
inventory", docs/vector-format.md `catbird.registerDevice`; vector file catbird_registration).

legacy: ported from the early-2026 server, RD = joshlacal/mls-ds@5278d0ce:server/src/handlers/mls_chat/register_device.rs,
  DU = .../server/src/device_utils.rs, DB = .../server/src/db.rs, SQL = .../server/migrations/20250101000000_greenfield_schema.sql.
  Each KeyPackage is validated as DB:805-938 does (openmls `KeyPackageIn::tls_deserialize` and
  `validate`, then the bare-DID credential): that port is catbird_keypackage.py's
  `catbird.keyPackageValidate` in its legacy profile, called through the operation's own interface.
proposal: the design document (seed 003:58-86, 218-236): register a key, look a device up by key.
"""
import base64
import re
import unicodedata

from .common import ProtocolError, is_int

HEX = re.compile(r"(?:[0-9a-fA-F]{2})*", re.ASCII)
INT64_MAX = (1 << 63) - 1

try:  # the legacy KeyPackage validation, ported in catbird_keypackage.py
    from .catbird_keypackage import OPERATIONS as _KEY_PACKAGE_OPERATIONS
    KEY_PACKAGE_VALIDATE = _KEY_PACKAGE_OPERATIONS.get("catbird.keyPackageValidate")
except ImportError:
    KEY_PACKAGE_VALIDATE = None

# Rust's char::trim: the White_Space characters (those that are not Cc, which the name has lost).
RUST_WHITE_SPACE = "\t\n\v\f\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"


def text(value, name):
    if not isinstance(value, str):
        raise ValueError(f"{name}: a string")
    return value


def hex_bytes(value, name):
    if not isinstance(value, str) or not HEX.fullmatch(value):
        raise ValueError(f"{name}: hex")
    return bytes.fromhex(value)


def unix(value, name):
    if not is_int(value) or not -INT64_MAX - 1 <= value <= INT64_MAX:
        raise ValueError(f"{name}: Unix seconds")
    return value


def standard_base64(data):
    """base64's STANDARD engine (RD:351): the standard alphabet, canonical padding, no non-zero
    trailing bits, nothing else; None where it refuses."""
    if not re.fullmatch(r"(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?", data, re.ASCII):
        return None
    decoded = base64.b64decode(data)
    if base64.b64encode(decoded).decode() != data:
        return None
    return decoded


def parse_device_did(did):
    """DU:19-33: split at the first `#`, an empty half refused; no `#` is (did, "")."""
    if "#" in did:
        user, device = did.split("#", 1)
        if not user or not device:
            return None
        return user, device
    return did, ""


class LegacyServer:
    """The legacy server's devices, KeyPackages and Welcomes (SQL:161-183, 198-236, 559-582)."""

    def __init__(self, now):
        self.now = now
        self.devices = []  # in order of creation: deviceIndex = position + 1
        self.welcomes = []
        self.sequence = 0  # registered_at: NOW() of the request, ties in the order of requests

    def touch(self, device):
        self.sequence += 1
        device["registeredAt"] = (self.now, self.sequence)

    def register(self, step, auth_did):
        key_packages = step["keyPackages"]
        # RD:45-61: no KeyPackages and a push token make the call updateToken.
        if not key_packages and step.get("pushToken") is not None:
            return self.update_token(step, auth_did)
        # RD:87-90: the caller's DID split at its first `#`.
        split = parse_device_did(auth_did)
        if split is None:
            return {"outcome": "rejected", "status": 400, "error": "INVALID_DEVICE_DID"}
        user = split[0]
        # RD:92-105: Cc characters, U+FEFF and U+200B removed, 100 scalars kept; blank after trim: 400.
        name = "".join(c for c in step["deviceName"]
                       if unicodedata.category(c) != "Cc" and c not in "\ufeff\u200b")[:100]
        if not name.strip(RUST_WHITE_SPACE):
            return {"outcome": "rejected", "status": 400, "error": "INVALID_DEVICE_NAME"}
        # RD:107-114: an Ed25519 key of 32 bytes.
        if len(step["signatureKey"]) != 32:
            return {"outcome": "rejected", "status": 400, "error": "INVALID_SIGNATURE_KEY"}
        # RD:116-127: 1 to 200 KeyPackages.
        if not key_packages or len(key_packages) > 200:
            return {"outcome": "rejected", "status": 400, "error": "INVALID_KEY_PACKAGE_COUNT"}
        key_hex = step["signatureKey"].hex()  # RD:131
        uuid = step.get("deviceUUID")
        result = {"outcome": "registered", "status": 200}
        device = None
        if uuid is not None:
            # RD:148-160: the user's device with this deviceUUID (the first row, should several have it).
            device = next((d for d in self.devices if d["userDid"] == user and d["deviceUUID"] == uuid), None)
            if device is not None:
                result["path"] = "deviceUUID"
                # RD:171-181: its KeyPackages deleted, outside any transaction.
                device["keyPackages"] = 0
                # RD:184-196: every unconsumed Welcome of the user marked consumed.
                result["welcomesInvalidated"] = self.consume_welcomes(user)
                # RD:204-219: the new name and key; UNIQUE(user_did, signature_public_key) (SQL:575)
                # fails the update with 500 when another device of the user has the key.
                if any(d is not device and d["userDid"] == user and d["signatureKey"] == key_hex for d in self.devices):
                    return {"outcome": "rejected", "status": 500, "error": "SIGNATURE_KEY_TAKEN"}
                device["name"], device["signatureKey"] = name, key_hex
                self.touch(device)
        if device is None:
            # RD:230-242: else the user's device with this signature key: a restore by key.
            device = next((d for d in self.devices if d["userDid"] == user and d["signatureKey"] == key_hex), None)
            if device is not None:
                result["path"] = "signatureKey"
                device["keyPackages"] = 0  # RD:251-260
                result["welcomesInvalidated"] = self.consume_welcomes(user)  # RD:263-275
                # RD:282-297: the name, and the deviceUUID as sent (none if absent).
                device["name"], device["deviceUUID"] = name, uuid
                self.touch(device)
        if device is None:
            # RD:312-325: a new device only while the user has fewer than 10.
            if sum(1 for d in self.devices if d["userDid"] == user) >= 10:
                return {"outcome": "rejected", "status": 429, "error": "TOO_MANY_DEVICES"}
            # RD:327-345: inserted with credential did#deviceId.
            device = {"index": len(self.devices) + 1, "userDid": user, "name": name, "deviceUUID": uuid,
                      "signatureKey": key_hex, "pushToken": None, "keyPackages": 0}
            self.devices.append(device)
            self.touch(device)
            result["path"] = "new"
        result["deviceIndex"] = device["index"]
        # RD:348-381: each KeyPackage stored, or skipped and only logged.
        stored, skipped = 0, []
        for index, upload in enumerate(key_packages):
            reason = self.check_key_package(upload, user)
            if reason is None:
                stored += 1
            else:
                skipped.append({"index": index, "reason": reason})
        device["keyPackages"] += stored
        result["storedKeyPackages"] = stored
        if skipped:
            result["skipped"] = skipped
        # RD:385-401: the push token given with the registration.
        if step.get("pushToken") is not None:
            device["pushToken"] = step["pushToken"]
        return result

    def check_key_package(self, upload, user):
        data = standard_base64(upload["keyPackage"])  # RD:350-357
        if data is None:
            return "BAD_BASE64"
        if not data:  # RD:358-361
            return "EMPTY"
        if upload["expires"] <= self.now:  # RD:362-365
            return "EXPIRED"
        # RD:367-380 -> DB:805-938: openmls validation and the bare-DID credential; no duplicate
        # check (SQL:161-183 has no unique key on the hash).
        try:
            KEY_PACKAGE_VALIDATE({"keyPackage": data.hex(), "expectedIdentity": user, "now": self.now, "profile": "legacy"})
        except ProtocolError as error:
            return error.code
        return None

    def consume_welcomes(self, user):
        count = 0
        for welcome in self.welcomes:
            if welcome["userDid"] == user and not welcome["consumed"]:
                welcome["consumed"] = True
                count += 1
        return count

    def update_token(self, step, auth_did):
        """RD:484-560: the caller's DID as it is (not split); the device by deviceUUID, else the one
        registered most recently; 404 if none."""
        uuid = step.get("deviceUUID")
        mine = [d for d in self.devices if d["userDid"] == auth_did]
        if uuid is not None:
            device = next((d for d in mine if d["deviceUUID"] == uuid), None)
        else:
            device = max(mine, key=lambda d: d["registeredAt"], default=None)
        if device is None:
            return {"outcome": "rejected", "status": 404, "error": "DEVICE_NOT_FOUND"}
        device["pushToken"] = step["pushToken"]
        # RD:539: COALESCE(NULLIF(name, ''), device_name): the name as sent, unless empty.
        if step["deviceName"]:
            device["name"] = step["deviceName"]
        return {"outcome": "tokenUpdated", "status": 200, "deviceIndex": device["index"], "path": "tokenUpdate",
                "storedKeyPackages": 0}

    def welcome(self, step):
        index = step["deviceIndex"]
        if not is_int(index) or not 1 <= index <= len(self.devices):
            raise ValueError("welcome: a device the trace registered")
        self.welcomes.append({"welcomeIndex": len(self.welcomes) + 1, "deviceIndex": index,
                              "userDid": self.devices[index - 1]["userDid"], "consumed": False})
        return {"outcome": "welcomeStored", "welcomeIndex": len(self.welcomes)}

    def output_devices(self):
        out = []
        for d in self.devices:
            entry = {"deviceIndex": d["index"], "userDid": d["userDid"], "name": d["name"],
                     "signatureKey": d["signatureKey"], "keyPackages": d["keyPackages"]}
            if d["deviceUUID"] is not None:
                entry["deviceUUID"] = d["deviceUUID"]
            if d["pushToken"] is not None:
                entry["pushToken"] = d["pushToken"]
            out.append(entry)
        return out


def read_register(raw, profile):
    step = {"op": "register", "deviceName": text(raw["deviceName"], "deviceName"),
            "signatureKey": hex_bytes(raw["signatureKey"], "signatureKey")}
    if "authDid" in raw:
        step["authDid"] = text(raw["authDid"], "authDid")
    if profile == "proposal":
        if "keyPackages" in raw:
            raise ValueError("proposal: KeyPackages are uploaded after registering")
        return step
    uploads = raw["keyPackages"]
    if not isinstance(uploads, list):
        raise ValueError("keyPackages: a list")
    step["keyPackages"] = []
    for upload in uploads:
        if not isinstance(upload, dict):
            raise ValueError("keyPackages[]: objects")
        entry = {"keyPackage": text(upload["keyPackage"], "keyPackage"), "expires": unix(upload["expires"], "expires")}
        if "cipherSuite" in upload:
            text(upload["cipherSuite"], "cipherSuite")  # never compared (flag Unchecked)
        step["keyPackages"].append(entry)
    for name in ("deviceUUID", "pushToken"):
        if name in raw:
            step[name] = text(raw[name], name)
    return step


def register_legacy(inp):
    auth = text(inp["authDid"], "authDid")
    server = LegacyServer(unix(inp["now"], "now"))
    steps = inp["steps"]
    if not isinstance(steps, list):
        raise ValueError("steps: a list")
    results = []
    for raw in steps:
        op = raw.get("op") if isinstance(raw, dict) else None
        if op == "register":
            step = read_register(raw, "legacy")
            result = server.register(step, step.get("authDid", auth))
        elif op == "advance":
            server.now += unix(raw["seconds"], "seconds")
            result = {"outcome": "advanced", "now": server.now}
        elif op == "welcome":
            result = server.welcome(raw)
        else:
            raise ValueError("a step: register, advance or welcome")
        results.append({"op": op, **result})
    return {"steps": results, "devices": server.output_devices(), "welcomes": server.welcomes}


def register_proposal(inp):
    """Seed 003: user_devices, PRIMARY KEY (user_did, device_id), UNIQUE (user_did,
    signature_public_key) (003:218-236); registerDevice returns a new device (003:58-67);
    getDeviceByPublicKey finds the caller's device with that key (003:69-86)."""
    auth = text(inp["authDid"], "authDid")
    now = inp["now"]
    if not is_int(now) or not 0 <= now <= INT64_MAX:
        raise ValueError("now: Unix seconds")
    steps = inp["steps"]
    if not isinstance(steps, list):
        raise ValueError("steps: a list")
    devices, results = [], []
    for raw in steps:
        op = raw.get("op") if isinstance(raw, dict) else None
        if op == "register":
            step = read_register(raw, "proposal")
            user, key = step.get("authDid", auth), step["signatureKey"]
            if len(key) != 32:
                result = {"outcome": "rejected", "error": "INVALID_SIGNATURE_KEY"}
            elif any(d["userDid"] == user and d["signatureKey"] == key.hex() for d in devices):
                result = {"outcome": "rejected", "error": "SIGNATURE_KEY_TAKEN"}
            else:
                devices.append({"deviceIndex": len(devices) + 1, "userDid": user, "name": step["deviceName"],
                                "signatureKey": key.hex()})
                result = {"outcome": "registered", "deviceIndex": len(devices), "path": "new"}
        elif op == "lookup":
            key = hex_bytes(raw["signatureKey"], "signatureKey").hex()
            user = text(raw["authDid"], "authDid") if "authDid" in raw else auth
            found = next((d for d in devices if d["userDid"] == user and d["signatureKey"] == key), None)
            if found is None:
                result = {"outcome": "rejected", "error": "DEVICE_NOT_FOUND"}
            else:
                result = {"outcome": "found", "deviceIndex": found["deviceIndex"], "path": "signatureKey"}
        else:
            raise ValueError("a step: register or lookup")
        results.append({"op": op, **result})
    return {"steps": results, "devices": devices, "welcomes": []}


def op_register_device(inp):
    if inp.get("profile") == "proposal":
        return register_proposal(inp)
    return register_legacy(inp)


OPERATIONS = {
    "catbird.registerDevice": op_register_device,
}

PROFILES = {
    "catbird.registerDevice": ["proposal"] + (["legacy"] if KEY_PACKAGE_VALIDATE is not None else []),
}
