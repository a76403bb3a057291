"""Catbird's KeyPackage inventory after upload (docs/catbird.md "Device registration (legacy) and the
KeyPackage inventory", docs/vector-format.md `catbird.inventoryTrace`; vector file catbird_registration).

legacy: ported from mls-ds@5278d0ce: GK = server/src/handlers/mls_chat/get_key_packages.rs,
  PK = server/src/handlers/mls_chat/publish_key_packages.rs, DB = server/src/db.rs,
  CJ = server/src/jobs/key_package_cleanup.rs, SQL = server/migrations/20250101000000_greenfield_schema.sql.
  A package is its row: ref (key_package_hash), device, created_at, expires_at (the package's
  notAfter), consumed_at, reserved_at. The OpenMLS validation of the bytes (DB:805-938) is not part
  of the trace: its packages are refs.
strict: the same flows with the three bugs docs/catbird.md names fixed: `publish` stores every item,
  the batch de-duplication compares like with like (the refs), and the sweep's cap counts per device.
"""
import re

from .common import ProtocolError, is_int

INT64_MIN, INT64_MAX = -(1 << 63), (1 << 63) - 1

MAX_BATCH_SIZE = 100  # PK:23
MAX_UNCONSUMED_PER_USER = 100  # PK:24
MAX_UPLOADS_PER_HOUR = 200  # PK:25
RESERVATION_SECONDS = 300  # GK:45, DB:1489: INTERVAL '5 minutes'
MAX_PER_DEVICE = 200  # CJ:19-23: MAX_KEY_PACKAGES_PER_DEVICE, default 200


def text(value, name):
    if not isinstance(value, str):
        raise ValueError(f"{name}: a string")
    return value


def integer(value, name):
    if not is_int(value) or not INT64_MIN <= value <= INT64_MAX:
        raise ValueError(f"{name}: an Int64")
    return value


def refused(error, status):
    return {"outcome": "refused", "error": error, "status": status}


class LegacyInventory:
    """The legacy key_packages table (SQL:161-183)."""

    def __init__(self, now, strict):
        self.now = now
        self.strict = strict
        self.rows = []  # in order of insertion
        self.sequence = 0

    def insert(self, owner, device, package):
        self.sequence += 1
        # DB:917-935: one row per upload; SQL:161-183 has no unique key but the random id.
        self.rows.append({"owner": owner, "device": device, "ref": package["ref"], "createdAt": (self.now, self.sequence),
                          "expiresAt": package["notAfter"], "consumedAt": None, "reservedAt": None})

    def publish(self, step):
        packages = step["packages"]
        # PK:87-95: the first item is required.
        if not packages:
            return refused("INVALID_REQUEST", 400)
        items = packages if self.strict else packages[:1]
        # PK:106-110: an expiry not after now is 400 (strict: checked for every item stored).
        if any(p["notAfter"] <= self.now for p in items):
            return refused("INVALID_REQUEST", 400)
        # PK:126-149: stored through store_key_package_with_device, only the first item (flag
        # PublishFirstOnly; strict: all of them).
        for package in items:
            self.insert(step["owner"], step["device"], package)
        return {"outcome": "published", "count": len(items)}

    def publish_batch(self, step):
        owner, packages = step["owner"], step["packages"]
        # PK:165-176: 1 to 100 items.
        if not packages or len(packages) > MAX_BATCH_SIZE:
            return refused("INVALID_REQUEST", 400)
        # PK:180-200: 200 uploads in the last hour (created_at > now - 1 h) is 429.
        recent = sum(1 for r in self.rows if r["owner"] == owner and r["createdAt"][0] > self.now - 3600)
        if recent >= MAX_UPLOADS_PER_HOUR:
            return refused("RATE_LIMITED", 429)
        # PK:202-231: unconsumed and unexpired, at most 100 with the batch.
        unconsumed = sum(1 for r in self.rows if r["owner"] == owner and r["consumedAt"] is None and r["expiresAt"] > self.now)
        if unconsumed >= MAX_UNCONSUMED_PER_USER or unconsumed + len(packages) > MAX_UNCONSUMED_PER_USER:
            return refused("TOO_MANY_UNCONSUMED", 429)
        # PK:239-268: any item expiring at or before now fails the whole batch, nothing stored
        # (answered 200 with succeeded 0).
        if any(p["notAfter"] <= self.now for p in packages):
            return {"outcome": "published", "count": 0}
        count = 0
        for package in packages:
            # PK:293-305: the de-duplication looks for SHA-256 of the bytes among stored RefHashes
            # (DB:886-889), so it never matches (flag DedupNeverMatches); strict compares refs.
            if self.strict and any(r["owner"] == owner and r["ref"] == package["ref"] for r in self.rows):
                continue
            self.insert(owner, step["device"], package)
            count += 1
        return {"outcome": "published", "count": count}

    def claimable(self, row):
        # GK:59-63: unconsumed, expires_at > now, not reserved in the last 5 minutes.
        return (row["consumedAt"] is None and row["expiresAt"] > self.now
                and (row["reservedAt"] is None or row["reservedAt"] < self.now - RESERVATION_SECONDS))

    def claim(self, step):
        owner = step["owner"]
        # GK:56-70: one package per device bucket of the owner, the oldest (created_at), consumed.
        chosen = {}
        for row in self.rows:
            if row["owner"] == owner and self.claimable(row):
                best = chosen.get(row["device"])
                if best is None or row["createdAt"] < best["createdAt"]:
                    chosen[row["device"]] = row
        refs = []
        for device in sorted(chosen):
            chosen[device]["consumedAt"] = self.now
            refs.append(chosen[device]["ref"])
        return {"outcome": "claimed", "refs": refs}

    def reserve(self, step):
        # DB:1482-1511: reserved_at = now where the hash matches, unconsumed, and not reserved
        # within the last 5 minutes; no row changed is a refusal.
        rows = [r for r in self.rows if r["ref"] == step["ref"] and r["consumedAt"] is None
                and (r["reservedAt"] is None or r["reservedAt"] < self.now - RESERVATION_SECONDS)]
        if not rows:
            # The trace's own words: no row with that ref at all, or none free (DB:1510 answers
            # false for both; reserve_key_package has no caller at 5278d0ce).
            if not any(r["ref"] == step["ref"] for r in self.rows):
                return refused("KEY_PACKAGE_NOT_FOUND", 404)
            return refused("NOT_AVAILABLE", 409)
        for row in rows:
            row["reservedAt"] = self.now
        return {"outcome": "changed"}

    def sweep(self, _step):
        before = len(self.rows)
        # CJ:25-36 -> DB:1263-1271: expires_at < now.
        self.rows = [r for r in self.rows if not r["expiresAt"] < self.now]
        # CJ:38-52 -> DB:1274-1285: consumed more than 24 h ago.
        self.rows = [r for r in self.rows if not (r["consumedAt"] is not None and r["consumedAt"] < self.now - 86400)]
        # CJ:54-68 -> DB:1288-1304: unconsumed and created more than 7 days ago.
        self.rows = [r for r in self.rows if not (r["consumedAt"] is None and r["createdAt"][0] < self.now - 7 * 86400)]
        # CJ:70-84 -> DB:1307-1332: the newest 200 unconsumed kept per owner DID (flag CapPerOwner;
        # strict: per device).
        kept, counts = [], {}
        for row in sorted(self.rows, key=lambda r: r["createdAt"], reverse=True):
            if row["consumedAt"] is None:
                group = (row["owner"], row["device"]) if self.strict else row["owner"]
                counts[group] = counts.get(group, 0) + 1
                if counts[group] > MAX_PER_DEVICE:
                    continue
            kept.append(row)
        self.rows = sorted(kept, key=lambda r: r["createdAt"])
        return {"outcome": "removed", "count": before - len(self.rows)}

    def state(self, row):
        if row["consumedAt"] is not None:
            return "consumed"
        if row["reservedAt"] is not None and row["reservedAt"] >= self.now - RESERVATION_SECONDS:
            return "reserved"
        if row["expiresAt"] <= self.now:
            return "expired"
        return "available"

    def packages(self):
        out = [{"owner": r["owner"], "device": r["device"], "ref": r["ref"], "state": self.state(r)} for r in self.rows]
        out.sort(key=lambda p: (p["owner"], p["device"], p["ref"], p["state"]))
        return out


def advance(inventory, seconds):
    """The trace's clock (no upstream call): it never goes back, and a time outside Int64 is
    refused; the clock then stays."""
    if seconds < 0 or inventory.now + seconds > INT64_MAX:
        return refused("INVALID_CLOCK", 400)
    inventory.now += seconds
    return {"outcome": "advanced", "now": inventory.now}


def default_not_before(start):
    """A package without notBefore was made an hour before the trace starts (docs/vector-format.md),
    held at the bottom of Int64 as the reference holds it."""
    return start - 3600 if start > INT64_MIN + 3600 else INT64_MIN


STEPS = {"enroll", "publish", "publishBatch", "claim", "reserve", "consume", "release", "expire", "revokeDevice",
         "advance", "sweep"}


def unsupported(op):
    """A step this profile does not have is refused as that step, and the trace goes on
    (docs/vector-format.md); an op outside the schema is the harness's error."""
    if op not in STEPS:
        raise ValueError("no inventory step %r" % (op,))
    return refused("UNSUPPORTED_STEP", 400)


def read_packages(raw, now):
    packages = raw["packages"]
    if not isinstance(packages, list):
        raise ValueError("packages: a list")
    out = []
    for p in packages:
        if not isinstance(p, dict):
            raise ValueError("packages[]: objects")
        package = {"ref": text(p["ref"], "ref"), "initKey": text(p["initKey"], "initKey"),
                   "notAfter": integer(p["notAfter"], "notAfter"),
                   "notBefore": integer(p["notBefore"], "notBefore") if "notBefore" in p else default_not_before(now)}
        package["declaredRef"] = text(p["declaredRef"], "declaredRef") if "declaredRef" in p else package["ref"]
        out.append(package)
    return out


def run_legacy(inp, strict):
    start = integer(inp["now"], "now")
    inventory = LegacyInventory(start, strict)
    steps = inp["steps"]
    if not isinstance(steps, list):
        raise ValueError("steps: a list")
    results = []
    for raw in steps:
        if not isinstance(raw, dict):
            raise ValueError("a step: an object")
        op = raw.get("op")
        if "idempotencyKey" in raw and op in ("enroll", "publish", "publishBatch"):
            result = unsupported(op)  # the legacy server keeps no idempotency records
        elif op in ("publish", "publishBatch"):
            step = {"owner": text(raw["owner"], "owner"), "device": text(raw["device"], "device"),
                    "packages": read_packages(raw, start)}
            result = inventory.publish(step) if op == "publish" else inventory.publish_batch(step)
        elif op == "claim":
            result = inventory.claim({"owner": text(raw["owner"], "owner")})
        elif op == "reserve":
            result = inventory.reserve({"ref": text(raw["ref"], "ref")})
        elif op == "sweep":
            result = inventory.sweep(raw)
        elif op == "advance":
            result = advance(inventory, integer(raw["seconds"], "seconds"))
        else:
            result = unsupported(op)
        results.append({"op": op, **result})
    return {"steps": results, "packages": inventory.packages()}


# deployed: the clean protocol, read file by file (their commits as the vectors cite them):
#   SQL7 = mls-ds@7abba596:server/migrations/20260722000001_chat_protocol_core.sql
#   KP20 = mls-ds@20bfa48c:server/src/chat_protocol/repository/key_packages.rs
#   RC02 = mls-ds@02549e18:server/src/chat_protocol/repository/recovery.rs
#   ED20 = mls-ds@20bfa48c:server/src/handlers/chat/enroll_device.rs
#   RP20 = mls-ds@20bfa48c:server/src/handlers/chat/replenish_key_packages.rs
#   CX00 = mls-ds@0084ced7:server/src/handlers/chat/context.rs
#   WR31 = mls-ds@31cff9f6:server/src/chat_protocol/wire.rs
#   TR = mls-ds@d418f062:server/src/chat_protocol/transcript.rs
#   CX00 also decodes the signed body (InvalidRequest) before the device is authorized:
#     enrollDevice :231-232 then :245-247, replenishKeyPackages :263-264 then :272-274
#   DEFS = mls-ds@1bd2929c:lexicon/blue/catbird/chat/blue.catbird.chat.defs.json
MAX_LIVE_KEY_PACKAGES = 1000  # KP20:32
TERMINAL = ("consumed", "expired", "revoked")  # SQL7:170-178 (enforce_core_lifecycle_transition)


class CleanInventory:
    """chat.devices and chat.key_packages of the clean server, and its idempotency records."""

    def __init__(self, now):
        self.now = now
        self.devices = {}  # (owner, device) -> "active" | "revoked"
        self.packages = []  # rows in order of creation
        self.records = {}  # idempotency key -> (endpoint, body, answer)

    def find(self, ref):
        return next((p for p in self.packages if p["ref"] == ref), None)

    def body_refusal(self, packages):
        # DEFS #deviceEnrollmentBody / #keyPackageReplenishmentBody: 1 to 100 packages (TR:767-789);
        # TR:867-883 (enforce_contract_order, from TR:658-660): the keyPackageRef values the body
        # declares strictly increasing. A trace names refs by labels and lists a batch in any order
        # (the client signs its refs sorted), so what it can show of that rule is a declared ref
        # repeated. The refs the packages' bytes give are compared later (package_refusal).
        refs = [p["declaredRef"] for p in packages]
        if not 1 <= len(packages) <= 100 or len(set(refs)) != len(refs):
            return refused("INVALID_REQUEST", 400)
        return None

    def package_refusal(self, owner, device, packages):
        for p in packages:
            # WR31:734-752: not_before < now < not_after, at least 600 s left, a span of at most
            # 2,595,600 s; ED20:186-214 and RP20:169-183: any failure, and a declared ref that is
            # not the computed one, is InvalidKeyPackage.
            if not (p["notBefore"] < self.now < p["notAfter"]) or p["notAfter"] - self.now < 600 \
                    or p["notAfter"] - p["notBefore"] > 2_595_600 or p["declaredRef"] != p["ref"]:
                return refused("INVALID_KEY_PACKAGE", 400)
        # KP20:86-129: the live limit (available + reserved) with the batch, before any insert.
        live = sum(1 for r in self.packages if (r["owner"], r["device"]) == (owner, device) and r["state"] in ("available", "reserved"))
        if live + len(packages) > MAX_LIVE_KEY_PACKAGES:
            return refused("KEY_PACKAGE_INVENTORY_LIMIT_REACHED", 400)
        # KP20:131-172 and SQL7:681-744: PRIMARY KEY (key_package_ref) (:697), init_key UNIQUE (:685);
        # a unique violation is DuplicateKeyPackage, answered InvalidKeyPackage.
        refs, inits = {r["ref"] for r in self.packages}, {r["initKey"] for r in self.packages}
        for p in packages:
            if p["ref"] in refs or p["initKey"] in inits:
                return refused("INVALID_KEY_PACKAGE", 400)
            refs.add(p["ref"])
            inits.add(p["initKey"])
        return None

    def store(self, owner, device, packages):
        for p in packages:
            self.packages.append({"owner": owner, "device": device, "ref": p["ref"], "initKey": p["initKey"],
                                  "notBefore": p["notBefore"], "notAfter": p["notAfter"], "createdAt": self.now,
                                  "state": "available"})

    def replay(self, key, endpoint, body):
        record = self.records.get(key)
        if record is None:
            return None
        # CX00:313-324: the stored answer for the same endpoint and body; CX00:379 otherwise.
        if record[0] == endpoint and record[1] == body:
            return dict(record[2])
        return refused("IDEMPOTENCY_CONFLICT", 409)

    def enroll(self, step):
        owner, device, packages, key = step["owner"], step["device"], step["packages"], step.get("idempotencyKey")
        refusal = self.body_refusal(packages)  # ED20:69-70, the signed body first
        if refusal:
            return refusal
        body = (owner, device, packages)
        if key is not None and key in self.records:
            # ED20:77-94: a replay is answered before the device's absence is checked; a replay
            # whose device is revoked meets DeviceRevoked, which enrollDevice does not declare (500).
            answer = self.replay(key, "enrollDevice", body)
            if answer.get("outcome") != "refused" and self.devices.get((owner, device)) == "revoked":
                return refused("INTERNAL_SERVER_ERROR", 500)
            return answer
        # ED20:98-101: an existing device (active or revoked) is DeviceAlreadyExists.
        if (owner, device) in self.devices:
            return refused("DEVICE_ALREADY_EXISTS", 400)
        refusal = self.package_refusal(owner, device, packages)
        if refusal:
            return refusal
        # ED20:148-164: the device and its packages in one transaction.
        self.devices[(owner, device)] = "active"
        self.store(owner, device, packages)
        answer = {"outcome": "enrolled", "count": len(packages)}
        if key is not None:
            self.records[key] = ("enrollDevice", body, answer)
        return answer

    def replenish(self, step):
        owner, device, packages, key = step["owner"], step["device"], step["packages"], step.get("idempotencyKey")
        refusal = self.body_refusal(packages)
        if refusal:
            return refusal
        # RP20:58-59 (CX00:253-274, 337-362): a device never enrolled is DeviceNotRegistered, a
        # revoked one DeviceRevoked, both 401.
        status = self.devices.get((owner, device))
        if status is None:
            return refused("DEVICE_NOT_REGISTERED", 401)
        if status == "revoked":
            return refused("DEVICE_REVOKED", 401)
        body = (owner, device, packages)
        if key is not None and key in self.records:
            return self.replay(key, "replenishKeyPackages", body)  # RP20:66-85
        refusal = self.package_refusal(owner, device, packages)
        if refusal:
            return refusal
        self.store(owner, device, packages)
        answer = {"outcome": "published", "count": len(packages)}
        if key is not None:
            self.records[key] = ("replenishKeyPackages", body, answer)  # RP20:138-153
        return answer

    def claim(self, step):
        # RC02:536-568: the device's package that is available, not_before < now < not_after and
        # created_at <= now, ORDER BY created_at, key_package_ref; it becomes reserved.
        rows = [r for r in self.packages if (r["owner"], r["device"]) == (step["owner"], step["device"])
                and r["state"] == "available" and r["notBefore"] < self.now < r["notAfter"] and r["createdAt"] <= self.now]
        if not rows:
            return {"outcome": "claimed", "refs": []}
        row = min(rows, key=lambda r: (r["createdAt"], r["ref"].encode("utf-8", "surrogatepass")))
        row["state"] = "reserved"
        return {"outcome": "claimed", "refs": [row["ref"]]}

    def transition(self, step, op):
        row = self.find(step["ref"])
        if row is None:
            return refused("KEY_PACKAGE_NOT_FOUND", 404)
        # SQL7:170-178: terminal rows are immutable; available ->
        # reserved | expired | revoked; reserved -> available | consumed | expired | revoked.
        if row["state"] in TERMINAL:
            return refused("TERMINAL_STATE", 409)
        allowed = {"reserve": ("available",), "consume": ("reserved",), "release": ("reserved",),
                   "expire": ("available", "reserved")}[op]
        if row["state"] not in allowed:
            return refused("INVALID_TRANSITION", 409)
        if op == "expire":
            # SQL7:681-744 (key_packages_terminal_shape_check): an expired row's terminal_at is its not_after.
            if self.now < row["notAfter"]:
                return refused("NOT_EXPIRED", 409)
        row["state"] = {"reserve": "reserved", "consume": "consumed", "release": "available", "expire": "expired"}[op]
        return {"outcome": "changed"}

    def revoke(self, step):
        key = (step["owner"], step["device"])
        # CX00:253-274, 337-362: a device never enrolled is DeviceNotRegistered.
        if key not in self.devices:
            return refused("DEVICE_NOT_REGISTERED", 401)
        self.devices[key] = "revoked"
        # SQL7:170-178: the live packages (available, reserved) may become revoked.
        count = 0
        for row in self.packages:
            if (row["owner"], row["device"]) == key and row["state"] in ("available", "reserved"):
                row["state"] = "revoked"
                count += 1
        return {"outcome": "revoked", "count": count}

    def output(self):
        out = [{"owner": r["owner"], "device": r["device"], "ref": r["ref"], "state": r["state"]} for r in self.packages]
        out.sort(key=lambda p: (p["owner"], p["device"], p["ref"], p["state"]))
        return out


def run_deployed(inp):
    start = integer(inp["now"], "now")
    inventory = CleanInventory(start)
    steps = inp["steps"]
    if not isinstance(steps, list):
        raise ValueError("steps: a list")
    results = []
    for raw in steps:
        if not isinstance(raw, dict):
            raise ValueError("a step: an object")
        op = raw.get("op")
        if op in ("enroll", "publish", "publishBatch"):
            step = {"owner": text(raw["owner"], "owner"), "device": text(raw["device"], "device"),
                    "packages": read_packages(raw, start)}
            if "idempotencyKey" in raw:
                step["idempotencyKey"] = text(raw["idempotencyKey"], "idempotencyKey")
            result = inventory.enroll(step) if op == "enroll" else inventory.replenish(step)
        elif op == "claim":
            result = inventory.claim({"owner": text(raw["owner"], "owner"), "device": text(raw["device"], "device")})
        elif op in ("reserve", "consume", "release", "expire"):
            result = inventory.transition({"ref": text(raw["ref"], "ref")}, op)
        elif op == "revokeDevice":
            result = inventory.revoke({"owner": text(raw["owner"], "owner"), "device": text(raw["device"], "device")})
        elif op == "advance":
            result = advance(inventory, integer(raw["seconds"], "seconds"))
        else:
            result = unsupported(op)
        results.append({"op": op, **result})
    return {"steps": results, "packages": inventory.output()}


def op_inventory_trace(inp):
    profile = inp.get("profile")
    if profile in ("legacy", "strict"):
        return run_legacy(inp, profile == "strict")
    return run_deployed(inp)


OPERATIONS = {
    "catbird.inventoryTrace": op_inventory_trace,
}

PROFILES = {
    "catbird.inventoryTrace": ["deployed", "legacy", "strict"],
}
