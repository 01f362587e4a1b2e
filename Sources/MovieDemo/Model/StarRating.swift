/// Five stars, `filled` of them filled: "★★★★☆".
func starRating(_ filled: Int) -> String {
    String(repeating: "★", count: filled) + String(repeating: "☆", count: 5 - filled)
}
