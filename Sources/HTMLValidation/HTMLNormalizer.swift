import CLibXML2
import Foundation
import HTMLTemplates

/// Rewrites HTML into a stable form for snapshots: parsed by libxml2, one element or text per line,
/// two spaces per depth, whitespace collapsed, comments dropped, attributes in source order, and
/// every token in an attribute replaced by a name that depends only on its order of appearance
/// (`/_action/action-1`), so a snapshot changes only when the page does: an action's (22
/// base64url characters after a prefix such as `/_action/`, as HTMLPresenter writes them) and any
/// other `OpaqueToken` (32 lowercase hex digits standing alone).
///
/// ```swift
/// let html = HTMLNormalizer.normalize("<ul><li>Heat</li></ul>")
/// // <ul>
/// //   <li>
/// //     Heat
/// //   </li>
/// // </ul>
/// ```
public enum HTMLNormalizer {
    /// The normalized form of a whole document or of a fragment; idempotent.
    public static func normalize(_ html: String) -> String {
        LibXML2.initialize()
        var printer = Printer()
        if html.prefix(9).lowercased() == "<!doctype" {
            printer.lines.append("<!doctype html>")
        }
        var bytes = Array(html.utf8)
        guard !bytes.isEmpty else { return "" }
        let options = Int32(HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue)
        xmlSetStructuredErrorFunc(nil) { _, _ in }
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        let document = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                htmlReadMemory($0, Int32(buffer.count), nil, "UTF-8", options)
            }
        }
        guard let document else { return "" }
        defer { xmlFreeDoc(document) }
        let root = UnsafeMutableRawPointer(document).assumingMemoryBound(to: xmlNode.self)
        if html.range(of: "<html", options: .caseInsensitive) != nil {
            printer.printChildren(of: root, depth: 0)
        } else {
            // libxml2 wraps a fragment in the html, head and body it implies; print what is inside.
            // (HTML_PARSE_NOIMPLIED would avoid the wrappers but nests sibling top-level elements in 2.9.)
            for wrapper in ["head", "body"] {
                if let element = printer.child(of: printer.child(of: root, named: "html"), named: wrapper) {
                    printer.printChildren(of: element, depth: 0)
                }
            }
        }
        return printer.lines.joined(separator: "\n") + "\n"
    }
}

/// Walks a libxml2 tree and writes the normalized lines.
private struct Printer {
    var lines: [String] = []
    private var tokenNames: [String: String] = [:]

    mutating func printChildren(of node: UnsafeMutablePointer<xmlNode>, depth: Int) {
        var child = node.pointee.children
        while let current = child {
            printNode(current, depth: depth)
            child = current.pointee.next
        }
    }

    private mutating func printNode(_ node: UnsafeMutablePointer<xmlNode>, depth: Int) {
        let indent = String(repeating: "  ", count: depth)
        switch node.pointee.type {
        case XML_ELEMENT_NODE:
            let name = String(cString: node.pointee.name)
            var tag = "<" + name
            var attribute = node.pointee.properties
            while let current = attribute {
                let attributeName = String(cString: current.pointee.name)
                tag +=
                    " \(attributeName)=\"\(HTMLEscaping.escaped(replacingTokens(in: text(of: current.pointee.children)), for: .attribute))\""
                attribute = current.pointee.next
            }
            lines.append(indent + tag + ">")
            printChildren(of: node, depth: depth + 1)
            if !HTMLElements.void.contains(name) {
                lines.append(indent + "</\(name)>")
            }
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
            let content = node.pointee.content.map { String(cString: $0) } ?? ""
            let collapsed = content.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
                .joined(separator: " ")
            if !collapsed.isEmpty {
                let parent = node.pointee.parent.map { String(cString: $0.pointee.name) } ?? ""
                lines.append(
                    indent
                        + (HTMLElements.rawText.contains(parent)
                            ? collapsed : HTMLEscaping.escaped(collapsed, for: .text)))
            }
        default:
            break
        }
    }

    func child(of node: UnsafeMutablePointer<xmlNode>?, named name: String) -> UnsafeMutablePointer<xmlNode>? {
        var child = node?.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE, String(cString: current.pointee.name) == name {
                return current
            }
            child = current.pointee.next
        }
        return nil
    }

    private func text(of node: UnsafeMutablePointer<xmlNode>?) -> String {
        var result = ""
        var current = node
        while let node = current {
            if let content = node.pointee.content { result += String(cString: content) }
            current = node.pointee.next
        }
        return result
    }

    /// `value` with each action token after its URL's prefix and each run of exactly 32 lowercase hex
    /// digits (HTMLPresenter's `OpaqueToken`, not part of a longer word) named by its order of
    /// appearance.
    private mutating func replacingTokens(in value: String) -> String {
        replacingHexTokens(in: replacingActionTokens(in: value))
    }

    /// `value` with each action token named: a run of exactly 22 base64url characters as
    /// `OpaqueToken.compactText` writes them (the last one `A`, `Q`, `g` or `w`), after a character
    /// that is neither one of them nor a space (the `/` of `/_action/`, the `#` of a crawl's page),
    /// so that a word of that length (a class name, an id) is left as it is.
    private mutating func replacingActionTokens(in value: String) -> String {
        let bytes = Array(value.utf8)
        guard bytes.count >= 23 else { return value }
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard Self.isBase64URLByte(bytes[index]) else {
                result.append(bytes[index])
                index += 1
                continue
            }
            var end = index
            while end < bytes.count, Self.isBase64URLByte(bytes[end]) { end += 1 }
            let isToken =
                end - index == 22 && index > 0 && bytes[index - 1] != UInt8(ascii: " ")
                && bytes[index - 1] != UInt8(ascii: "\t") && bytes[index - 1] != UInt8(ascii: "\n")
                && "AQgw".utf8.contains(bytes[end - 1])
            if isToken {
                result += name(of: String(decoding: bytes[index..<end], as: UTF8.self)).utf8
            } else {
                result += bytes[index..<end]
            }
            index = end
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The token's name: `action-` and its order of appearance among the tokens seen so far.
    private mutating func name(of token: String) -> String {
        let name = tokenNames[token] ?? "action-\(tokenNames.count + 1)"
        tokenNames[token] = name
        return name
    }

    /// `value` with each run of exactly 32 lowercase hex digits standing alone named.
    private mutating func replacingHexTokens(in value: String) -> String {
        let bytes = Array(value.utf8)
        guard bytes.count >= 32 else { return value }
        var result: [UInt8] = []
        var index = 0
        var runStart = 0
        while index <= bytes.count {
            if index < bytes.count, Self.isWordByte(bytes[index]) {
                index += 1
                continue
            }
            let run = bytes[runStart..<index]
            if run.count == 32, run.allSatisfy(Self.isLowercaseHexDigit) {
                result += name(of: String(decoding: run, as: UTF8.self)).utf8
            } else {
                result += run
            }
            if index < bytes.count { result.append(bytes[index]) }
            index += 1
            runStart = index
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func isBase64URLByte(_ byte: UInt8) -> Bool {
        isWordByte(byte) && byte < 0x80 || byte == UInt8(ascii: "-")
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
            || byte >= 0x80
    }

    private static func isLowercaseHexDigit(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
    }
}
