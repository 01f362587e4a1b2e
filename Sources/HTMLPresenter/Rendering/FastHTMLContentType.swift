import Mustache

/// HTML escaping for `{{name}}` over UTF-8 bytes. swift-mustache's own escaper looks every
/// Character up in a dictionary, which made it the largest cost of rendering a page; text without
/// `& < > " '` is returned as is, without copying.
struct FastHTMLContentType: MustacheContentType {
    /// The name templates select it by; ``TemplateLibrary`` prefixes every template with the pragma.
    static let name = "FLOWHOST_HTML"
    static let pragma = "{{% CONTENT_TYPE: \(name)}}"

    /// Registers the content type with swift-mustache, once per process.
    static let registered: Void = MustacheContentTypes.register(FastHTMLContentType(), named: name)

    func escapeText(_ text: String) -> String {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
            return text
        }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(utf8.count + 16)
        for byte in utf8 {
            switch byte {
            case 0x26: escaped.append(contentsOf: "&amp;".utf8)
            case 0x3C: escaped.append(contentsOf: "&lt;".utf8)
            case 0x3E: escaped.append(contentsOf: "&gt;".utf8)
            case 0x22: escaped.append(contentsOf: "&quot;".utf8)
            case 0x27: escaped.append(contentsOf: "&#39;".utf8)
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }
}
