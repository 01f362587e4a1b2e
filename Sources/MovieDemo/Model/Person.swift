/// Someone in a movie's cast.
struct Person: Codable, Sendable, Identifiable, Equatable {
    let id: Int
    let name: String
}
