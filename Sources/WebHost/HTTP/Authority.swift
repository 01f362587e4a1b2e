/// A host and optional port as a request's `Host` or an `Origin` names them, parsed: the host
/// lowercased, an IPv6 address without its brackets.
struct Authority: Equatable, Sendable {
    /// The host name or address (`localhost`, `127.0.0.1`, `::1`).
    let host: String
    /// The port, when one was named.
    let port: Int?

    /// Parses `host`, `host:port`, `[v6]`, `[v6]:port`, or an IPv6 address without brackets (as
    /// configuration gives one: `::1`); nil for anything else (a user part, a path, spaces, an
    /// empty host, a port that is not 0 to 65535).
    init?(_ text: some StringProtocol) {
        let hostPart: Substring
        let portPart: Substring?
        if !text.hasPrefix("["), text.filter({ $0 == ":" }).count > 1 {
            guard text.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
            hostPart = Substring(text)
            portPart = nil
        } else if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            hostPart = Substring(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { return nil }
            portPart = rest.isEmpty ? nil : Substring(rest.dropFirst())
            guard hostPart.contains(":"), hostPart.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else {
                return nil
            }
        } else {
            let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            hostPart = Substring(parts[0])
            portPart = parts.count == 2 ? Substring(parts[1]) : nil
            guard hostPart.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-._".contains($0)) }) else {
                return nil
            }
        }
        guard !hostPart.isEmpty else { return nil }
        if let portPart {
            guard (1...5).contains(portPart.count), portPart.allSatisfy({ $0.isASCII && $0.isNumber }),
                let port = Int(portPart), port <= 65535
            else { return nil }
            self.port = port
        } else {
            port = nil
        }
        host = hostPart.lowercased()
    }

    /// `host` (a name, an IPv4 address, an IPv6 address with or without brackets) and `port`.
    init?(host: String, port: Int?) {
        guard let parsed = Authority(host), parsed.port == nil else { return nil }
        self.host = parsed.host
        self.port = port
    }

    /// The host as a URL writes it: an IPv6 address in brackets.
    var hostInURL: String {
        host.contains(":") ? "[\(host)]" : host
    }
}
