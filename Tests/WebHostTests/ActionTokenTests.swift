import Crypto
import HTMLPresenter
import Testing

@testable import WebHost

@Suite("Signed action tokens: one HMAC a page, a SipHash an action; nothing forged passes")
struct ActionTokenTests {
    private let key = TokenKey(SymmetricKey(size: .bits256))
    private let session = SessionID.random()

    @Test("SipHash-2-4 gives the reference outputs (the paper's key 00..0f)")
    func sipHashVectors() {
        // Aumasson and Bernstein, "SipHash: a fast short-input PRF", Appendix A, and the
        // reference implementation's vectors.h (outputs read as little-endian words).
        let sip = SipHash24(key0: 0x0706_0504_0302_0100, key1: 0x0f0e_0d0c_0b0a_0908)
        #expect(sip.hash([UInt8]()) == 0x726f_db47_dd0e_0e31)
        #expect(sip.hash([0]) == 0x74f8_39c5_93dc_67fd)
        #expect(sip.hash(Array(0...14) as [UInt8]) == 0xa129_ca61_49be_45e5)
        #expect(sip.hash(Array(0...7) as [UInt8]) == 0x93f5_f579_9a93_2462)
    }

    @Test("a token signed for a page verifies with its session and key, naming its fields")
    func roundTrip() throws {
        for position in [0, 1, 27, 0xFFFF] {
            let token = ActionToken(pathLength: 12, version: 40, scene: 0xBEEF, position: position)
            let signed = token.signed(with: .init(session: session, key: key, page: token))
            let verified = try #require(ActionToken(verifying: signed.compactText, session: session, key: key))
            #expect(verified == token)
        }
    }

    @Test("another session, another key, or any one character changed: refused")
    func forgeries() {
        let token = ActionToken(pathLength: 3, version: 7, scene: 9, position: 4)
        let text = token.signed(with: .init(session: session, key: key, page: token)).compactText
        #expect(ActionToken(verifying: text, session: .random(), key: key) == nil)
        #expect(ActionToken(verifying: text, session: session, key: TokenKey(SymmetricKey(size: .bits256))) == nil)
        for index in text.indices {
            // The last character carries 2 bits (A, Q, g or w): changed among those, the MAC refuses it.
            let digit = text[index] == "A" ? "Q" : "A"
            let changed = text.replacingCharacters(in: index...index, with: digit)
            #expect(ActionToken(verifying: changed, session: session, key: key) == nil, "\(changed)")
        }
    }

    @Test("the MACs of one page's actions differ, and differ from the same positions on the next page")
    func macsAreDistinct() {
        let page = ActionToken(pathLength: 3, version: 7, scene: 9, position: 0)
        let next = ActionToken(pathLength: 4, version: 8, scene: 9, position: 0)
        let keys = [page, next].map { ActionToken.PageKey(session: session, key: key, page: $0) }
        let macs = keys.flatMap { pageKey in (0..<64).map { pageKey.mac(position: $0) } }
        #expect(Set(macs).count == macs.count)
    }

    @Test("a token is HMAC-SHA256 then SipHash-2-4 as every process signs it (a known answer computed apart)")
    func knownAnswer() throws {
        // Python's hmac and a SipHash-2-4 checked against the reference vectors: key 00..1f,
        // message the session's two words and the page's fields, big-endian; position 5.
        let key = TokenKey(SymmetricKey(data: Array(0..<32) as [UInt8]))
        let session = try #require(SessionID("0123456789abcdeffedcba9876543210"))
        let token = ActionToken(pathLength: 12, version: 40, scene: 0xBEEF, position: 5)
        let signed = token.signed(with: .init(session: session, key: key, page: token))
        #expect(signed.text == "00000c000028beef0005633f3d736f9e")
        // As pages write it: the same bits in base64url (Python's `urlsafe_b64encode`, unpadded).
        #expect(signed.compactText == "AAAMAAAovu8ABWM_PXNvng")
    }

    @Test("the token key's MAC is swift-crypto's HMAC-SHA256, for keys shorter, as long as and longer than a block")
    func macIsHMAC() {
        for keyLength in [0, 1, 32, 63, 64, 65, 200] {
            let key = SymmetricKey(data: (0..<keyLength).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
            for message in [[], [0x61], Array(repeating: 0xA5, count: 24), (0..<150).map { UInt8($0) }] as [[UInt8]] {
                let ours = message.withUnsafeBytes { TokenKey(key).authenticationCode(for: $0) }
                let reference = HMAC<SHA256>.authenticationCode(for: message, using: key)
                #expect(Array(ours) == Array(reference), "key of \(keyLength) bytes, message of \(message.count)")
            }
        }
    }

    @Test("the key kept for the page served last checks its tokens as a key worked out anew does")
    func keptPageKey() throws {
        let token = ActionToken(pathLength: 3, version: 7, scene: 9, position: 4)
        let kept = ActionToken.PageKey(session: session, key: key, page: token)
        let text = token.signed(with: kept).compactText
        #expect(ActionToken(verifying: text, session: session, key: key, kept: kept) == token)
        let nextPage = ActionToken(pathLength: 4, version: 8, scene: 9, position: 4)
        let nextText = nextPage.signed(with: .init(session: session, key: key, page: nextPage)).compactText
        #expect(ActionToken(verifying: nextText, session: session, key: key, kept: kept) == nextPage)
        #expect(ActionToken(verifying: nextText, session: .random(), key: key, kept: kept) == nil)
        let changed = text.dropLast() + (text.last == "A" ? "Q" : "A")
        #expect(ActionToken(verifying: changed, session: session, key: key, kept: kept) == nil)
    }
}
