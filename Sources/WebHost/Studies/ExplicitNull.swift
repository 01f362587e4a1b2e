/// An optional figure that a JSON answer writes as `null` when it is unknown, rather than leaving its
/// key out as a synthesized `Encodable` does: a reader of `/_flowhost/studies/<id>.json` finds every
/// key, and tells "not known" from "not sent".
@propertyWrapper
struct ExplicitNull<Value: Encodable>: Encodable {
    var wrappedValue: Value?

    init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}
