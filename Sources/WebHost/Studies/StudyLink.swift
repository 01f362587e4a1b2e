import Crypto
import HTMLPresenter

/// The id in a study's link (`/study/ID`): 128 bits of HMAC-SHA256 under the store's token key
/// over the study's id, written as an ``HTMLPresenter/OpaqueToken``.
///
/// Derived, not drawn and kept: every process sharing the store, and the same server after a
/// restart, gives a study the same link, so a link handed to testers keeps opening; nobody without
/// the key can make one, and the store keeps only its digest, like a share's.
enum StudyLink {
    /// The link id of the study `study` under `key`, the store's token key
    /// (`FlowHostApp/ClickPathStore/tokenKey()`).
    static func id(ofStudy study: String, key: [UInt8]) -> String {
        let mac = HMAC<SHA256>.authenticationCode(
            for: Array("flowhost study link\u{0}\(study)".utf8), using: SymmetricKey(data: key))
        return mac.prefix(16).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
