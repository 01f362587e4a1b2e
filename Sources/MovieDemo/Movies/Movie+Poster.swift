import HTMLPresenter

extension Movie {
    /// Where the page finds the movie's poster: `Public/posters/<id>.svg`, drawn from its tint and
    /// initials by `scripts/make-posters` and served at `/public/`.
    var posterURL: String { FlowHostRoute.publicFile("posters/\(id).svg").url }
}
