import FlowCore

/// Maps `/link/...` paths to steps. A pattern is slash-separated; a segment starting with `:`
/// captures that part of the path. The first pattern that matches and returns a step wins; a path
/// no pattern maps answers 404.
///
/// ```swift
/// let links = DeepLinks()
///     .adding("movies") { _ in MovieStep.movieList }
///     .adding("movies/:id", examples: [["id": "3"]]) { parameters in
///         Int(parameters["id"]!).map { MovieStep.movieDetail(id: $0) }
///     }
/// let step = links.step(for: "movies/3")  // MovieStep.movieDetail(id: 3)
/// ```
///
/// A pattern's examples are values for its captures; the crawler (`flowhost map`, `flowhost
/// export`) opens a window by each.
public struct DeepLinks: Sendable {
    /// Turns a matched path's captured segments into a step, or nil when they name nothing.
    public typealias Resolve = @Sendable (_ parameters: [String: String]) -> (any Step)?

    /// What a deep link's URL starts with: `/link/movies/3` opens the path `movies/3`.
    public static let pathPrefix = "/link/"

    private var routes: [(segments: [Substring], resolve: Resolve)] = []
    /// Every declared example, as a path (what follows `/link/`), in the order declared.
    public private(set) var examplePaths: [String] = []

    /// No links.
    public init() {}

    /// These links and one more; `examples` are values for the pattern's captures (`["id": "3"]`)
    /// that name something, for the crawler.
    public func adding(_ pattern: String, examples: [[String: String]] = [], _ resolve: @escaping Resolve)
        -> DeepLinks
    {
        var links = self
        let segments = pattern.split(separator: "/")
        links.routes.append((segments, resolve))
        for example in examples {
            links.examplePaths.append(
                segments.map { segment in
                    segment.first == ":" ? example[String(segment.dropFirst()), default: ""] : String(segment)
                }.joined(separator: "/"))
        }
        return links
    }

    /// The step for `path` (what follows `/link/`, already percent-decoded), or nil.
    public func step(for path: String) -> (any Step)? {
        let parts = path.split(separator: "/")
        for route in routes where route.segments.count == parts.count {
            var parameters: [String: String] = [:]
            let matches = zip(route.segments, parts).allSatisfy { segment, part in
                guard segment.first == ":" else { return segment == part }
                parameters[String(segment.dropFirst())] = String(part)
                return true
            }
            if matches, let step = route.resolve(parameters) { return step }
        }
        return nil
    }
}
