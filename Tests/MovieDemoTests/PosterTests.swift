import Foundation
import Testing

@testable import MovieDemo

@MainActor
@Suite("Posters in Public/")
struct PosterTests {
    static let posters = DemoDriver.root.appending(path: "Public/posters")

    @Test("every movie has its poster, with its title and initials (scripts/make-posters draws them)")
    func everyMovieHasItsPoster() throws {
        for movie in MovieCatalog.bundled.movies {
            let file = Self.posters.appending(path: "\(movie.id).svg")
            let svg = try #require(
                try? String(contentsOf: file, encoding: .utf8), "no poster for \(movie.title): run scripts/make-posters"
            )
            let title = movie.title.replacingOccurrences(of: "&", with: "&amp;")
            #expect(svg.contains("<title>\(title)</title>"), "\(file.lastPathComponent) is not \(movie.title)'s poster")
            #expect(
                svg.contains(">\(movie.initials)</text>"), "\(file.lastPathComponent) does not show \(movie.initials)")
            #expect(movie.poster == .publicFile("posters/\(movie.id).svg"))
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.posters.path)
        #expect(files.sorted() == MovieCatalog.bundled.movies.map { "\($0.id).svg" }.sorted(), "no stray posters")
    }
}
