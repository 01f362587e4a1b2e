/// A name as a tag writes it, split and hashed once when the template is compiled: `movie.title` is
/// looked up as `movie` from the innermost value out, then `title` inside what that found; `.` is
/// the innermost value itself.
struct TemplateName: Sendable, Equatable {
    /// The name looked up the stack; nil for `.`.
    let first: TemplateKey?
    /// The names looked up inside what `first` found, in order.
    let rest: [TemplateKey]

    /// The name `name` as written in the tag.
    init(_ name: String) {
        guard name != "." else {
            first = nil
            rest = []
            return
        }
        let parts = name.split(separator: ".").map { TemplateKey(String($0)) }
        first = parts.first ?? ""
        rest = Array(parts.dropFirst())
    }

    /// The value this name finds in `stack` (innermost last), nil when none has it.
    ///
    /// Each value of the stack is looked at in place: nothing is copied or retained until the value
    /// found is returned.
    func lookup(in stack: [TemplateValue]) -> TemplateValue? {
        guard let first else { return stack.last }
        var index = stack.endIndex
        while index > stack.startIndex {
            index -= 1
            guard case .object(let values) = stack[index], let child = values[first] else { continue }
            return rest.isEmpty ? child : Self.lookup(rest, in: child)
        }
        return nil
    }

    private static func lookup(_ names: [TemplateKey], in value: TemplateValue) -> TemplateValue? {
        var found = value
        for name in names {
            guard case .object(let values) = found, let child = values[name] else { return nil }
            found = child
        }
        return found
    }
}
