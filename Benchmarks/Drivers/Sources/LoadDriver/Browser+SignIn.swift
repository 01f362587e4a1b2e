extension Browser {
    /// Starts a session and signs in with the demo account (which waits 300 ms by design).
    /// - Returns: the movie list it lands on.
    mutating func signIn() async throws -> Answer {
        var path = "/"
        var page = try await get(path)
        for _ in 0..<5 where page.status == 303 {
            path = try page.redirect()
            page = try await get(path)
        }
        guard session != nil else { throw LoadFailure("GET / set no \(Self.sessionCookie) cookie") }
        let action = try page.page(showing: MovieDemo.signInTitle).action(before: MovieDemo.emailField)
        let movies = try await post(action, form: MovieDemo.signInForm).redirect()
        return try await get(movies).page(showing: MovieDemo.moviesTitle)
    }
}
