/// What a template reads, from its tokens: every name with where it is written, the sections the
/// names sit in (a name inside `{{#movies}}` is looked up in each movie first), the partials it
/// includes and the names it marks optional (`{{! optional: subtitle form.errors.name }}`).
///
/// It is kept beside the compiled nodes, apart from how rendering looks names up, so that
/// ``TemplateNameUsage`` can follow a render's lookups and say which names nothing fills and which
/// given values nothing reads.
struct TemplateNames: Sendable {
    /// One name as the template writes it.
    struct Read: Sendable {
        /// Its parts (`movie.director.name` is three); empty for `.`, the current value.
        let path: [String]
        /// As written: `movie.director.name`.
        let name: String
        /// Where its tag starts.
        let position: SourcePosition
        /// Its number in the template, from 0, in source order.
        let id: Int
    }

    indirect enum Node: Sendable {
        /// `{{name}}`, `{{{name}}}` or `{{&name}}`.
        case read(Read)
        /// `{{#name}}` or `{{^name}}` and what it holds.
        case section(Read, inverted: Bool, body: [Node])
        /// `{{> name}}`.
        case partial(String, SourcePosition)
    }

    /// The word that starts a comment naming optional names: `{{! optional: subtitle }}`.
    static let optionalMarker = "optional:"

    /// The template's file, as its library names it.
    let file: String
    /// Its names, sections and partials, in source order.
    let nodes: [Node]
    /// Every ``Read``, by id.
    let reads: [Read]
    /// The names its `{{! optional: ... }}` comments list, as written.
    let optional: Set<String>

    /// The names of the template whose tokens are `tokens` (sections already known to pair up: the
    /// compiler checked them) and whose text is `source`.
    init(tokens: [MustacheTokenizer.Token], file: String, source: String) {
        self.file = file
        var builder = Builder(tokens: tokens, source: Array(source.utf8))
        nodes = builder.build()
        reads = builder.reads
        optional = builder.optional
    }

    private struct Builder {
        let tokens: [MustacheTokenizer.Token]
        let source: [UInt8]
        var index = 0
        var reads: [Read] = []
        var optional: Set<String> = []

        mutating func build() -> [Node] {
            var nodes: [Node] = []
            while index < tokens.count {
                let token = tokens[index]
                index += 1
                switch token.kind {
                case .text: break
                case .variable, .rawVariable: nodes.append(.read(read(token)))
                case .section, .invertedSection:
                    let opened = read(token)
                    nodes.append(.section(opened, inverted: token.kind == .invertedSection, body: build()))
                case .close: return nodes
                case .partial: nodes.append(.partial(token.content, token.position))
                case .comment: optional.formUnion(optionalNames(in: token.range))
                }
            }
            return nodes
        }

        private mutating func read(_ token: MustacheTokenizer.Token) -> Read {
            let path = token.content == "." ? [] : token.content.split(separator: ".").map(String.init)
            reads.append(Read(path: path, name: token.content, position: token.position, id: reads.count))
            return reads[reads.count - 1]
        }

        /// The names a comment `{{! optional: a b, c }}` lists; none for any other comment.
        private func optionalNames(in range: Range<Int>) -> [String] {
            // The tag without its `{{!` and `}}`.
            let inner = String(decoding: source[(range.lowerBound + 3)..<(range.upperBound - 2)], as: UTF8.self)
            let text = inner.drop { $0.isWhitespace }
            guard text.hasPrefix(TemplateNames.optionalMarker) else { return [] }
            return text.dropFirst(TemplateNames.optionalMarker.count).split { $0.isWhitespace || $0 == "," }
                .map(String.init)
        }
    }
}
