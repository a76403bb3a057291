// Throughput figures, each against its floor measured in the same run.
//
//   swift run -c release pushproof-bench [envelope|keypackage] [iterations]
//
// Without a name all run. envelope: the Zulip server's notification path against raw libsodium
// and against the deployed Python server's path (PythonComparator.swift; 20,000 iterations by
// default); registration: SealedRegistrationBenchmark.swift (2,000 by default); keypackage:
// KeyPackageBenchmark.swift (500 by default).
//
// "full server path": build the message notification (content truncation included), write its
// compact JSON, encrypt with crypto_secretbox_easy under a fresh random nonce, base64 the
// result, and assemble the APNs request body (with its 4096-byte size check).
// "seal + base64": NotificationCipher.encrypt and encrypted_data alone on the same plaintext
// bytes, the part of the path that is crypto and encoding rather than JSON: the floor of any
// implementation of this wire format with these libraries.
// "raw secretbox": crypto_secretbox_easy alone on the same plaintext bytes.
// "deployed Python server path": the same work in Python (PyNaCl + json), run as a subprocess
// in the same run (PythonComparator.swift).
// Each figure is the median of 7 timed batches after a warm-up batch.
import CSodium
import PushProofCrypto
import ZulipEnvelope
import ZulipRegistration

let arguments = Array(CommandLine.arguments.dropFirst())
let only = arguments.first.flatMap { Int($0) == nil ? $0 : nil }
let given = arguments.compactMap { Int($0) }.first
let iterations = given ?? 20_000
let account = NotificationAccount(realmURL: "https://chat.example.com", realmName: "Example", userId: 10)
let content = String(repeating: "A fairly ordinary message, long enough to be truncated. ", count: 6)
let key = PushKey.random()

@MainActor @inline(never)
func fullServerPath(_ i: Int) -> Int {
    let notification = NotificationBuilder.message(
        account: account, senderId: 11, senderFullName: "Alice Example",
        senderAvatarURL: "https://chat.example.com/avatar/11",
        messageId: Int64(1000 + i), time: 1_772_513_819, content: content,
        recipient: .channel(id: 3, name: "general", topic: "benchmarks"))
    let encrypted = try! NotificationSender.encrypt(notification, key: key)
    let request = try! PushServicePayload.apnsRequest(
        address: .pushKeyId(key.id), ciphertext: encrypted.encryptedData, priority: .high)
    return request.body.count
}

let samplePlaintext = NotificationBuilder.message(
    account: account, senderId: 11, senderFullName: "Alice Example",
    senderAvatarURL: "https://chat.example.com/avatar/11",
    messageId: 1000, time: 1_772_513_819, content: content,
    recipient: .channel(id: 3, name: "general", topic: "benchmarks")
).plaintext
let rawKey = key.secretboxKey.revealedBytes()
let nonce = [UInt8](repeating: 7, count: 24)
let rawOut = UnsafeMutablePointer<UInt8>.allocate(capacity: samplePlaintext.count + 16)

@MainActor @inline(never)
func sealAndBase64(_ i: Int) -> Int {
    try! NotificationCipher.encrypt(samplePlaintext, key: key).encryptedData.utf8.count
}

@MainActor @inline(never)
func rawSecretbox(_ i: Int) -> Int {
    Int(crypto_secretbox_easy(rawOut, samplePlaintext, UInt64(samplePlaintext.count), nonce, rawKey))
}

@MainActor func secondsPerOperation(iterations: Int = iterations, _ body: (Int) -> Int) -> Double {
    var sink = 0
    let clock = ContinuousClock()
    for i in 0..<(iterations / 4) { sink &+= body(i) }  // warm-up
    var samples: [Double] = []
    for _ in 0..<7 {
        let elapsed = clock.measure { for i in 0..<iterations { sink &+= body(i) } }
        let (s, atto) = elapsed.components
        samples.append((Double(s) + Double(atto) / 1e18) / Double(iterations))
    }
    if sink == Int.min { print(sink) }  // keeps the work observable
    return samples.sorted()[samples.count / 2]
}

func row(_ name: String, _ s: Double, unit: String = "notifications/s") -> String {
    let micro = (s * 1e6 * 100).rounded() / 100
    return
        "\(name.padding(toLength: 40, withPad: " ", startingAt: 0)) \(String(Int(1 / s)).leftPad(9)) \(unit)   \(micro) us each"
}
extension String { func leftPad(_ n: Int) -> String { String(repeating: " ", count: max(0, n - count)) + self } }
func ratio(_ a: Double, _ b: Double) -> Double { (a / b * 100).rounded() / 100 }

@MainActor func envelopeBenchmark() {
    let full = secondsPerOperation(fullServerPath)
    let floor = secondsPerOperation(sealAndBase64)
    let raw = secondsPerOperation(rawSecretbox)

    print("plaintext: \(samplePlaintext.count) bytes; \(iterations) iterations x 7 batches, median")
    print(row("full server path (JSON+seal+b64+APNs)", full))
    print(row("seal + base64 only (no JSON)", floor))
    print(row("raw crypto_secretbox_easy", raw))
    print("ratio full / raw: \(ratio(full, raw))x   (seal + base64 / raw: \(ratio(floor, raw))x)")
    switch PythonComparator.envelopeMicroseconds(iterations: iterations) {
    case .success(let micro):
        print(row("deployed Python path (PyNaCl + json)", micro / 1e6))
        print("ratio Python / full Swift path: \(ratio(micro / 1e6, full))x")
    case .failure(let unavailable):
        print("deployed Python server path: not measured (\(unavailable.reason))")
    }
}

if only == nil || only == "envelope" { envelopeBenchmark() }
if only == nil || only == "registration" { SealedRegistrationBenchmark.run(iterations: given ?? 2000) }
if only == nil || only == "keypackage" { KeyPackageBenchmark.run(iterations: given ?? 500) }
if let only, !["envelope", "registration", "keypackage"].contains(only) {
    print("unknown benchmark `\(only)`: envelope, registration or keypackage")
}
