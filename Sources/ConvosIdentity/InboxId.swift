import PushProofCrypto

/// XMTP's inbox id for an Ethereum identity: lower-case hex of SHA-256 over the UTF-8 of the
/// lower-cased `0x` address followed by the decimal nonce.
/// Address 0x0000000000000000000000000000000000000000 with nonce 0 gives
/// b1a9cc92f03b922b65e5f8bbd8c41f0ccaa57c6ce10fdb2b099845fa8658c950.
public enum InboxId {
    public static func derive(address: EthereumAddress, nonce: UInt64 = 0) -> String {
        Hex.encode(SHA256.hash(Array((address.text + String(nonce)).utf8)))
    }

    /// 64 lower-case hex digits.
    public static func isWellFormed(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
