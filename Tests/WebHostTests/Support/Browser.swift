import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// A minimal browser over a test client: keeps the session cookie, sends what a browser sends
/// with a form post, and reads actions out of pages by their button label.
struct Browser {
    let client: any TestClientProtocol
    var sessionCookie: String?

    init(_ client: any TestClientProtocol, sessionCookie: String? = nil) {
        self.client = client
        self.sessionCookie = sessionCookie
    }

    /// GET `path` with the session cookie, remembering a new one.
    mutating func get(_ path: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await send(path, method: .get, headers: headers, body: nil)
    }

    /// POST `form` (url-encoded) to `path` as a same-origin form submission.
    mutating func post(
        _ path: String, form: String = "", headers extra: HTTPFields = [:],
        contentType: String? = "application/x-www-form-urlencoded"
    ) async throws -> TestResponse {
        var headers: HTTPFields = [.secFetchSite: "same-origin"]
        if let contentType { headers[.contentType] = contentType }
        for field in extra { headers[field.name] = field.value }
        return try await send(path, method: .post, headers: headers, body: ByteBuffer(string: form))
    }

    /// GET `/`, follow redirects: the current page.
    mutating func open(_ path: String = "/") async throws -> TestResponse {
        var response = try await get(path)
        var hops = 0
        while response.status == .seeOther, let location = response.headers[.location], hops < 5 {
            response = try await get(location)
            hops += 1
        }
        return response
    }

    /// POST the action labelled `label` on `page`, then follow the 303: the page after it.
    mutating func click(_ label: String, on page: TestResponse, form: String = "") async throws -> TestResponse {
        let action = try #require(page.action(label), "no action '\(label)' on the page")
        let response = try await post(action, form: form)
        guard response.status == .seeOther, let location = response.headers[.location] else { return response }
        return try await get(location)
    }

    private mutating func send(
        _ path: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?
    ) async throws -> TestResponse {
        var headers = headers
        if let sessionCookie { headers[.cookie] = "flowhost_session=\(sessionCookie)" }
        let response = try await client.executeRequest(uri: path, method: method, headers: headers, body: body)
        for value in response.headers[values: .setCookie] where value.hasPrefix("flowhost_session=") {
            sessionCookie = String(value.dropFirst("flowhost_session=".count).prefix { $0 != ";" })
        }
        return response
    }
}

extension TestResponse {
    /// The body as text.
    var text: String { String(buffer: body) }

    /// The URL of the action whose form's button reads `label`.
    func action(_ label: String) -> String? {
        actions[label]
    }

    /// Every action on the page by the text of its form's last button.
    var actions: [String: String] {
        let form = /action="(\/_action\/[A-Za-z0-9_-]{22})"[^>]*>(.*?)<\/form>/.dotMatchesNewlines()
        let button = /<button[^>]*>(.*?)<\/button>/.dotMatchesNewlines()
        var actions: [String: String] = [:]
        for match in text.matches(of: form) {
            guard let last = match.output.2.matches(of: button).last else { continue }
            let label = String(last.output.1).replacing(/<[^>]*>/, with: "").trimmingCharacters(
                in: .whitespacesAndNewlines)
            actions[label] = String(match.output.1)
        }
        return actions
    }

    /// The `<h1>` text, to tell lab pages apart.
    var heading: String? {
        text.firstMatch(of: /<h1[^>]*>([^<]*)<\/h1>/).map { String($0.output.1) }
    }
}

extension HTTPField.Name {
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!
}
