/// A name in a ``TemplateValue/object(_:)``, hashed once when it is made. A render looks a tag's
/// name up in each enclosing value, innermost first, until one has it: with `String` keys the name
/// was hashed again at every level, with these only the hash taken at compile time is combined.
///
/// A string literal makes one, so view models write their values as before; a name known only at
/// run time is wrapped:
///
/// ```swift
/// let field = "email"
/// var values: [TemplateKey: TemplateValue] = ["title": "Sign in"]
/// values[TemplateKey(field)] = "Required"
/// ```
public struct TemplateKey: Hashable, Sendable {
    /// The name, as a template writes it in a tag.
    public let name: String
    /// `name`'s own hash, seeded per process as every `String` hash is: names chosen to collide
    /// cannot be worked out in advance any more than with `String` keys.
    private let nameHash: Int

    /// The key `name`.
    public init(_ name: String) {
        self.name = name
        nameHash = name.hashValue
    }

    /// Feeds the hash taken when the key was made, not the name's bytes again.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(nameHash)
    }

    /// Whether both name the same value (the hashes first: keys that differ mostly differ there).
    public static func == (lhs: TemplateKey, rhs: TemplateKey) -> Bool {
        lhs.nameHash == rhs.nameHash && lhs.name == rhs.name
    }
}

extension TemplateKey: ExpressibleByStringLiteral {
    /// The key the literal names.
    public init(stringLiteral value: String) { self.init(value) }
}

extension TemplateKey: CustomStringConvertible {
    /// The name.
    public var description: String { name }
}
