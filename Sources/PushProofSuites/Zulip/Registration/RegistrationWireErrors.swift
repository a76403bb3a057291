import PushProofConformance
import PushProofJSON

/// What Zulip's server and bouncer put in the `code` of a JSON error where it differs from
/// PushProof's: an absent required parameter is `REQUEST_VARIABLE_MISSING` (400, "Missing '<name>'
/// argument"), which Zulip's typed_endpoint raises before any validation
/// (zerver/lib/request.py RequestVariableMissingError; zerver/lib/typed_endpoint.py), where
/// PushProof says `BAD_REQUEST`. Every other refusal carries PushProof's code on the wire too.
enum RegistrationWireErrors {
    static let missing = "REQUEST_VARIABLE_MISSING"

    /// The bouncer's four required parameters (zilencer/views.py register_remote_push_device). A
    /// JSON null stands for an absent form field: a form POST has no null.
    static let bouncerParameters = ["realm_uuid", "token_id", "encrypted_push_registration", "bouncer_public_key"]

    @Sendable static func bouncer(_ request: OperationRequest, _ code: String) -> String? {
        guard request.profile == .deployed, code == "BAD_REQUEST", let sent = request.input["request"] else {
            return nil
        }
        return bouncerParameters.contains { sent[$0] == nil || sent[$0] == .null } ? missing : nil
    }

    /// The server's one required parameter of the push-device registration (zerver/views/push_notifications.py).
    @Sendable static func serverParameters(_ request: OperationRequest, _ code: String) -> String? {
        guard request.profile == .deployed, code == "BAD_REQUEST", let params = request.input["params"] else {
            return nil
        }
        return params["device_id"] == nil ? missing : nil
    }
}
