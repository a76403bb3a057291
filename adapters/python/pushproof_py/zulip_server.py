"""Zulip's server side of E2EE push: the registration request's parameters and the registration's
lifecycle (deployed, hardened, proposal), and the proposal's notification sealed to the device.

deployed follows Zulip's server at feature level 468. The files it rests on, and the short names
the comments use for them (line numbers counted in the version named):

- V:  skaschimer/zulip@4a6d26e9:zerver/views/push_notifications.py, a mirror of zulip/zulip whose
      `register_push_device` is, text for text, the FL 468 copy the vectors cite as index id
      15853291310 (the index names no commit for that copy; this mirror's does).
- D:  zulip/zulip@6779b2c9:zerver/lib/devices.py
- A:  zulip/zulip@981c5698:zerver/actions/push_notifications.py
- M:  zulip/zulip@1e651f27:zerver/models/devices.py
- R:  prakhar1144/zulip@495e4623:zerver/lib/push_registration.py, the token_id-era worker step
      (a development fork: the FL 468 upstream file is not stored); what it does on success and
      failure is asserted by upstream's FL 468 tests (index id 15023056800,
      test_invalid_bouncer_public_key_error, test_token_rotation)
- W:  zulip/zulip@00f1fd8f:zerver/worker/missedmessage_mobile_notifications.py
- Q:  zulip/zulip@b0f5ce47:zerver/lib/queue.py
- TE: zulip/zulip@b0f5ce47:zerver/lib/typed_endpoint.py (functions named; lines not counted)
- TV: zerver/lib/typed_endpoint_validators.py, index id 67385840577 (check_uint32,
      check_string_in; the index names no commit)

proposal follows the design document (/work/shared/seeds/001_333686d5f2005544.txt, "Registering
a client device", "In register-queue"); where it says nothing, the upstream code written for it,
and PushProof's checks of what a user expects (docs/registration.md, "The proposal's request"):

- PV: zerver/views/push_notifications.py of the push_account_id era, index id 4479441290 (no
      commit named by the index)
- PR: zulip/zulip@b0ef1c37:zerver/lib/push_registration.py
- PM: zulip/zulip@5f8edf66:zerver/models/push_notifications.py

hardened is PushProof's own stricter rule set (docs/registration.md, "The server").
"""
import base64
import binascii
import json
import re
from typing import Annotated

from nacl import bindings
from pydantic import AfterValidator, Json, TypeAdapter, ValidationError

from .common import ProtocolError, b64decode_strict, b64encode, compact
from .zulip import build_notification, sealed_box_nonce

INT64 = (-2**63, 2**63 - 1)
MAX_REQUEST_RETRIES = 3  # Q:25
UINT64 = (0, 2**64 - 1)

# C: zerver/lib/remote_server.py send_to_push_bouncer (index id 28788841047; no commit named)
# raises MissingRemoteRealmError, PushNotificationBouncerError and
# PushNotificationsDisallowedByBouncerError for these codes, which R:103-115 re-raises as
# PushNotificationBouncerRetryLaterError (asserted by upstream's test_missing_remote_realm_error).
RETRIED_CODES = ("MISSING_REMOTE_REALM", "INVALID_ZULIP_SERVER", "PUSH_NOTIFICATIONS_DISALLOWED")
# C: these two raise their own errors; any other 4xx code is JsonableError(msg), whose code R:116-126
# records: BAD_REQUEST.
RECORDED_CODES = ("INVALID_BOUNCER_PUBLIC_KEY", "REQUEST_EXPIRED")


class Refused(Exception):
    """The view answered HTTP 400 with this message (a JsonableError)."""

    def __init__(self, message):
        super().__init__(message)
        self.message = message


class ServerError(Exception):
    """The view raised something Zulip does not turn into a 400: HTTP 500."""


# --- typed_endpoint: how the view's parameters are read ---

# TE ERROR_TEMPLATES: the templates the parameter types below can reach.
ERROR_TEMPLATES = {
    "int_parsing": "{var_name} is not an integer",
    "int_type": "{var_name} is not an integer",
    "json_invalid": "{var_name} is not valid JSON",
    "json_type": "{var_name} is not valid JSON",
    "string_type": "{var_name} is not a string",
}


def check_string_in(possible_values):
    # TV check_string_in / check_string_in_validator: an AfterValidator raising ValueError.
    def check(value):
        if value not in possible_values:
            raise ValueError("Not in the list of possible values")
        return value
    return AfterValidator(check)


def check_uint32(value):
    # TV check_uint32 / uint32_validator.
    if not 0 <= value <= 4294967295:
        raise ValueError("Not a valid unsigned 32-bit integer")
    return value


# M:25-27 (Device.TokenKind) and PM:53-55 (AbstractPushDevice.TokenKind): "apns", "fcm".
TOKEN_KINDS = ("apns", "fcm")

# V:306-329: register_push_device's keyword parameters in signature order, each with its pydantic
# type and whether it has a default (None). `token_id_base64` is read from `token_id`
# (ApiParamConfig(whence)).
DEPLOYED_SIGNATURE = (
    ("device_id", TypeAdapter(Json[int]), True),
    ("token_kind", TypeAdapter(Annotated[str | None, check_string_in(TOKEN_KINDS)]), False),
    ("push_key", TypeAdapter(str | None), False),
    ("push_key_id", TypeAdapter(Annotated[Json[int] | None, AfterValidator(check_uint32)]), False),
    ("bouncer_public_key", TypeAdapter(str | None), False),
    ("encrypted_push_registration", TypeAdapter(str | None), False),
    ("token_id", TypeAdapter(str | None), False),
)

# PV:267-281: the push_account_id-era signature, every parameter required.
PROPOSAL_SIGNATURE = (
    ("token_kind", TypeAdapter(Annotated[str, check_string_in(TOKEN_KINDS)]), True),
    ("push_account_id", TypeAdapter(Json[int]), True),
    ("push_public_key", TypeAdapter(str), True),
    ("bouncer_public_key", TypeAdapter(str), True),
    ("encrypted_push_registration", TypeAdapter(str), True),
)


def parse_value(name, adapter, value):
    """TE parse_value_for_parameter: validate_python(value, strict=True); the first error is
    formatted with its template, `value_error` as "Invalid {var_name}: {msg}"."""
    try:
        return adapter.validate_python(value, strict=True)
    except ValidationError as exc:
        error = exc.errors()[0]
        var_name = name + "".join(f"[{json.dumps(loc)}]" for loc in error["loc"])
        if error["type"] == "value_error":
            raise Refused(f"Invalid {var_name}: {error['msg']}")
        template = ERROR_TEMPLATES.get(error["type"])
        if template is None:  # TE: an error type without a template fails an assert: HTTP 500
            raise ServerError(error["type"])
        raise Refused(template.format(var_name=var_name, **error.get("ctx", {})))


def parse_params(params, signature):
    """TE typed_endpoint._wrapped_view_func: every parameter, in signature order, before the view
    runs; a required one that is absent is RequestVariableMissingError."""
    if not isinstance(params, dict) or not all(isinstance(v, str) for v in params.values()):
        raise ValueError("params must map names to strings (HTTP form fields)")
    values = {}
    for name, adapter, required in signature:
        if name not in params:
            if required:
                raise Refused(f"Missing '{name}' argument")
            values[name] = None
            continue
        values[name] = parse_value(name, adapter, params[name])
    return values


# --- the deployed server's helpers ---

def b64decode_token_id(token_id):
    """D:26-32: base64.b64decode(validate=True), no length check, read as a signed big-endian
    integer."""
    try:
        token_id_bytes = base64.b64decode(token_id, validate=True)
    except binascii.Error:
        raise Refused("`token_id` is not Base64 encoded")
    return int.from_bytes(token_id_bytes, byteorder="big", signed=True), len(token_id_bytes)


def b64encode_token_id(token_id_int):
    """D:21-23: what the server reports as a device's token id."""
    return b64encode(token_id_int.to_bytes(8, byteorder="big", signed=True))


def check_push_key(push_key, profile="deployed"):
    """R:140-151 (check_push_key): base64.b64decode(validate=True), 33 bytes, type byte 0x31. Only
    binascii.Error is caught: a non-ASCII text raises ValueError before decoding (HTTP 500). The
    hardened server takes canonical base64 only (33 bytes: 44 characters, no padding)."""
    if profile == "hardened" and b64encode(base64.b64decode(push_key, validate=True) if re.fullmatch(
            r"[A-Za-z0-9+/]{44}", push_key) else b"") != push_key:
        raise Refused("Invalid `push_key`")
    if not push_key.isascii():
        raise ServerError()
    try:
        key = base64.b64decode(push_key, validate=True)
    except binascii.Error:
        raise Refused("Invalid `push_key`")
    if len(key) != 33 or key[0] != 0x31:
        raise Refused("Invalid `push_key`")
    return key


def storable(value):
    """M:20-23: push_key_id, push_token_id and pending_push_token_id are BigIntegerFields; a value
    outside 64 bits makes PostgreSQL refuse the row, which Zulip answers with HTTP 500."""
    if not INT64[0] <= value <= INT64[1]:
        raise ServerError("bigint out of range")
    return value


class Unknown:
    """A stored value the input does not give (serverParameters knows only which devices have a
    registration): equal to nothing."""

    def __eq__(self, other):
        return False

    __hash__ = object.__hash__


class Device:
    """The Device row's push fields (M:19-23, 29, 37-39), all NULL on a new device."""

    def __init__(self):
        self.push_key = None
        self.push_key_id = None
        self.push_token_id = None
        self.pending_push_token_id = None
        self.push_token_kind = None
        self.error_code = None


class DeployedServer:
    def __init__(self, profile, device_ids):
        self.profile = profile
        self.devices = {device_id: Device() for device_id in device_ids}
        self.queue = {}  # device_id -> {"token_id": int, "failed_tries": int}

    def register(self, params):
        """V:329-426 register_push_device. Returns (values, change); change None when the request
        succeeds without a change (V:375-376, 386-395; A:52-57)."""
        values = parse_params(params, DEPLOYED_SIGNATURE)
        # V:333, D:64-68: the device must be one of the user's.
        device = self.devices.get(values["device_id"])
        if device is None:
            raise Refused("Invalid `device_id`")
        key_fields = (values["push_key"], values["push_key_id"])
        token_fields = (values["bouncer_public_key"], values["encrypted_push_registration"], values["token_id"],
                        values["token_kind"])
        # V:335-341: a group counts only when every field of it is given.
        key_complete = all(v is not None for v in key_fields)
        token_complete = all(v is not None for v in token_fields)
        partial = any(v is not None for v in key_fields + token_fields) and not (
            (key_complete or all(v is None for v in key_fields))
            and (token_complete or all(v is None for v in token_fields)))
        # hardened (docs/registration.md, "The server"): a partial group is refused too.
        if not (key_complete or token_complete) or (self.profile == "hardened" and partial):
            raise Refused("Missing parameters: must provide either all push key fields, all token fields, or both.")  # V:343-348
        if key_complete and not token_complete:
            # V:350-357: the key group alone rotates the key of an existing registration.
            if device.push_key_id is None:
                raise Refused("No push registration exists to rotate key for.")
            key = check_push_key(values["push_key"], self.profile)
            # A:49-61 do_rotate_push_key: the same key and id again changes nothing.
            if device.push_key_id == values["push_key_id"] and device.push_key is not None and device.push_key == key:
                return values, None, "keyRotation"
            device.push_key, device.push_key_id = key, storable(values["push_key_id"])
            return values, "keyRotation", "keyRotation"
        # V:359-362: a token registration already queued and unanswered blocks another.
        if device.error_code is None and device.pending_push_token_id is not None:
            raise Refused("A registration for the device already in progress.")
        token_id_int, length = b64decode_token_id(values["token_id"])  # V:370
        if self.profile == "hardened" and length != 8:  # docs/registration.md: 8 bytes of SHA-256
            raise Refused("Invalid `token_id`")
        if not key_complete:
            # V:371-378: the token group alone rotates the token.
            if device.push_key_id is None:
                raise Refused("No push registration exists to rotate token for.")
            if device.error_code is None and device.push_token_id == token_id_int:
                return values, None, "tokenRotation"
            # A:72-78 do_rotate_token: pending token, error cleared (the kind is not updated).
            device.pending_push_token_id = storable(token_id_int)
            device.error_code = None
            change = "tokenRotation"
        else:
            # V:380-405: both groups register.
            key = check_push_key(values["push_key"], self.profile)
            if (device.error_code is None and device.push_key_id == values["push_key_id"]
                    and device.push_key is not None and device.push_key == key
                    and device.push_token_id == token_id_int and device.push_token_kind == values["token_kind"]):
                return values, None, "registration"
            # A:9-35 do_register_push_device: key, pending token and kind stored, error cleared;
            # the active token (push_token_id) stays.
            device.pending_push_token_id = storable(token_id_int)
            device.push_key, device.push_key_id = key, storable(values["push_key_id"])
            device.push_token_kind = values["token_kind"]
            device.error_code = None
            change = "registration"
        # V:407-424: the bouncer request goes through the queue worker.
        self.queue[values["device_id"]] = {"token_id": token_id_int, "failed_tries": 0}
        return values, change, change

    def bouncer_answer(self, device_id, answer):
        """W:53-54 handle_register_push_device_to_bouncer for the device's queued item."""
        item = self.queue.get(device_id)
        if item is None:  # an answer belongs to a queued item (W:53-54)
            return {"action": "ignored"}
        device = self.devices[device_id]
        kind = answer["answer"]
        if kind == "registered":
            # R:128-129: the token becomes the active one, nothing pending.
            del self.queue[device_id]
            device.push_token_id, device.pending_push_token_id = item["token_id"], None
            return {"action": "activated"}
        if kind == "refused" and answer["code"] not in RETRIED_CODES:
            # R:116-126, 54: a JsonableError's code is stored; the pending token is left as it is.
            del self.queue[device_id]
            device.error_code = answer["code"] if answer["code"] in RECORDED_CODES else "BAD_REQUEST"
            return {"action": "dropped", "code": device.error_code}
        if kind not in ("refused", "serverError", "networkFailure"):
            raise ValueError(f"unknown bouncer answer {kind!r}")
        # R:96-115: 5xx, network failures and the RETRIED_CODES raise RetryLaterError; W:60-74 hands the event to
        # Q retry_event: failed_tries + 1, re-queued at once while it is at most
        # MAX_REQUEST_RETRIES, else the failure processor only logs.
        if self.profile == "hardened":  # docs/registration.md: backoff, no count limit
            return {"action": "retry"}
        item["failed_tries"] += 1
        if item["failed_tries"] > MAX_REQUEST_RETRIES:
            del self.queue[device_id]
            return {"action": "abandoned"}
        return {"action": "retry"}

    def state(self, device_id):
        """PushProof's summary of the Device row (docs/vector-format.md): pending while a token
        waits for the bouncer without an error, else active with a token, failed with an error."""
        device = self.devices.get(device_id)
        if device is None:
            return {"status": "none"}
        if device.error_code is None and device.pending_push_token_id is not None:
            status = "pending"
        elif device.push_token_id is not None:
            status = "active"
        elif device.error_code is not None:
            status = "failed"
        else:
            status = "none"
        out = {"status": status}
        if device.push_token_id is not None:
            out["activeTokenId"] = b64encode_token_id(device.push_token_id)  # D:21-23
        if device.error_code is not None:
            out["lastErrorCode"] = device.error_code
        return out


def deployed_output(device_id, values, change):
    out = {"deviceId": device_id}
    if change in ("registration", "keyRotation"):
        out.update(pushKeyId=values["push_key_id"], pushKey=b64encode(check_push_key(values["push_key"])))  # the stored bytes
    if change in ("registration", "tokenRotation"):
        token_id_int, _ = b64decode_token_id(values["token_id"])
        out.update(tokenKind=values["token_kind"], tokenIdInt64=str(token_id_int),
                   bouncerPublicKey=values["bouncer_public_key"],
                   encryptedPushRegistration=values["encrypted_push_registration"])
    out["change"] = change
    return out


# --- the proposal ---

class PushDevice:
    """PM:67-118: token_kind, push_account_id, push_public_key, bouncer_device_id, error_code."""

    def __init__(self, token_kind, push_public_key):
        self.token_kind = token_kind
        self.push_public_key = push_public_key
        self.bouncer_device_id = None
        self.error_code = None

    def status(self):
        # PM:112-118: an error first, then pending until the bouncer's device id is known.
        if self.error_code is not None:
            return "failed"
        if self.bouncer_device_id is None:
            return "pending"
        return "active"


class ProposalServer:
    def __init__(self):
        self.devices = {}  # push_account_id -> PushDevice
        self.queue = set()  # push_account_ids with a queued bouncer request

    def register(self, params, in_progress=()):
        """PV:267-316; the design's server step 4 (create the record, answer, then ask the
        bouncer)."""
        values = parse_params(params, PROPOSAL_SIGNATURE)
        check_proposal_values(values)
        account = values["push_account_id"]
        # PV:285-290: a registration without an error code (pending or active) is answered
        # success again and nothing is queued.
        device = self.devices.get(account)
        if (device is not None and device.error_code is None) or account in in_progress:
            return values
        # PV:292-296 update_or_create.
        if device is None:
            device = self.devices[account] = PushDevice(values["token_kind"], values["push_public_key"])
        device.token_kind, device.push_public_key, device.error_code = values["token_kind"], values["push_public_key"], None
        self.queue.add(account)  # PV:302-314
        return values

    def bouncer_answer(self, account, answer):
        if account not in self.queue:
            return {"action": "ignored"}
        device = self.devices[account]
        kind = answer["answer"]
        if kind == "registered":
            # PR:131-134; the design's step 8: bouncer_device_id set, the registration active. The
            # bouncer's success answer carries the device id it assigned: one without is no answer
            # it gives (harness input).
            if type(answer.get("deviceId")) is not int:
                raise ValueError("a proposal bouncer's registered answer carries its device id")
            self.queue.discard(account)
            device.bouncer_device_id = answer["deviceId"]
            return {"action": "activated"}
        if kind == "refused" and answer["code"] in ("INVALID_BOUNCER_PUBLIC_KEY", "REQUEST_EXPIRED"):
            # The design's step 8 and PR:119-129, 50-52: the code is recorded, status failed.
            self.queue.discard(account)
            device.error_code = answer["code"]
            return {"action": "dropped", "code": answer["code"]}
        if kind not in ("refused", "serverError", "networkFailure"):
            raise ValueError(f"unknown bouncer answer {kind!r}")
        # The design's step 8: "On other errors, including 5xx errors and network errors", wait
        # with exponential random backoff and retry, without a count limit (the bouncer's
        # liveness check ends a hopeless one). PR:119-129 instead records any other JsonableError
        # code (BAD_REQUEST) as a failure; the design document is this profile's source.
        return {"action": "retry"}

    def state(self, account):
        device = self.devices.get(account)
        if device is None:
            return {"status": "none"}
        out = {"status": device.status()}
        if device.bouncer_device_id is not None:
            out["bouncerDeviceId"] = device.bouncer_device_id
        if device.error_code is not None:
            out["lastErrorCode"] = device.error_code
        return out


def check_proposal_values(values):
    """PushProof's checks where the design says nothing, after the view's parameters are read: the
    design's push_account_id is a random 64-bit integer (read unsigned; the proposal-era model's
    signed column would refuse half of them with HTTP 500), and a key that is not 32 bytes can never
    open (bouncer) or receive (device) a sealed box."""
    if not UINT64[0] <= values["push_account_id"] <= UINT64[1]:
        raise Refused("Invalid `push_account_id`")
    for name in ("bouncer_public_key", "push_public_key"):
        try:
            key = b64decode_strict(values[name])
        except ValueError:
            raise Refused(f"Invalid `{name}`")
        if len(key) != 32:
            raise Refused(f"Invalid `{name}`")


def proposal_output(values):
    return {"pushAccountId": values["push_account_id"], "tokenKind": values["token_kind"],
            "bouncerPublicKey": values["bouncer_public_key"],
            "encryptedPushRegistration": values["encrypted_push_registration"],
            "pushPublicKey": values["push_public_key"]}


# --- operations ---

def int_list(value, name):
    if not isinstance(value, list) or not all(type(v) is int for v in value):
        raise ValueError(f"{name} must be a list of integers")
    return value


def op_server_parameters(inp):
    profile = inp["profile"]
    try:
        if profile == "proposal":
            server = ProposalServer()
            return proposal_output(server.register(inp["params"], int_list(inp.get("inProgress", []), "inProgress")))
        server = DeployedServer(profile, int_list(inp["knownDeviceIds"], "knownDeviceIds"))
        for device_id in int_list(inp.get("registeredDeviceIds", []), "registeredDeviceIds"):
            if device_id in server.devices:
                server.devices[device_id].push_key_id = Unknown()
        for device_id in int_list(inp.get("inProgress", []), "inProgress"):
            if device_id in server.devices:
                server.devices[device_id].pending_push_token_id = Unknown()
        values, _, change = server.register(inp["params"])
        return deployed_output(values["device_id"], values, change)
    except Refused as refusal:
        raise ProtocolError("BAD_REQUEST", refusal.message)
    except ServerError:
        raise ProtocolError("SERVER_ERROR", "Internal server error")


def op_server_lifecycle(inp):
    profile = inp["profile"]
    if profile == "proposal":
        server = ProposalServer()
    else:
        server = DeployedServer(profile, int_list(inp["knownDeviceIds"], "knownDeviceIds"))
    states = []
    for step in inp["steps"]:
        if "register" in step:
            try:
                if profile == "proposal":
                    values = server.register(step["register"])
                    key, out = values["push_account_id"], {"action": "accepted"}
                else:
                    values, change, _ = server.register(step["register"])
                    key, out = values["device_id"], {"action": "accepted", "change": change or "none"}
            except Refused as refusal:
                key, out = register_target(step["register"], profile), {"action": "rejected", "message": refusal.message}
            except ServerError:
                key, out = register_target(step["register"], profile), {"action": "rejected", "message": "Internal server error"}
        elif "bouncerAnswer" in step:
            target = step["for"]
            key = target["pushAccountId"] if profile == "proposal" else target["deviceId"]
            out = server.bouncer_answer(key, step["bouncerAnswer"])
        else:
            raise ValueError("a step is register or bouncerAnswer")
        states.append({**out, **server.state(key)})
    return {"states": states}


def register_target(params, profile):
    """The device (or account) a refused request names, for the state reported after it: the
    raw parameter read as JSON where it is one, else nothing known."""
    raw = params.get("push_account_id" if profile == "proposal" else "device_id") if isinstance(params, dict) else None
    try:
        value = json.loads(raw) if isinstance(raw, str) else None
    except ValueError:
        return None
    return value if type(value) is int else None


def op_seal_notification(inp):
    """The design's "Sending a notification": the notification content encrypted to the device's
    push_public_key; docs/envelope.md "Proposal profile": the same plaintext as the deployed
    server's, crypto_box_seal (epk || crypto_box(plaintext, BLAKE2b-192(epk || pk), pk, esk))."""
    pk = b64decode_strict(inp["devicePublicKey"])
    esk = bytes.fromhex(inp["ephemeralSecretKey"])
    if len(pk) != 32 or len(esk) != 32:
        raise ValueError("keys are 32 bytes")
    plaintext = compact(build_notification(inp["notification"])).encode("utf-8")
    epk = bindings.crypto_scalarmult_base(esk)
    box = epk + bindings.crypto_box(plaintext, sealed_box_nonce(epk, pk), pk, esk)
    return {"plaintext": plaintext.decode("utf-8"), "encryptedContent": b64encode(box)}


OPERATIONS = {
    "registration.serverParameters": op_server_parameters,
    "registration.serverLifecycle": op_server_lifecycle,
    "envelope.seal": op_seal_notification,
}

PROFILES = {
    "registration.serverParameters": ["deployed", "hardened", "proposal"],
    "registration.serverLifecycle": ["deployed", "hardened", "proposal"],
    "envelope.seal": ["proposal"],
}

