import FlowCore

/// Maps `/link/...` paths to steps. A pattern is slash-separated; a segment starting with `:`
/// captures that part of the path. The first pattern that matches and returns a step wins; a path
/// no pattern maps answers 404.
///
/// ```swift
/// let links = DeepLinks()
///     .adding("movies") { _ in MovieStep.movieList }
///     .adding("movies/:id") { parameters in Int(parameters["id"]!).map { MovieStep.movieDetail(id: $0) } }
/// let step = links.step(for: "movies/3")  // MovieStep.movieDetail(id: 3)
/// ```
public struct DeepLinks: Sendable {
    /// Turns a matched path's captured segments into a step, or nil when they name nothing.
    public typealias Resolve = @Sendable (_ parameters: [String: String]) -> (any Step)?

    private var routes: [(segments: [Substring], resolve: Resolve)] = []

    /// No links.
    public init() {}

    /// These links and one more.
    public func adding(_ pattern: String, _ resolve: @escaping Resolve) -> DeepLinks {
        var links = self
        links.routes.append((pattern.split(separator: "/"), resolve))
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
