// swift-tools-version:6.0
// PushProof: conformance and fuzz suite for privacy-preserving push protocols.
import PackageDescription

/// One libFuzzer target per parser, decoder or state machine. Each is a thin executable around a
/// harness in `PushProofFuzzing`, so that `swift test` can replay the committed corpora through
/// the very same code without libFuzzer (see `docs/fuzzing.md`).
let fuzzTargets = [
    "FuzzBouncerOpen",
    "FuzzRegistrationJSON",
    "FuzzServerParameters",
    "FuzzPushPayload",
    "FuzzNotificationJSON",
    "FuzzConvosPayload",
    "FuzzKeychainRecord",
    "FuzzIdentityStore",
    "FuzzPushResolver",
    "FuzzEncodedContent",
    "FuzzExplodeJSON",
    "FuzzAppData",
    "FuzzExplosionReceiver",
]

let package = Package(
    name: "PushProof",
    products: [
        .executable(name: "pushproof", targets: ["pushproof"]),
        .library(name: "PushProofCrypto", targets: ["PushProofCrypto"]),
        .library(name: "PushProofJSON", targets: ["PushProofJSON"]),
        .library(name: "ZulipRegistration", targets: ["ZulipRegistration"]),
        .library(name: "ZulipEnvelope", targets: ["ZulipEnvelope"]),
        .library(name: "ConvosPush", targets: ["ConvosPush"]),
        .library(name: "ConvosIdentity", targets: ["ConvosIdentity"]),
        .library(name: "PushProofConformance", targets: ["PushProofConformance"]),
    ] + fuzzTargets.map { .executable(name: $0, targets: [$0]) },
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", exact: "2.0.1"),
        .package(url: "https://github.com/swift-extras/swift-extras-base64.git", from: "1.2.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-protobuf.git", from: "1.39.0"),
    ],
    targets: [
        // C libraries, linked from the system (see README "Set-up").
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium",
                       providers: [.apt(["libsodium-dev"])]),
        .systemLibrary(name: "CSecp256k1", pkgConfig: "libsecp256k1",
                       providers: [.apt(["libsecp256k1-dev"])]),
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto",
                       providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),

        // The shared layers.
        .target(name: "PushProofCrypto", dependencies: [
            "CSodium", "CSecp256k1", "COpenSSL", "CZlib",
            .product(name: "ExtrasBase64", package: "swift-extras-base64"),
        ]),
        .target(name: "PushProofJSON"),

        // One module per protocol piece.
        .target(name: "ZulipRegistration", dependencies: ["PushProofCrypto", "PushProofJSON"]),
        .target(name: "ZulipEnvelope", dependencies: ["PushProofCrypto", "PushProofJSON", "ZulipRegistration"]),
        .target(name: "ConvosPush", dependencies: ["PushProofCrypto", "PushProofJSON"]),
        .target(name: "ConvosExplode", dependencies: [
            "PushProofCrypto", "PushProofJSON", .product(name: "SwiftProtobuf", package: "swift-protobuf"),
        ]),
        .target(name: "ConvosIdentity", dependencies: [
            "PushProofCrypto", "PushProofJSON", "ConvosPush", .product(name: "GRDB", package: "GRDB.swift"),
        ]),

        // The conformance runner, the vector generator and the fuzz harnesses sit on top.
        .target(name: "PushProofConformance",
                dependencies: ["PushProofCrypto", "PushProofJSON", "ZulipRegistration", "ZulipEnvelope", "ConvosPush", "ConvosIdentity", "ConvosExplode"]),
        .target(name: "PushProofFuzzing",
                dependencies: ["PushProofCrypto", "PushProofJSON", "ZulipRegistration", "ZulipEnvelope", "ConvosPush", "ConvosIdentity",
                               "ConvosExplode"]),
        // `swift run -c release pushproof-bench`: throughput figures, never a timed test.
        .executableTarget(name: "pushproof-bench", dependencies: ["ZulipEnvelope", "PushProofCrypto", "CSodium"],
                          path: "Sources/PushProofBenchmarks"),
        .executableTarget(name: "pushproof", dependencies: [
            "PushProofConformance",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        .testTarget(name: "PushProofCryptoTests", dependencies: [
            "PushProofCrypto", "CSodium", "COpenSSL",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "PushProofJSONTests", dependencies: [
            "PushProofJSON",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "ZulipRegistrationTests", dependencies: [
            "ZulipRegistration", "PushProofCrypto", "PushProofJSON",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "ZulipEnvelopeTests", dependencies: [
            "ZulipEnvelope", "ZulipRegistration", "PushProofCrypto", "PushProofJSON",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "ConvosPushTests", dependencies: [
            "ConvosPush", "PushProofJSON", "PushProofCrypto",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "ConvosExplodeTests", dependencies: [
            "ConvosExplode", "PushProofCrypto",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "ConvosIdentityTests", dependencies: [
            "ConvosIdentity", "ConvosPush", "PushProofCrypto", "PushProofJSON",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "PushProofConformanceTests", dependencies: [
            "PushProofConformance", "ZulipRegistration", "PushProofJSON",
        ]),
        .testTarget(name: "FuzzRegressionTests", dependencies: ["PushProofFuzzing"]),
    ] + fuzzTargets.map {
        .executableTarget(name: $0, dependencies: ["PushProofFuzzing"], path: "Sources/FuzzTargets/\($0)")
    }
)
