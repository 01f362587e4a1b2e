/// Which names templates read and which values they are given, over many renders: a name that no
/// render fills is likely a misspelling (`{{nmae}}` renders nothing and says nothing), and so is a
/// value given and never read. Record the values of each render (a crawl records every state's
/// screen), then read ``findings``.
///
/// ```swift
/// var usage = TemplateNameUsage(templates: templates)
/// usage.record(["name": "Ada"], template: "people/detail")  // the template reads {{nmae}}
/// for finding in usage.findings { print(finding) }
/// // people/detail.mustache:1:5: warning: "nmae" is read here but never filled; did you mean "name"?
/// ```
///
/// Names are followed as rendering looks them up: a name inside `{{#movies}}` is looked up in each
/// movie first, then in what holds it, so a name an outer value fills counts as filled; a dotted
/// name is filled when its last part is found; a partial's names are judged in the partial's file,
/// over every template that includes it. A name inside a section that never showed (a `false`, an
/// empty list, a missing name) is not judged, nor is a value such a name might have read. A name a
/// template lists in a comment `{{! optional: subtitle form.errors.name }}` is not reported.
public struct TemplateNameUsage: Sendable {
    /// What rendering looks names up in: a value, and its dotted path from the values given (a
    /// list's elements share the list's path).
    private struct Frame {
        let value: TemplateValue
        let path: String
    }

    /// What is known of the values given to one template (a screen's, not a partial's).
    private struct Given {
        /// The dotted paths of every value given (`movies`, `movies.title`).
        var paths: Set<String> = []
        /// The paths some lookup read, the parts of a dotted name included.
        var read: Set<String> = []
        /// Where each path was first read: the template and the tag.
        var firstRead: [String: (template: String, position: SourcePosition)] = [:]
    }

    /// How deep partials are followed: a partial that includes itself ends where its data does
    /// when rendered, but a lookup that never runs out of data must end somewhere.
    private static let maxPartialDepth = 16

    private let templates: TemplateLibrary
    /// By template: the reads followed at least once, and those a value filled (by id).
    private var evaluated: [String: Set<Int>] = [:]
    private var filled: [String: Set<Int>] = [:]
    /// By template: the part of each read that was not found, the first time it was not.
    private var missingPart: [String: [Int: String]] = [:]
    /// By template: the names it could have been given (what was given and assumed filled where
    /// it was followed), for suggestions.
    private var known: [String: Set<String>] = [:]
    /// By template given values.
    private var given: [String: Given] = [:]

    /// Usage of the templates of `templates`, none recorded yet.
    public init(templates: TemplateLibrary) {
        self.templates = templates
    }

    /// Follows a render of `template` with `values`: which of its names (and its partials') they
    /// fill, and which of their values it reads. Nothing is rendered.
    ///
    /// - Parameters:
    ///   - values: What the view model gave the render.
    ///   - template: The template's name, as the library knows it (`movies/detail`).
    ///   - assumingFilled: Dotted paths that count as filled even where the values lack them:
    ///     values the caller knows appear in other renders than those recorded
    ///     (`form.errors.email` after a refused submission).
    ///   - notGiven: Names of `values` (at their top) that are not the author's to read, so never
    ///     reported as unread (`form`, which FlowHost adds).
    public mutating func record(
        _ values: TemplateValue, template: String, assumingFilled: Set<String> = [], notGiven: Set<String> = []
    ) {
        guard let compiled = templates.compiled[template] else { return }
        var state = given[template] ?? Given()
        Self.collect(values, path: "", skipping: notGiven, into: &state.paths)
        var names = known[template] ?? []
        for path in state.paths.union(assumingFilled) { names.insert(Self.lastPart(of: path)) }
        known[template] = names
        var walk = Walk(root: template, assumed: assumingFilled, names: names, given: state)
        var stack = [Frame(value: values, path: "")]
        walk.follow(compiled.names.nodes, of: template, stack: &stack, usage: &self, depth: 0)
        given[template] = walk.given
    }

    /// Every name the renders recorded so far do not agree on, and every partial included that
    /// is no template, sorted by file and position.
    public var findings: [TemplateNameFinding] {
        var findings: [TemplateNameFinding] = []
        for (template, compiled) in templates.compiled {
            let names = compiled.names
            for case .partial(let partial, let position) in Self.flattened(names.nodes)
            where templates.compiled[partial] == nil {
                findings.append(
                    finding(
                        .unknownPartial, in: template, at: position, name: partial,
                        "partial \"\(partial)\" is no template: it renders nothing"))
            }
            let unfilled = (evaluated[template] ?? []).subtracting(filled[template] ?? [])
            for id in unfilled.sorted() where !names.optional.contains(names.reads[id].name) {
                let read = names.reads[id]
                var message = "\"\(read.name)\" is read here but never filled"
                let part = missingPart[template]?[id] ?? Self.lastPart(of: read.name)
                if let near = Self.nearest(to: part, in: known[template] ?? []) {
                    // For a dotted name, the part that was not found.
                    let meant = read.name == part ? "\"\(near)\"" : "\"\(near)\" for \"\(part)\""
                    message += "; did you mean \(meant)?"
                }
                findings.append(finding(.neverFilled, in: template, at: read.position, name: read.name, message))
            }
        }
        for (template, state) in given {
            findings += unread(state, givenTo: template)
        }
        return findings.sorted {
            ($0.file, $0.line, $0.column, $0.message) < ($1.file, $1.line, $1.column, $1.message)
        }
    }

    // MARK: Following a render

    /// One recorded render being followed.
    private struct Walk {
        let root: String
        let assumed: Set<String>
        let names: Set<String>
        var given: Given

        mutating func follow(
            _ nodes: [TemplateNames.Node], of template: String, stack: inout [Frame], usage: inout TemplateNameUsage,
            depth: Int
        ) {
            for node in nodes {
                switch node {
                case .read(let read):
                    _ = look(up: read, of: template, in: stack, usage: &usage)
                case .section(let read, let inverted, let body):
                    let (value, path, isFilled) = look(up: read, of: template, in: stack, usage: &usage)
                    if inverted {
                        if !TemplateNameUsage.isTruthy(value) {
                            follow(body, of: template, stack: &stack, usage: &usage, depth: depth)
                        }
                        continue
                    }
                    switch value {
                    case .list(let elements)?:
                        for element in elements {
                            stack.append(Frame(value: element, path: path))
                            follow(body, of: template, stack: &stack, usage: &usage, depth: depth)
                            stack.removeLast()
                        }
                    case .bool(true)?:
                        follow(body, of: template, stack: &stack, usage: &usage, depth: depth)
                    case let value? where TemplateNameUsage.isTruthy(value):
                        stack.append(Frame(value: value, path: path))
                        follow(body, of: template, stack: &stack, usage: &usage, depth: depth)
                        stack.removeLast()
                    case nil where isFilled:
                        // Assumed filled in other renders (a field error): its body is judged as
                        // if it showed, over the same values.
                        follow(body, of: template, stack: &stack, usage: &usage, depth: depth)
                    default:
                        break
                    }
                case .partial(let name, _):
                    guard depth < TemplateNameUsage.maxPartialDepth, let partial = usage.templates.compiled[name]
                    else { continue }
                    follow(partial.names.nodes, of: name, stack: &stack, usage: &usage, depth: depth + 1)
                }
            }
        }

        /// Looks `read` up as rendering does, noting what it read and whether it was filled.
        private mutating func look(
            up read: TemplateNames.Read, of template: String, in stack: [Frame], usage: inout TemplateNameUsage
        ) -> (value: TemplateValue?, path: String, isFilled: Bool) {
            usage.evaluated[template, default: []].insert(read.id)
            usage.known[template, default: []].formUnion(names)
            let (value, path, missing) = Self.resolve(read.path, in: stack)
            var prefix = ""
            for part in path.split(separator: ".") {
                prefix = TemplateNameUsage.join(prefix, String(part))
                note(prefix, readBy: read, of: template)
            }
            var isFilled = value != nil
            if !isFilled {
                isFilled = stack.contains { assumed.contains(TemplateNameUsage.join($0.path, read.name)) }
            }
            if isFilled {
                usage.filled[template, default: []].insert(read.id)
            } else if let missing, usage.missingPart[template]?[read.id] == nil {
                usage.missingPart[template, default: [:]][read.id] = missing
            }
            return (value, path, isFilled)
        }

        private mutating func note(_ path: String, readBy read: TemplateNames.Read, of template: String) {
            guard !path.isEmpty, given.read.insert(path).inserted else { return }
            given.firstRead[path] = (template, read.position)
        }

        /// The value `path` names on `stack`, the dotted path of as much of it as was found, and
        /// the first part not found (nil when all were).
        private static func resolve(_ path: [String], in stack: [Frame])
            -> (value: TemplateValue?, path: String, missing: String?)
        {
            guard let first = path.first else { return (stack.last?.value, stack.last?.path ?? "", nil) }
            var found: TemplateValue?
            var foundPath = ""
            for frame in stack.reversed() {
                if case .object(let values) = frame.value, let child = values[TemplateKey(first)] {
                    found = child
                    foundPath = TemplateNameUsage.join(frame.path, first)
                    break
                }
            }
            guard found != nil else { return (nil, "", first) }
            for name in path.dropFirst() {
                guard case .object(let values)? = found, let child = values[TemplateKey(name)] else {
                    return (nil, foundPath, name)
                }
                found = child
                foundPath = TemplateNameUsage.join(foundPath, name)
            }
            return (found, foundPath, nil)
        }
    }

    // MARK: Values never read

    /// The values given to `template` that nothing read, outermost only (a value never read holds
    /// others never read), leaving out those a name never judged might have read.
    private func unread(_ state: Given, givenTo template: String) -> [TemplateNameFinding] {
        guard let compiled = templates.compiled[template] else { return [] }
        let unjudged = unjudgedParts(from: template)
        let unfilled = unfilledReads(from: template)
        var findings: [TemplateNameFinding] = []
        for path in state.paths.subtracting(state.read).sorted() {
            let parent = path.lastIndex(of: ".").map { String(path[..<$0]) }
            let name = Self.lastPart(of: path)
            if let parent, !state.read.contains(parent) { continue }
            if unjudged.contains(name) { continue }
            let place = parent.flatMap { state.firstRead[$0] }
            var message =
                parent.map { "\"\(name)\" is given in \"\($0)\" but never read" }
                ?? "\"\(name)\" is given to \(template) but never read"
            if let near = Self.nearest(to: name, in: Set(unfilled.map(\.part))),
                let read = unfilled.first(where: { $0.part == near })
            {
                message += "; is \"\(read.name)\" at \(read.file):\(read.position) meant to read it?"
            }
            let file = place.flatMap { templates.compiled[$0.template]?.names.file } ?? compiled.names.file
            findings.append(
                TemplateNameFinding(
                    kind: .neverRead, template: place?.template ?? template, file: file,
                    line: place?.position.line ?? 1, column: place?.position.column ?? 1, name: path, message: message))
        }
        return findings
    }

    /// The templates a render of `template` may follow: it and the partials it includes, and
    /// theirs.
    private func reach(from template: String) -> [String] {
        var reached = [template]
        var index = 0
        while index < reached.count {
            for case .partial(let name, _) in Self.flattened(templates.compiled[reached[index]]?.names.nodes ?? [])
            where templates.compiled[name] != nil && !reached.contains(name) {
                reached.append(name)
            }
            index += 1
        }
        return reached
    }

    /// The parts of every name within reach of `template` that was never followed.
    private func unjudgedParts(from template: String) -> Set<String> {
        var parts: Set<String> = []
        for name in reach(from: template) {
            guard let names = templates.compiled[name]?.names else { continue }
            let followed = evaluated[name] ?? []
            for read in names.reads where !followed.contains(read.id) { parts.formUnion(read.path) }
        }
        return parts
    }

    /// A name followed and never filled: the part not found, the name, where it is.
    private typealias UnfilledRead = (part: String, name: String, file: String, position: SourcePosition)

    /// The names within reach of `template` that were followed and never filled, and are not
    /// optional.
    private func unfilledReads(from template: String) -> [UnfilledRead] {
        reach(from: template).flatMap { name -> [UnfilledRead] in
            guard let names = templates.compiled[name]?.names else { return [] }
            let unfilled = (evaluated[name] ?? []).subtracting(filled[name] ?? []).filter {
                !names.optional.contains(names.reads[$0].name)
            }
            return unfilled.sorted().map { id in
                let read = names.reads[id]
                return (missingPart[name]?[id] ?? Self.lastPart(of: read.name), read.name, names.file, read.position)
            }
        }
    }

    // MARK: Helpers

    private func finding(
        _ kind: TemplateNameFinding.Kind, in template: String, at position: SourcePosition, name: String,
        _ message: String
    ) -> TemplateNameFinding {
        TemplateNameFinding(
            kind: kind, template: template, file: templates.compiled[template]?.names.file ?? template,
            line: position.line, column: position.column, name: name, message: message)
    }

    /// Every dotted path `value` gives under `path` (a list's elements under the list's own),
    /// leaving out the top-level names `skipping`.
    private static func collect(
        _ value: TemplateValue, path: String, skipping: Set<String>, into paths: inout Set<String>
    ) {
        switch value {
        case .object(let values):
            for (key, child) in values where !(path.isEmpty && skipping.contains(key.name)) {
                let childPath = join(path, key.name)
                paths.insert(childPath)
                collect(child, path: childPath, skipping: [], into: &paths)
            }
        case .list(let elements):
            for element in elements { collect(element, path: path, skipping: skipping, into: &paths) }
        default:
            break
        }
    }

    private static func flattened(_ nodes: [TemplateNames.Node]) -> [TemplateNames.Node] {
        nodes.flatMap { node -> [TemplateNames.Node] in
            if case .section(_, _, let body) = node { return [node] + flattened(body) }
            return [node]
        }
    }

    private static func isTruthy(_ value: TemplateValue?) -> Bool {
        switch value {
        case nil, .null?, .bool(false)?: false
        case .list(let elements)?: !elements.isEmpty
        default: true
        }
    }

    private static func join(_ path: String, _ name: String) -> String {
        path.isEmpty ? name : path + "." + name
    }

    private static func lastPart(of path: String) -> String {
        path.lastIndex(of: ".").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// The name of `candidates` spelled most like `name` (one edit away for a short name, two for
    /// a longer one; a swap of neighbours is one edit), if one is that near and is not `name`.
    static func nearest(to name: String, in candidates: Set<String>) -> String? {
        let limit = name.count <= 4 ? 1 : 2
        var best: (distance: Int, name: String)?
        for candidate in candidates.sorted() where candidate != name {
            let distance = editDistance(Array(name), Array(candidate))
            if distance <= limit, distance < best?.distance ?? .max { best = (distance, candidate) }
        }
        return best?.name
    }

    /// Insertions, deletions, substitutions and swaps of neighbours that turn `a` into `b`
    /// (optimal string alignment).
    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
                }
            }
        }
        return rows[a.count][b.count]
    }
}
