import Foundation
import Testing

@testable import WebHost

@Suite("Allowed hosts and origins, as values")
struct AllowedHostsTests {
    func hosts(_ configure: (inout WebHostConfiguration) -> Void = { _ in }) -> AllowedHosts {
        var configuration = WebHostConfiguration()
        configuration.port = 0
        configure(&configuration)
        let hosts = AllowedHosts(configuration: configuration)
        hosts.serverStarted(port: 8080)
        return hosts
    }

    @Test("a Host is parsed into a lowercased host and a port; anything else is no host")
    func authorities() {
        #expect(Authority("LocalHost:8080") == Authority("localhost:8080"))
        #expect(Authority("localhost:8080")?.port == 8080)
        #expect(Authority("[::1]:80")?.host == "::1")
        #expect(Authority("[::1]")?.hostInURL == "[::1]")
        for bad in ["", ":80", "a b", "user@host", "host:", "host:99999", "host:8x", "[::1", "[::1]x", "[zz]", "h/p"] {
            #expect(Authority(bad) == nil, "\(bad)")
        }
    }

    @Test("by default the loopback names and --host are allowed; a wildcard --host adds nothing")
    func defaults() {
        let loopback = hosts()
        for allowed in ["localhost", "127.0.0.1:9", "[::1]"] { #expect(loopback.check(authority: allowed) == .allowed) }
        #expect(loopback.check(authority: "evil.example") == .refused(host: "evil.example"))
        #expect(loopback.check(authority: nil) == .missing)
        #expect(loopback.check(authority: "a b") == .malformed)
        #expect(hosts { $0.host = "192.168.1.20" }.check(authority: "192.168.1.20:8080") == .allowed)
        #expect(hosts { $0.host = "0.0.0.0" }.check(authority: "0.0.0.0") == .refused(host: "0.0.0.0"))
        #expect(hosts { $0.host = "::" }.check(authority: "[::]") == .refused(host: "::"))
    }

    @Test("origins: the public URL's exactly, http on the bound port of a bound name, any of an allowed name")
    func origins() {
        let hosts = hosts {
            $0.allowedHosts = ["demo.example.com"]
            $0.publicURL = URL(string: "https://share.example.org:8443/")
        }
        for allowed in [
            "http://localhost:8080", "http://127.0.0.1:8080", "http://[::1]:8080", "https://share.example.org:8443",
            "https://demo.example.com", "http://demo.example.com:3000",
        ] {
            #expect(hosts.allowsOrigin(allowed), "\(allowed)")
        }
        for refused in [
            "http://localhost:3000", "https://localhost:8080", "http://localhost", "https://share.example.org",
            "http://share.example.org:8443", "http://evil.example", "null", "localhost:8080",
        ] {
            #expect(!hosts.allowsOrigin(refused), "\(refused)")
        }
    }

    @Test("links start with the public URL, else the bound host and port, a wildcard as loopback")
    func linkOrigin() {
        #expect(hosts().origin == "http://127.0.0.1:8080")
        #expect(hosts().linksStayOnThisMachine)
        #expect(hosts { $0.host = "0.0.0.0" }.origin == "http://127.0.0.1:8080")
        #expect(hosts { $0.host = "::" }.origin == "http://[::1]:8080")
        #expect(hosts { $0.host = "::1" }.origin == "http://[::1]:8080")
        #expect(hosts { $0.host = "192.168.1.20" }.origin == "http://192.168.1.20:8080")
        #expect(!hosts { $0.host = "192.168.1.20" }.linksStayOnThisMachine)
        let reachable = hosts { $0.publicURL = URL(string: "https://demo.example.com/") }
        #expect(reachable.origin == "https://demo.example.com")
        #expect(!reachable.linksStayOnThisMachine)
        #expect(hosts { $0.publicURL = URL(string: "http://[::1]:9000") }.origin == "http://[::1]:9000")
    }
}
