import HTMLPresenter

extension Movie {
    /// The movie's poster: `Public/posters/<id>.svg`, drawn from its tint and initials by
    /// `scripts/make-posters`; the page writes where it is served or exported.
    var poster: TemplateValue { .publicFile("posters/\(id).svg") }
}
