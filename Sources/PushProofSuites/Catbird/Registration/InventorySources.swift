import PushProofConformance

/// The upstream code each inventory trace cites: the legacy server's handlers, and the clean
/// protocol's schema, repository, handlers and lexicon (lines counted in the stored files).
extension InventoryCases {
    static let legacy = "joshlacal/mls-ds@\(CatbirdSources.legacyCommit):server/src"
    static let claimSource = "\(legacy)/handlers/mls_chat/get_key_packages.rs:27-70"
    static let publishSource = "\(legacy)/handlers/mls_chat/publish_key_packages.rs:23-26,81-231"
    static let dedupSource = "\(legacy)/handlers/mls_chat/publish_key_packages.rs:294-305 \(legacy)/db.rs:886-889"
    static let reserveSource = "\(legacy)/db.rs:1482-1511"
    static let cleanupSource = "\(legacy)/jobs/key_package_cleanup.rs:10-84 \(legacy)/db.rs:1263-1332"
    /// The clean protocol's files were read through the search index, which gives no line numbers;
    /// this one's lines are counted in the stored file.
    static let core =
        "joshlacal/mls-ds@7abba59626973a30b6a3bbc256966ebc2a882c80:server/migrations/20260722000001_chat_protocol_core.sql:"
        + "681-744 (chat.key_packages: init_key UNIQUE :685, PRIMARY KEY (key_package_ref) :697, the status check "
        + ":713), :147-285 (enforce_core_lifecycle_transition; key packages :170-178: terminal states immutable, "
        + "available -> reserved | expired | revoked, reserved -> available | consumed | expired | revoked), "
        + ":2970-2995 (the live limit, 1000, checked at commit)"
    /// Lines counted in the stored file.
    static let repository =
        "joshlacal/mls-ds@20bfa48c7342df2be38d04f30bd95a4d7c936e91:server/src/chat_protocol/repository/key_packages.rs:32 "
        + "(MAX_LIVE_KEY_PACKAGES = 1000), :86-129 (an empty batch; the owner device locked, missing or revoked; the "
        + "live limit), :131-160,169-172 (each row inserted; a unique violation on ref or init key is "
        + "DuplicateKeyPackage)"
    /// The clean lexicon's batch bounds and the signed body's ref order.
    static let lexicon =
        "joshlacal/mls-ds@1bd2929c:lexicon/blue/catbird/chat/blue.catbird.chat.defs.json:355-366 (#keyPackageReplenishmentBody; :362 keyPackages minLength 1, maxLength 100)"
    /// Lines counted in the stored file.
    static let contractOrder =
        "joshlacal/mls-ds@d418f0628f600e1d31601fe79e39fc884676a52c:server/src/chat_protocol/transcript.rs:867-883 "
        + "(enforce_contract_order: the keyPackageRef values the body declares strictly increasing, so never "
        + "repeated; else InvalidRequest), :658-660 (run once the body object is read)"
    /// The admission decodes the signed body before the device is authorized (lines counted in the
    /// stored file).
    static let bodyFirst =
        "joshlacal/mls-ds@0084ced70ebb76a05bed26b273bc73ca7f2b0c89:server/src/handlers/chat/context.rs:231-232,245-247 "
        + "(enrollDevice: the body decoded, InvalidRequest, then the device authorized), :263-264,272-274 "
        + "(replenishKeyPackages: the same order)"
    /// The clean server's enrollment (enrollDevice): the signed body, the absence lock, each
    /// package's validation, then publish_key_packages in the same transaction.
    static let enrollment =
        "joshlacal/mls-ds@20bfa48c:server/src/handlers/chat/enroll_device.rs:69-70 (admission: the signed body), "
        + ":98-101 (prepare_enrollment_bootstrap_prelude: an existing device is DeviceAlreadyRegistered, answered "
        + "DeviceAlreadyExists by context.rs@0084ced7 auth_repository_failure), :186-214 (validate_key_packages: "
        + "InvalidKeyPackage), :148-164 (publish_key_packages in the enrollment's transaction)"
    /// The clean server's replenishKeyPackages: the device must be enrolled and not revoked, and
    /// each package is validated as enrollment validates it.
    static let replenish =
        "joshlacal/mls-ds@20bfa48c:server/src/handlers/chat/replenish_key_packages.rs:58-59 (DeviceNotRegistered, "
        + "DeviceRevoked, in the admission), :101-108,169-183 (each package validated by wire.rs, then its declared "
        + "ref against the computed one: InvalidKeyPackage) "
        + "joshlacal/mls-ds@0084ced7:server/src/handlers/chat/context.rs:253-274,337-362 (both HTTP 401)"
    /// The clean server's idempotency records and how a replay is answered.
    static let idempotency =
        "joshlacal/mls-ds@20bfa48c:server/src/handlers/chat/enroll_device.rs:77-94 (a replay answered before the "
        + "absence lock, :99) joshlacal/mls-ds@0084ced7:server/src/handlers/chat/context.rs:313-324 (the stored "
        + "answer replayed verbatim), :379 (IdempotencyConflict) "
        + "joshlacal/mls-ds@d57a635f:server/src/handlers/chat/errors.rs:165-172 (409) "
        + "joshlacal/mls-ds@20bfa48c:server/tests/chat_protocol_device_handlers.rs:1092-1133 "
        + "(replenish_same_idempotency_key_different_body_is_invalid_request, #[ignore]: IdempotencyConflict with "
        + "HTTP 400, the mapping of its time, errors.rs@65f33db1:148-163 sending a code without an arm as 400; "
        + "the CONFLICT arm is errors.rs@d57a635f:165-172)"
    static let replayAfterRevocation =
        "joshlacal/mls-ds@20bfa48c:server/src/chat_protocol/repository/auth.rs:2497-2562 "
        + "(validate_completed_business_authority: a completed replay locks the device again, 2506-2521, and meets "
        + "DeviceRevoked unless it is the device's own completed revocation, 2514-2520) "
        + "joshlacal/mls-ds@d57a635f:server/src/handlers/chat/errors.rs:55-66,129-139 (a code the endpoint does not "
        + "declare is InternalServerError, 500)"
    static let replenishIdempotency =
        "joshlacal/mls-ds@20bfa48c:server/src/handlers/chat/replenish_key_packages.rs:66-85 (the idempotency "
        + "arbitration, after the device's authorization), :138-153 (the answer recorded, then the commit) "
        + "joshlacal/mls-ds@20bfa48c:server/src/chat_protocol/repository/prelude.rs:1943-1976 "
        + "(arbitrate_operation_only: a claim by operation id alone; one that does not match is OperationIdConflict, "
        + ":1964-1966), :155-163 (OperationClaimRow::matches: principal, endpoint, mutation kind, request digest, "
        + "wrapper hash, signature)"
    static let declaredRef =
        "joshlacal/mls-ds@20bfa48c:server/src/handlers/chat/enroll_device.rs:206-210 (the declared keyPackageRef "
        + "against the computed one: InvalidKeyPackage) "
        + "joshlacal/mls-ds@20bfa48c:server/src/handlers/chat/replenish_key_packages.rs:179-183 (the same check)"
    static let enrollLifetime =
        "joshlacal/mls-ds@\(CatbirdSources.wireCommit):server/src/chat_protocol/wire.rs:734-752 (not_before < now < "
        + "not_after, at least 600 s left, a span of at most 2,595,600 s; any failure is InvalidKeyPackage at "
        + "enroll_device.rs@20bfa48c:204-205)"
    /// How the clean server turns a repository failure into a wire code and an HTTP status.
    static let errorMapping =
        "joshlacal/mls-ds@14bb1e6c6287418d9735e336acfcd8714976855d:server/src/handlers/chat/device_views.rs:163-180 (key_package_failure) "
        + "joshlacal/mls-ds@d57a635f36e966ce77af3b81d16918f9500b6efe:server/src/handlers/chat/errors.rs:148-175 (protocol_http_status)"
    /// Lines counted in the stored file.
    static let recovery =
        "joshlacal/mls-ds@02549e18aa56806bf2c6ad35390a7305ad9c37cd:server/src/chat_protocol/repository/recovery.rs:"
        + "536-568 (LOCK_AVAILABLE_RECOVERY_PACKAGE_SQL: status available, not_before < now < not_after, created_at "
        + "<= now, ORDER BY created_at, key_package_ref), :2263-2273 (prepare_recovery_request_authority locks it)"
}
