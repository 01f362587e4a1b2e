import FlowHostApp
import HTMLPresenter
import HummingbirdTesting
import Testing
import WebHost

/// What an anonymous client can make a session record: only the fields its forms declare, values of
/// bounded length, a path of bounded length; each bound named in the log once.
@Suite("Bounded recording")
struct BoundedRecordingTests {
    private static let junk = String(repeating: "x", count: 50_000)

    @Test("fields a form does not declare are neither given to it nor recorded; a button records none")
    func undeclaredFieldsAreDropped() async throws {
        let store = MemoryClickPathStore()
        try await withLabServer(store: store) { client in
            var browser = Browser(client)
            var page = try await browser.click("Next", on: try await browser.open(), form: "junk=\(Self.junk)")
            page = try await browser.click("Rename", on: page, form: "name=Ada&junk=\(Self.junk)&admin=1")
            #expect(page.text.contains("Ada"))

            let cookie = try #require(browser.sessionCookie)
            let path = try #require(try await store.path(ofSession: cookie))
            #expect(path.entries.map(\.fields) == [FormFields(), ["name": "Ada"]])
        }
    }

    @Test("a value past 1 KiB answers 422 with why, is not recorded, and the bound is logged once")
    func longValueIsRefused() async throws {
        let store = MemoryClickPathStore()
        let logs = RecordingLogHandler.Messages()
        try await withLabServer(store: store, logs: logs) { client in
            var browser = Browser(client)
            let page = try await browser.open()
            let long = String(repeating: "a", count: 2000)

            let refused = try await browser.click("Rename", on: page, form: "name=\(long)")
            let again = try await browser.click("Rename", on: refused, form: "name=\(long)")

            for response in [refused, again] {
                #expect(response.status == .unprocessableContent)
                #expect(response.text.contains("This field takes at most 1024 bytes of text; this was 2000."))
                #expect(response.text.contains(long), "what was typed is kept to be shortened")
            }
            let cookie = try #require(browser.sessionCookie)
            #expect(try await store.path(ofSession: cookie) == nil, "nothing was recorded")
            #expect(logs.all.filter { $0.message.hasPrefix("form values: a value past 1024 bytes") }.count == 1)
        }
    }

    @Test("a click path stops at its bound, the session goes on, and the bound is logged once")
    func pathIsBounded() async throws {
        let store = MemoryClickPathStore()
        let logs = RecordingLogHandler.Messages()
        try await withLabServer(store: store, logs: logs, configure: { $0.maxClickPathEntries = 3 }) { client in
            var browser = Browser(client)
            var page = try await browser.open()
            for _ in 0..<5 { page = try await browser.click("Next", on: page) }

            #expect(page.heading == "Page 6")
            let cookie = try #require(browser.sessionCookie)
            #expect(try await store.path(ofSession: cookie)?.entries.count == 3)
            #expect(logs.all.filter { $0.message.hasPrefix("click paths: a session reached 3 entries") }.count == 1)
        }
    }
}

extension ClickPath.Entry {
    /// An action's fields; nil for another entry.
    fileprivate var fields: FormFields? {
        guard case .action(_, let fields) = self else { return nil }
        return fields
    }
}
