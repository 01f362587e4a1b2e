/// Markup written as it is wherever a tag names it (``TemplateValue/html(_:)``): what one template
/// rendered, placed in another. The page chrome places each screen's content and each bar this
/// way. The markup is kept as the UTF-8 bytes its render wrote, and copied once, into the page:
/// made a `String` first, a page's content was checked as UTF-8 again and copied twice.
///
/// ```swift
/// let templates = try TemplateLibrary(templates: ["card": "<p>{{body}}</p>"])
/// let card: TemplateValue = ["body": .html(RenderedHTML("<strong>Heat</strong>"))]
/// let html = try templates.render(card, template: "card")  // <p><strong>Heat</strong></p>
/// ```
public struct RenderedHTML: Sendable, Equatable {
    /// The markup's UTF-8 bytes.
    let bytes: [UInt8]

    /// `markup`, trusted as HTML: written as it is, never escaped.
    public init(_ markup: String) {
        bytes = Array(markup.utf8)
    }

    /// What `output` holds.
    package init(_ output: HTMLOutput) {
        bytes = output.bytes
    }

    /// The markup.
    public var markup: String { String(decoding: bytes, as: UTF8.self) }
}
