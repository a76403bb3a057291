// swift-tools-version:6.0
// PushProof: conformance and fuzz suite for privacy-preserving push protocols.
import PackageDescription

let package = Package(
    name: "PushProof",
    products: [
        .executable(name: "pushproof", targets: ["pushproof"]),
        .executable(name: "pushproof-fuzz", targets: ["PushProofFuzz"]),
        .library(name: "PushProofCore", targets: ["PushProofCore"]),
        .library(name: "PushProofCrypto", targets: ["PushProofCrypto"]),
        .library(name: "PushProofJSON", targets: ["PushProofJSON"]),
        .library(name: "PushProofAdapterKit", targets: ["PushProofAdapterKit"]),
        .library(name: "ZulipRegistration", targets: ["ZulipRegistration"]),
        .library(name: "ZulipEnvelope", targets: ["ZulipEnvelope"]),
        .library(name: "ConvosPush", targets: ["ConvosPush"]),
        .library(name: "ConvosExplode", targets: ["ConvosExplode"]),
        .library(name: "ConvosIdentity", targets: ["ConvosIdentity"]),
        .library(name: "CatbirdMLS", targets: ["CatbirdMLS"]),
        .library(name: "PushProofConformance", targets: ["PushProofConformance"]),
        .library(name: "PushProofSuites", targets: ["PushProofSuites"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", exact: "2.0.1"),
        .package(url: "https://github.com/swift-extras/swift-extras-base64.git", from: "1.2.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-protobuf.git", from: "1.39.0"),
    ],
    targets: [
        // C libraries, linked from the system (see README "Set-up").
        .systemLibrary(
            name: "CSodium", pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"])]),
        .systemLibrary(
            name: "CSecp256k1", pkgConfig: "libsecp256k1",
            providers: [.apt(["libsecp256k1-dev"])]),
        .systemLibrary(
            name: "COpenSSL", pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // LeakSanitizer's interface, weakly referenced (no library: the sanitizer runtime has it).
        .systemLibrary(name: "CSanitizer"),

        // The shared layers: the coded-error protocol every protocol module's errors conform to,
        // the crypto layer over the C libraries, and strict JSON.
        .target(name: "PushProofCore"),
        .target(
            name: "PushProofCrypto",
            dependencies: [
                "CSodium", "CSecp256k1", "COpenSSL", "CZlib",
                .product(name: "ExtrasBase64", package: "swift-extras-base64"),
            ]),
        .target(name: "PushProofJSON"),
        // The Swift adapter kit: a Swift implementation answers the adapter protocol with it in a
        // few lines (docs/swift-kit.md); `pushproof adapter` serves the reference through it.
        .target(name: "PushProofAdapterKit", dependencies: ["PushProofJSON"]),
        // The durable stores' connection to SQLite (GRDB): a call as its own transaction, or a
        // savepoint inside a rolled-back scratch session (fuzzing).
        .target(
            name: "PushProofStorage",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]),

        // One module per protocol piece.
        .target(name: "ZulipRegistration", dependencies: ["PushProofCore", "PushProofCrypto", "PushProofJSON"]),
        .target(
            name: "ZulipEnvelope",
            dependencies: ["PushProofCore", "PushProofCrypto", "PushProofJSON", "ZulipRegistration"]),
        .target(name: "ConvosPush", dependencies: ["PushProofCore", "PushProofCrypto", "PushProofJSON"]),
        .target(
            name: "ConvosExplode",
            dependencies: [
                "PushProofCore", "PushProofCrypto", "PushProofJSON",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ]),
        .target(
            name: "ConvosIdentity",
            dependencies: [
                "PushProofCore", "PushProofCrypto", "PushProofJSON", "PushProofStorage", "ConvosPush",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .target(
            name: "CatbirdMLS",
            dependencies: [
                "PushProofCore", "PushProofCrypto", "PushProofJSON", "PushProofStorage",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),

        // The conformance kit: vector model, runner, reports, adapter harness, mutants. It knows no
        // protocol: its dependencies name none (a test checks its imports too).
        .target(
            name: "PushProofConformance",
            dependencies: ["CSanitizer", "PushProofCore", "PushProofCrypto", "PushProofJSON", "PushProofAdapterKit"]),
        // One folder per suite (operations, vector generators, mutants, fuzz targets, fixtures) and
        // the one list of suites.
        .target(
            name: "PushProofSuites",
            dependencies: [
                "PushProofConformance", "PushProofCrypto", "PushProofJSON",
                "ZulipRegistration", "ZulipEnvelope", "ConvosPush", "ConvosIdentity", "ConvosExplode", "CatbirdMLS",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ]),
        // `swift run -c release pushproof-bench`: throughput figures, never a timed test.
        .executableTarget(
            name: "pushproof-bench",
            dependencies: ["ZulipEnvelope", "ZulipRegistration", "CatbirdMLS", "PushProofCrypto", "CSodium"],
            path: "Sources/PushProofBenchmarks"),
        // The libFuzzer executable: one binary, the harness chosen by name (docs/fuzzing.md).
        .executableTarget(name: "PushProofFuzz", dependencies: ["PushProofConformance", "PushProofSuites"]),
        .executableTarget(
            name: "pushproof",
            dependencies: [
                "PushProofConformance", "PushProofSuites", "PushProofJSON",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        .testTarget(
            name: "PushProofCryptoTests",
            dependencies: [
                "PushProofCrypto", "CSodium", "COpenSSL",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(
            name: "PushProofJSONTests",
            dependencies: [
                "PushProofJSON",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        // PushProofCrypto: the SHA-256 of docs/swift-kit.md's example, where CryptoKit is missing (Linux).
        .testTarget(
            name: "PushProofAdapterKitTests", dependencies: ["PushProofAdapterKit", "PushProofJSON", "PushProofCrypto"]),
        .testTarget(
            name: "ZulipRegistrationTests",
            dependencies: [
                "ZulipRegistration", "PushProofCrypto", "PushProofJSON",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(
            name: "ZulipEnvelopeTests",
            dependencies: [
                "ZulipEnvelope", "ZulipRegistration", "PushProofCrypto", "PushProofJSON",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(
            name: "ConvosPushTests",
            dependencies: [
                "ConvosPush", "PushProofJSON", "PushProofCrypto",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(
            name: "ConvosExplodeTests",
            dependencies: [
                "ConvosExplode", "PushProofCrypto",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(
            name: "ConvosIdentityTests",
            dependencies: [
                "ConvosIdentity", "ConvosPush", "PushProofCrypto", "PushProofJSON",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(
            name: "CatbirdMLSTests",
            dependencies: [
                "CatbirdMLS", "PushProofCrypto", "PushProofStorage", "CSodium",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        // Resources: test data read by path (junit-10.xsd, also used by scripts/check-junit.sh).
        .testTarget(
            name: "PushProofConformanceTests", dependencies: ["PushProofConformance", "PushProofJSON"],
            exclude: ["Resources"]),
        .testTarget(
            name: "PushProofStorageTests",
            dependencies: ["PushProofStorage", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(
            name: "PushProofSuitesTests",
            dependencies: [
                "PushProofSuites", "PushProofConformance", "PushProofJSON", "CatbirdMLS",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Resources"]),
        .testTarget(name: "FuzzRegressionTests", dependencies: ["PushProofSuites", "PushProofConformance"]),
    ]
)
