import Foundation

/// A response as the checks read it.
struct Answer: Sendable {
    let method: String
    let path: String
    let status: UInt
    let location: String?
    let body: String

    /// The request, to name it in a failure.
    var request: String { "\(method) \(path)" }

    /// This answer, if it has `status`; else a failure naming the request.
    func expecting(_ status: UInt) throws(LoadFailure) -> Answer {
        guard self.status == status else {
            throw LoadFailure("\(request) answered \(self.status), expected \(status)\(excerpt)")
        }
        return self
    }

    /// The `Location` of a `303`; else a failure.
    func redirect() throws(LoadFailure) -> String {
        guard let location = try expecting(303).location else { throw LoadFailure("\(request): 303 without Location") }
        return location
    }

    /// This answer, if it is a `200` page that contains `marker`; else a failure saying which screen it was.
    func page(showing marker: String) throws(LoadFailure) -> Answer {
        guard try expecting(200).body.contains(marker) else {
            throw LoadFailure("\(request) answered another screen than expected (no \(marker))\(excerpt)")
        }
        return self
    }

    /// The `/_action/<token>` URL of the last form that starts before the first `marker`.
    func action(before marker: String) throws(LoadFailure) -> String {
        let prefix = #"action="/_action/"#
        guard let end = body.range(of: marker)?.lowerBound,
            let start = body[..<end].range(of: prefix, options: .backwards)?.lowerBound,
            let close = body[start...].dropFirst(#"action=""#.count).firstIndex(of: "\"")
        else { throw LoadFailure("\(request): no action before \(marker) in the page\(excerpt)") }
        return String(body[body.index(start, offsetBy: #"action=""#.count)..<close])
    }

    /// The page's title, to say which screen came instead.
    private var excerpt: String {
        guard let start = body.range(of: "<title>")?.upperBound, let end = body[start...].range(of: "</title>")
        else { return body.isEmpty ? "" : " (body: \(body.prefix(120)))" }
        return " (page titled \(body[start..<end.lowerBound]))"
    }
}
