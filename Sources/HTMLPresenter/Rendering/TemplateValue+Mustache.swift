import Mustache

// swift-mustache looks values up through `MustacheParent` and recognises sections by Swift type
// (`Bool`, sequences, optionals). Answering lookups directly avoids its Mirror-based fallback, which
// is far slower on the render path.
extension TemplateValue: MustacheParent, CustomStringConvertible {
    /// The child named `name`, as the Swift value swift-mustache expects for sections.
    public func child(named name: String) -> Any? {
        guard case .object(let values) = self, let value = values[name] else { return nil }
        return value.mustacheValue
    }

    /// The text `{{.}}` renders for this value.
    public var description: String {
        switch self {
        case .null: ""
        case .bool(let value): String(value)
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .string(let value): value
        case .list(let values): values.map(\.description).joined(separator: ", ")
        case .object: ""
        }
    }

    private var mustacheValue: Any? {
        switch self {
        case .null: nil
        case .bool(let value): value
        case .int(let value): RenderedText(text: String(value))
        case .double(let value): RenderedText(text: String(value))
        case .string(let value): RenderedText(text: value)
        case .list(let values): values
        case .object: self
        }
    }
}

/// Text that swift-mustache prints through `renderText` instead of `String(describing:)` on an
/// `Any` (which goes through reflection); as a parent it has no children, so a lookup inside
/// `{{#text}}…{{/text}}` goes up the context stack without a Mirror.
private struct RenderedText: MustacheCustomRenderable, MustacheParent {
    let text: String

    var renderText: String { text }
    var isNull: Bool { false }

    func child(named name: String) -> Any? { nil }
}
