import CLibXML2
import Foundation
import HTMLTemplates

/// Validates HTML with libxml2's HTML parser plus checks of our own (tag balance, unknown
/// character references).
///
/// ```swift
/// let problems = HTMLValidator.problems(in: "<div><span>Heat</div>")
/// // [1:6: Unclosed element <span> (still open at </div> on 1:16)]
/// ```
///
/// Reported: unclosed, mismatched and stray tags, duplicate attributes, bad and unknown character
/// references (`&nbps;`), unknown elements (HTML5 and SVG elements are known), and whatever else
/// libxml2 finds. Works on whole documents and on fragments (a screen's content); safe to call from
/// any thread. It is the check a template library runs over each template's markup.
public struct HTMLValidator: MarkupCheck {
    /// The validator.
    public init() {}

    /// Every problem in `markup` (``problems(in:)``).
    public func problems(inMarkup markup: String) -> [HTMLProblem] {
        Self.problems(in: markup)
    }

    /// Every problem in `html`, sorted by position.
    public static func problems(in html: String) -> [HTMLProblem] {
        let found =
            libxml2Problems(in: html) + TagBalanceScanner.problems(in: html)
            + CharacterReferenceScanner.problems(in: html)
        var seen = Set<String>()
        return found.sorted { ($0.line, $0.column) < ($1.line, $1.column) }.filter {
            seen.insert($0.description).inserted
        }
    }

    /// libxml2's own findings, minus tag nesting (the scanner reports that with better positions)
    /// and minus HTML5 element names it does not know.
    private static func libxml2Problems(in html: String) -> [HTMLProblem] {
        LibXML2.initialize()
        let collector = ErrorCollector()
        let context = Unmanaged.passUnretained(collector).toOpaque()
        xmlSetStructuredErrorFunc(context) { context, error in
            guard let context, let error else { return }
            Unmanaged<ErrorCollector>.fromOpaque(context).takeUnretainedValue().add(error.pointee)
        }
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        let options = Int32(HTML_PARSE_NONET.rawValue)
        var bytes = Array(html.utf8)
        if bytes.isEmpty { return [] }
        let document = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                htmlReadMemory($0, Int32(buffer.count), nil, "UTF-8", options)
            }
        }
        if let document { xmlFreeDoc(document) }
        return collector.problems
    }
}

/// Collects libxml2's structured errors during one synchronous parse on one thread.
private final class ErrorCollector {
    var problems: [HTMLProblem] = []

    func add(_ error: xmlError) {
        let message = error.message.map { String(cString: $0) }?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        switch Int(error.code) {
        case Int(XML_ERR_TAG_NAME_MISMATCH.rawValue), Int(XML_ERR_TAG_NOT_FINISHED.rawValue):
            return
        case Int(XML_HTML_UNKNOWN_TAG.rawValue):
            let name = message.split(separator: " ").dropFirst().first.map { $0.lowercased() } ?? ""
            if HTMLElements.html5.contains(name) { return }
            problems.append(
                HTMLProblem(line: Int(error.line), column: Int(error.int2), message: "Unknown element <\(name)>"))
        case Int(XML_ERR_ATTRIBUTE_REDEFINED.rawValue):
            let name = message.split(separator: " ").dropFirst().first.map(String.init) ?? ""
            problems.append(
                HTMLProblem(line: Int(error.line), column: Int(error.int2), message: "Duplicate attribute \(name)"))
        default:
            if message.hasPrefix("Unexpected end tag") { return }
            problems.append(HTMLProblem(line: Int(error.line), column: Int(error.int2), message: message))
        }
    }
}
