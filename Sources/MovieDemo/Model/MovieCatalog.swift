import Foundation

/// The bundled movies and people (`Resources/movies.json`), loaded once.
struct MovieCatalog: Sendable {
    let movies: [Movie]
    private let moviesByID: [Int: Movie]
    private let peopleByID: [Int: Person]

    /// The catalog shipped with the sample.
    static let bundled: MovieCatalog = {
        guard let url = Bundle.module.url(forResource: "movies", withExtension: "json"),
            let data = try? Data(contentsOf: url),
            let file = try? JSONDecoder().decode(File.self, from: data)
        else { preconditionFailure("MovieDemo's Resources/movies.json is missing or malformed") }
        return MovieCatalog(movies: file.movies, people: file.people)
    }()

    init(movies: [Movie], people: [Person]) {
        self.movies = movies
        moviesByID = Dictionary(uniqueKeysWithValues: movies.map { ($0.id, $0) })
        peopleByID = Dictionary(uniqueKeysWithValues: people.map { ($0.id, $0) })
    }

    func movie(_ id: Int) -> Movie? { moviesByID[id] }
    func person(_ id: Int) -> Person? { peopleByID[id] }

    /// The cast of `movie`, in billing order.
    func cast(of movie: Movie) -> [Person] { movie.cast.compactMap(person) }

    /// The movies `person` plays in, newest first.
    func movies(with person: Person) -> [Movie] {
        movies.filter { $0.cast.contains(person.id) }.sorted { $0.year > $1.year }
    }

    private struct File: Codable {
        let movies: [Movie]
        let people: [Person]
    }
}
