extension Substring {
    /// Without the optional whitespace (spaces and tabs) HTTP allows around list elements.
    func trimmingOWS() -> Substring {
        let isOWS: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isOWS($0) }), let end = lastIndex(where: { !isOWS($0) }) else {
            return ""
        }
        return self[start...end]
    }
}
