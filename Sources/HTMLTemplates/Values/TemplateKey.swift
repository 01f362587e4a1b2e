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

    /// The hash a dictionary places the key by: the name's hash taken when the key was made, mixed
    /// with the dictionary's own seed (each dictionary orders its keys its own way, as with any
    /// key) by a multiply and a fold instead of a whole `Hasher` run. A render looks up every tag's
    /// name in one dictionary per context level, and `Hasher`'s set-up and finalization were most
    /// of each lookup. `nameHash` is `String`'s seeded hash, so keys chosen to collide still cannot
    /// be worked out in advance.
    public func _rawHashValue(seed: Int) -> Int {
        let mixed = UInt64(UInt(bitPattern: nameHash ^ seed)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 32))
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
