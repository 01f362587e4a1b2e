import HTTPTypes

extension HTTPFields {
    /// The value of the field `name`, as the `subscript(_:)` getter gives it, read in one pass over
    /// the fields: the value of the one field a request carries is returned as it is, where the
    /// subscript joined it through a lazy sequence for every request (0.6 % of a round trip's CPU,
    /// most of it the action's `Sec-Fetch-Site`). Several fields of that name, which no browser
    /// sends, are joined as the subscript joins them.
    func value(of name: HTTPField.Name) -> String? {
        var found: String?
        for field in self where field.name == name {
            guard found == nil else { return self[name] }
            found = field.value
        }
        return found
    }

    /// How many fields are named `name`, counted without an array of them.
    func count(of name: HTTPField.Name) -> Int {
        reduce(0) { $1.name == name ? $0 + 1 : $0 }
    }
}

extension HTTPField.Name {
    /// `Host`: HTTP/1.1's first one becomes the request's authority, a second one stays a field.
    static let host = HTTPField.Name("Host")!
}
