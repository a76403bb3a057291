import Foundation
import GRDB
import PushProofStorage

/// The clean protocol's device registry and KeyPackage inventory on SQLite (through GRDB): the
/// durable store behind ``KeyPackageInventory``'s `deployed` rules.
///
/// The schema enforces the rules too, not only this code: a device id is unique per user, a
/// credential (`did#deviceId`) is unique, a signature key is exactly 32 bytes and unique across
/// all users (the clean server's `device_keys_key_id_uq UNIQUE (key_id)`, key_id derived from the
/// key: chat_protocol_core.sql@7abba596:353-360);
/// a KeyPackage's ref is its primary key and its init key is UNIQUE; a trigger refuses any
/// change of a terminal package (consumed, expired, revoked) and any status the machine does not
/// allow. Every call is one transaction: a failure anywhere (`faultBetweenWrites`, for tests)
/// leaves nothing of it, also in the file. A claim is a compare-and-set (`... WHERE status =
/// 'available'`), so two connections claiming at once never get the same package. Inside a
/// scratch session (``scratch(_:)``, for fuzzing) each call is a savepoint instead, and the whole
/// session is rolled back.
public final class SQLiteKeyPackageStore: @unchecked Sendable {
    // Set before use, in tests only.
    public var faultBetweenWrites: (@Sendable () throws -> Void)?
    private let connection: StoreConnection

    public enum Registration: Equatable, Sendable {
        case new
        /// The same signature key was registered: that device (its id kept) now holds exactly
        /// the new batch; its earlier live packages are revoked.
        case restored(deviceId: String)
    }

    /// A store in a file at `path`, or in memory with `path` nil.
    public init(path: String?) throws(KeyPackageStoreError) {
        do {
            var config = Configuration()
            config.foreignKeysEnabled = true
            config.busyMode = .timeout(10)
            connection = try StoreConnection.open(
                path: path, configuration: config, secureDelete: false, migrator: Self.migrator)
        } catch {
            throw .storage("cannot open the KeyPackage database: \(StoreConnection.reason(error))")
        }
    }

    /// Runs `body`, whose calls of this store (on this thread) see each other but leave nothing:
    /// one transaction, rolled back at the end; each call in it is a savepoint, all or nothing
    /// as on its own. For fuzzing, where a transaction per call and emptying the tables per
    /// input would cost more than the input.
    public func scratch<T>(_ body: () throws -> T) throws -> T {
        // The body's errors pass unchanged; a session inside another on this thread throws
        // `StoreConnectionError.nestedScratchSession`.
        try connection.scratch(body)
    }

    // Status lists are written as OR chains, not IN (...): SQLite evaluates an IN list of three
    // or more constants through a temporary b-tree built for every row it checks.
    private static var migrator: DatabaseMigrator {
        var m = DatabaseMigrator()
        m.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE device (
                        userDid TEXT NOT NULL,
                        deviceId TEXT NOT NULL,
                        credential TEXT NOT NULL UNIQUE,
                        signatureKey BLOB NOT NULL CHECK (length(signatureKey) = 32),
                        revoked INTEGER NOT NULL DEFAULT 0 CHECK (revoked IN (0, 1)),
                        PRIMARY KEY (userDid, deviceId),
                        UNIQUE (userDid, signatureKey),
                        CHECK (credential = userDid || '#' || deviceId)
                    );
                    CREATE TABLE keyPackage (
                        ref TEXT PRIMARY KEY NOT NULL,
                        initKey TEXT NOT NULL UNIQUE,
                        owner TEXT NOT NULL,
                        device TEXT NOT NULL,
                        createdAt INTEGER NOT NULL,
                        notBefore INTEGER NOT NULL,
                        notAfter INTEGER NOT NULL,
                        status TEXT NOT NULL
                            CHECK (status = 'available' OR status = 'reserved' OR status = 'consumed'
                                OR status = 'expired' OR status = 'revoked'),
                        FOREIGN KEY (owner, device) REFERENCES device (userDid, deviceId)
                    );
                    CREATE INDEX keyPackage_live ON keyPackage (owner, device, status, createdAt, ref);
                    CREATE TRIGGER keyPackage_transition BEFORE UPDATE OF status ON keyPackage
                    WHEN NOT (
                        (OLD.status = 'available'
                            AND (NEW.status = 'reserved' OR NEW.status = 'expired' OR NEW.status = 'revoked'))
                        OR (OLD.status = 'reserved'
                            AND (NEW.status = 'available' OR NEW.status = 'consumed' OR NEW.status = 'expired'
                                OR NEW.status = 'revoked'))
                    )
                    BEGIN SELECT RAISE(ABORT, 'KeyPackage status transition not allowed'); END;
                    CREATE TRIGGER keyPackage_identity BEFORE UPDATE OF ref, initKey, owner, device, createdAt,
                        notBefore, notAfter ON keyPackage
                    BEGIN SELECT RAISE(ABORT, 'a KeyPackage is immutable but for its status'); END;
                    """)
        }
        // A signature key belongs to one device in the whole registry, not one per user: the clean
        // server's key_id is UNIQUE globally, revoked keys included.
        m.registerMigration("v2: signature keys unique across users") { db in
            try db.execute(sql: "CREATE UNIQUE INDEX device_signatureKey ON device (signatureKey)")
        }
        return m
    }

    /// Runs `body` in one write transaction (`single`: its only write is one statement, and
    /// nothing throws after it: no savepoint inside a scratch session); store errors pass,
    /// SQLite's become typed.
    private func write<T>(_ what: String, single: Bool = false, _ body: (Database) throws -> T)
        throws(KeyPackageStoreError) -> T
    {
        do {
            return try single ? connection.writeOne(body) : connection.write(body)
        } catch let error as KeyPackageStoreError {
            throw error
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            throw .constraint("\(what): \(StoreConnection.reason(error)); nothing was written")
        } catch {
            throw .storage("\(what) failed, nothing was written: \(StoreConnection.reason(error))")
        }
    }

    /// Registers a device with its first batch. A signature key the user already registered
    /// restores that device instead (its id is kept, its live packages revoked, the batch stored
    /// as a replenishment); one another user registered is refused
    /// (``KeyPackageStoreError/signatureKeyInUse``), and so is a new key under an id the user
    /// already has (``KeyPackageStoreError/deviceAlreadyExists``). Checked in
    /// ``DeviceKeyRegistry``'s order; nothing of a refused call is written.
    public func register(
        user: String, deviceId: String, signatureKey: [UInt8], batch: [KeyPackageInventory.Upload], now: Int64
    ) throws(KeyPackageStoreError) -> Registration {
        try write("register") { db in
            try Self.checkBody(batch)
            // Cached statements (compiled once per connection), run directly; those that bind
            // the signature key bind it in place and unbind it before they return.
            var existing: String?
            try signatureKey.withUnsafeBytes { key in
                try db.cachedStatement(sql: "SELECT deviceId FROM device WHERE userDid = ? AND signatureKey = ?")
                    .runDirect(.text(user), .bytes(key)) { existing = $0.text(0) }
            }
            if let existing {
                try db.cachedStatement(
                    sql: """
                        UPDATE keyPackage SET status = 'revoked'
                        WHERE owner = ? AND device = ? AND status IN ('available', 'reserved')
                        """
                ).runDirect(.text(user), .text(existing))
            } else {
                var holder: String?
                try signatureKey.withUnsafeBytes { key in
                    try db.cachedStatement(sql: "SELECT userDid FROM device WHERE signatureKey = ?")
                        .runDirect(.bytes(key)) { holder = $0.text(0) }
                }
                if holder != nil { throw KeyPackageStoreError.signatureKeyInUse }
                var taken = false
                try db.cachedStatement(sql: "SELECT 1 FROM device WHERE userDid = ? AND deviceId = ?")
                    .runDirect(.text(user), .text(deviceId)) { _ in taken = true }
                if taken { throw KeyPackageStoreError.deviceAlreadyExists }
                try signatureKey.withUnsafeBytes { key in
                    try db.cachedStatement(
                        sql: "INSERT INTO device (userDid, deviceId, credential, signatureKey) VALUES (?, ?, ?, ?)"
                    ).runDirect(.text(user), .text(deviceId), .text("\(user)#\(deviceId)"), .bytes(key))
                }
            }
            try faultBetweenWrites?()
            try insert(db, owner: user, device: existing ?? deviceId, batch, now: now)
            return existing.map { .restored(deviceId: $0) } ?? .new
        }
    }

    /// Publishes a batch for a registered device (the clean server's replenishKeyPackages): 1 to
    /// 100 packages with distinct refs, the device enrolled and not revoked, each package inside
    /// the lifetime rules with its declared ref its own, at most 1000 live, no ref or init key
    /// seen before; all or nothing.
    public func publish(owner: String, device: String, _ batch: [KeyPackageInventory.Upload], now: Int64)
        throws(KeyPackageStoreError)
    {
        try write("publish") { db in
            try Self.checkBody(batch)
            try insert(db, owner: owner, device: device, batch, now: now)
        }
    }

    /// The signed body's checks, as the inventory model's: 1 to 100 packages, and the declared
    /// keyPackageRefs strictly increasing (a declared ref repeated is refused with the body; a
    /// package whose declared ref is not its own is refused later, with the packages).
    private static func checkBody(_ batch: [KeyPackageInventory.Upload]) throws {
        guard (1...KeyPackageInventory.deployedBatchLimit).contains(batch.count) else {
            throw KeyPackageStoreError.invalidRequest("1 to 100 KeyPackages per upload, not \(batch.count)")
        }
        let declared = KeyPackageInventory.declaredRefs(batch)
        guard Set(declared).count == declared.count else {
            throw KeyPackageStoreError.invalidRequest("a declared keyPackageRef repeated within the upload")
        }
    }

    private func insert(
        _ db: Database, owner: String, device: String, _ batch: [KeyPackageInventory.Upload], now: Int64
    )
        throws
    {
        var revoked: Bool?
        try db.cachedStatement(sql: "SELECT revoked FROM device WHERE userDid = ? AND deviceId = ?")
            .runDirect(.text(owner), .text(device)) { revoked = $0.integer(0) != 0 }
        guard let revoked else { throw KeyPackageStoreError.deviceNotRegistered }
        guard !revoked else { throw KeyPackageStoreError.deviceRevoked }
        if let (n, why) = KeyPackageInventory.packageRefusal(batch, now: now) {
            throw KeyPackageStoreError.unacceptable(position: n, reason: why)
        }
        var live = 0
        try db.cachedStatement(
            sql: """
                SELECT count(*) FROM keyPackage
                WHERE owner = ? AND device = ? AND status IN ('available', 'reserved')
                """
        ).runDirect(.text(owner), .text(device)) { live = Int($0.integer(0)) }
        guard live + batch.count <= KeyPackageInventory.deployedLiveLimit else {
            throw KeyPackageStoreError.inventoryLimitReached(live: live)
        }
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO keyPackage (ref, initKey, owner, device, createdAt, notBefore, notAfter, status)
                VALUES (?, ?, ?, ?, ?, ?, ?, 'available')
                """)
        for (n, u) in batch.enumerated() {
            do {
                // The schema refuses a repeated ref or init key (a failed statement stays compiled:
                // run directly, GRDB's cache does not drop it).
                try statement.runDirect(
                    .text(u.ref), .text(u.initKey), .text(owner), .text(device), .integer(now),
                    .integer(u.notBefore), .integer(u.notAfter))
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                throw KeyPackageStoreError.duplicate(position: n)
            }
            if n == 0 { try faultBetweenWrites?() }
        }
    }

    /// Reserves the device's oldest package that is available and inside its lifetime; nil when
    /// there is none. A compare-and-set: a package another connection took first is skipped.
    public func claim(owner: String, device: String, now: Int64) throws(KeyPackageStoreError) -> String? {
        // One write at most: the first UPDATE that changes a row returns.
        try write("claim", single: true) { db in
            var candidates: [String] = []
            try db.cachedStatement(
                sql: """
                    SELECT ref FROM keyPackage
                    WHERE owner = ? AND device = ? AND status = 'available'
                        AND notBefore < ? AND ? < notAfter AND createdAt <= ?
                    ORDER BY createdAt, ref LIMIT 8
                    """
            ).runDirect(.text(owner), .text(device), .integer(now), .integer(now), .integer(now)) {
                candidates.append($0.text(0))
            }
            for ref in candidates {
                try db.cachedStatement(
                    sql: "UPDATE keyPackage SET status = 'reserved' WHERE ref = ? AND status = 'available'"
                ).runDirect(.text(ref))
                if db.changesCount == 1 { return ref }
            }
            return nil
        }
    }

    /// Moves a package along the status machine, checked in the model's order (unknown, terminal,
    /// not allowed, not yet expired); the trigger refuses anything else the machine does not allow.
    public func transition(ref: String, to status: KeyPackageInventory.Status, now: Int64)
        throws(KeyPackageStoreError)
    {
        try write("transition", single: true) { db in
            var row: (status: String, notAfter: Int64)?
            try db.cachedStatement(sql: "SELECT status, notAfter FROM keyPackage WHERE ref = ?").runDirect(.text(ref)) {
                row = ($0.text(0), $0.integer(1))
            }
            guard let row else { throw KeyPackageStoreError.notFound }
            let from = KeyPackageInventory.Status(rawValue: row.status) ?? .available
            let allowed: [KeyPackageInventory.Status: Set<KeyPackageInventory.Status>] = [
                .available: [.reserved, .expired, .revoked], .reserved: [.available, .consumed, .expired, .revoked],
            ]
            guard let next = allowed[from] else { throw KeyPackageStoreError.terminalState }
            guard next.contains(status) else { throw KeyPackageStoreError.invalidTransition }
            if status == .expired, now < row.notAfter { throw KeyPackageStoreError.notExpired }
            try db.cachedStatement(sql: "UPDATE keyPackage SET status = ? WHERE ref = ?").runDirect(
                .text(status.rawValue), .text(ref))
        }
    }

    /// Revokes a device and every live package of it.
    public func revoke(owner: String, device: String) throws(KeyPackageStoreError) -> Int {
        try write("revoke") { db in
            try db.cachedStatement(sql: "UPDATE device SET revoked = 1 WHERE userDid = ? AND deviceId = ?").runDirect(
                .text(owner), .text(device))
            guard db.changesCount == 1 else { throw KeyPackageStoreError.deviceNotRegistered }
            try faultBetweenWrites?()
            try db.cachedStatement(
                sql: """
                    UPDATE keyPackage SET status = 'revoked'
                    WHERE owner = ? AND device = ? AND status IN ('available', 'reserved')
                    """
            ).runDirect(.text(owner), .text(device))
            return db.changesCount
        }
    }

    /// Empties the store (one transaction).
    public func removeAll() throws(KeyPackageStoreError) {
        try write("remove all") { db in
            try db.execute(sql: "DELETE FROM keyPackage; DELETE FROM device")
        }
    }

    public struct StoredPackage: Equatable, Sendable {
        public let ref: String
        public let initKey: String
        public let owner: String
        public let device: String
        public let status: KeyPackageInventory.Status
    }

    public struct StoredDevice: Equatable, Sendable {
        public let user: String
        public let deviceId: String
        public let signatureKey: [UInt8]
        public let revoked: Bool
    }

    /// Every package, by ref.
    public func packages() throws(KeyPackageStoreError) -> [StoredPackage] {
        do {
            return try connection.withoutTransaction { db in
                var packages: [StoredPackage] = []
                try db.cachedStatement(sql: "SELECT ref, initKey, owner, device, status FROM keyPackage ORDER BY ref")
                    .runDirect {
                        packages.append(
                            StoredPackage(
                                ref: $0.text(0), initKey: $0.text(1), owner: $0.text(2), device: $0.text(3),
                                status: KeyPackageInventory.Status(rawValue: $0.text(4)) ?? .available))
                    }
                return packages
            }
        } catch { throw .storage("cannot read the packages: \(StoreConnection.reason(error))") }
    }

    /// Every device, by user and id.
    public func devices() throws(KeyPackageStoreError) -> [StoredDevice] {
        do {
            return try connection.withoutTransaction { db in
                try Row.fetchAll(
                    try db.cachedStatement(
                        sql: "SELECT userDid, deviceId, signatureKey, revoked FROM device ORDER BY userDid, deviceId")
                ).map {
                    StoredDevice(
                        user: $0["userDid"], deviceId: $0["deviceId"],
                        signatureKey: [UInt8]($0["signatureKey"] as Data),
                        revoked: $0["revoked"])
                }
            }
        } catch { throw .storage("cannot read the devices: \(StoreConnection.reason(error))") }
    }
}
