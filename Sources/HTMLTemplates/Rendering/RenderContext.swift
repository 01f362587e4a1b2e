/// What one render knows beyond its values: how it writes actions and public files, and, when the
/// page is rendered for a static export or a crawl, the forms, buttons and links open at the point
/// of output (with the offsets of what may still change in their start tags) and the actions
/// written so far with their labels. A served page follows no element: its markup is written as
/// the template has it. One context may span several templates (a page's content and its chrome).
public struct RenderContext {
    /// An action element whose start or end tag has not been written yet.
    private struct OpenElement {
        let element: CompiledTemplate.ActionElement
        var isInStartTag = true
        /// Where its own action goes; nil for none or a served action.
        var target: ActionTarget?
        /// Its own action's index in ``actions``.
        var action: Int?
        /// Where its `method` or `formmethod` value is in the output.
        var method: Range<Int>?
        var submits = false
        /// Its text so far, for a button or link once its start tag is written.
        var label: String?
    }

    /// How actions are written; nil: they are left out.
    private let actionLinks: ActionLinks?
    /// What a public file's path is written after.
    private let publicFiles: String
    /// Whether forms, buttons and links are followed (to adjust them and read labels).
    let followsElements: Bool
    /// Every action written into an action attribute, in order, with its label once read (only
    /// while elements are followed: see ``init(actionLinks:publicFiles:readingLabels:)``).
    public private(set) var actions: [RenderedPage.Action] = []
    private var elements: [OpenElement] = []
    /// The innermost button or link whose text is being read.
    private var reading: Int?

    /// A render that writes actions as `actionLinks` say (nil: they are left out) and a
    /// ``TemplateValue/publicFile(_:)`` path after `publicFiles` (`/public/` on a served page,
    /// `public/` in a static export); `readingLabels` follows the elements even where the links
    /// post (to label a page's actions).
    public init(actionLinks: ActionLinks?, publicFiles: String, readingLabels: Bool = false) {
        self.actionLinks = actionLinks
        self.publicFiles = publicFiles
        if case .resolve? = actionLinks {
            followsElements = true
        } else {
            followsElements = readingLabels
        }
    }

    /// Whether a button's or link's text is being read.
    var isReadingLabel: Bool { reading != nil }

    // MARK: Values

    /// What `action` is written as where it is not an action attribute's whole value.
    func target(of action: ActionReference) -> String {
        guard let token = action.token, let actionLinks else { return "" }
        switch actionLinks {
        case .post(let prefix): return prefix + token
        case .resolve(let target):
            if case .link(let url) = target(token) { return url }
            return ""
        }
    }

    /// The URL of the public file at `path`.
    func url(ofPublicFile path: String) -> String {
        publicFiles + path
    }

    /// Writes the URL of the public file at `path` as it is (a template's own `/public/` path is
    /// markup already).
    func writeURL(ofPublicFile path: String, into output: inout HTMLOutput) {
        output.append(publicFiles)
        output.append(path)
    }

    /// Writes the attribute for `action` between its template's `prefix` (` action="`) and `suffix`
    /// (the closing quote), or nothing when the action has no target here (a covered layer's, a
    /// disabled one's), and notes the action on the element whose tag it is in.
    mutating func write(
        _ action: ActionReference, prefix: UnsafeBufferPointer<UInt8>, suffix: UnsafeBufferPointer<UInt8>,
        into output: inout HTMLOutput
    ) {
        guard let token = action.token, let actionLinks else { return }
        let target: ActionTarget?
        switch actionLinks {
        case .post(let postPrefix):
            target = nil
            output.append(prefix)
            output.appendEscaped(postPrefix)
            output.append(token)
            output.append(suffix)
        case .resolve(let resolve):
            target = resolve(token)
            if case .link(let url)? = target {
                output.append(prefix)
                output.appendEscaped(url)
                output.append(suffix)
            }
        }
        guard followsElements else { return }
        actions.append(RenderedPage.Action(token: token, label: nil))
        if let last = elements.indices.last, elements[last].isInStartTag {
            elements[last].target = target
            elements[last].action = actions.count - 1
        }
    }

    /// Writes a form's `method` (or a button's `formmethod`): `get` once the element's action is a
    /// link, else as written, with its place noted in case the action comes later in the tag.
    mutating func writeMethod(_ method: String, into output: inout HTMLOutput) {
        guard followsElements, let last = elements.indices.last, elements[last].isInStartTag else {
            output.append(method)
            return
        }
        let start = output.count
        if case .link? = elements[last].target { output.append("get") } else { output.append(method) }
        elements[last].method = start..<output.count
    }

    /// Text content of the button or link being read.
    mutating func readLabel(_ text: String) {
        guard let reading else { return }
        elements[reading].label? += text
    }

    /// A value written as text content of the button or link being read.
    mutating func readLabel(_ value: TemplateValue) {
        switch value {
        case .string, .html, .int, .double, .bool: readLabel(value.description)
        default: break
        }
    }

    // MARK: Elements

    mutating func open(_ element: CompiledTemplate.ActionElement) {
        elements.append(OpenElement(element: element))
    }

    /// The start tag of the innermost element ends here: for a link target its form is sent with GET,
    /// and a button that would send a disabled action is disabled with the reason as its title.
    mutating func close(_ tag: CompiledTemplate.StartTag, into output: inout HTMLOutput) {
        guard let last = elements.indices.last, elements[last].element == tag.element, elements[last].isInStartTag
        else { return }
        elements[last].isInStartTag = false
        elements[last].submits = tag.submits
        let own = elements[last].target
        let form = elements[..<last].last { $0.element == .form }?.target
        switch (tag.element, own) {
        case (.form, .link?):
            useGet(last, into: &output)
        case (.button, .link?), (.input, .link?):
            if elements[last].method == nil {
                output.append(#" formmethod="get""#)
            } else {
                useGet(last, into: &output)
            }
        case (_, .disabled(let reason)?):
            disable(tag, reason: reason, into: &output)
        case (.button, nil), (.input, nil):
            guard tag.submits else { break }
            if case .disabled(let reason)? = form { disable(tag, reason: reason, into: &output) }
            if case .link? = form { useGet(last, into: &output) }
        default:
            break
        }
        if tag.element == .input {
            elements.removeLast()
        } else if tag.element == .button || tag.element == .link {
            elements[last].label = ""
            reading = last
        }
    }

    /// The innermost open `element` ends here: a button's or link's text labels the action it sends.
    mutating func end(_ element: CompiledTemplate.ActionElement) {
        guard let index = elements.lastIndex(where: { $0.element == element }) else { return }
        let ended = elements[index]
        let form = elements[..<index].last { $0.element == .form }
        if let label = ended.label.map(Self.collapsingSpaces), !label.isEmpty,
            let action = ended.action ?? (ended.submits ? form?.action : nil), actions[action].label == nil
        {
            actions[action].label = label
        }
        elements.removeSubrange(index...)
        reading = elements.lastIndex { $0.label != nil }
    }

    /// Makes the `method` (or `formmethod`) written in element `index`'s start tag `get`.
    private func useGet(_ index: Int, into output: inout HTMLOutput) {
        guard let method = elements[index].method else { return }
        if !output.bytes(at: method, are: "get") { output.replace(method, with: "get") }
    }

    private func disable(_ tag: CompiledTemplate.StartTag, reason: String, into output: inout HTMLOutput) {
        switch tag.element {
        case .link:
            output.append(#" aria-disabled="true""#)
        case .button, .input:
            if !tag.hasDisabled { output.append(" disabled") }
        case .form:
            return
        }
        if !tag.hasTitle {
            output.append(#" title=""#)
            output.appendEscaped(reason)
            output.append("\"")
        }
    }

    private static func collapsingSpaces(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
