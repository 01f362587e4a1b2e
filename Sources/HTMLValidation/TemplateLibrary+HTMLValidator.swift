import HTMLTemplates

/// A template library as apps load it: each template's HTML checked by ``HTMLValidator``.
extension TemplateLibrary {
    /// Loads every `.mustache` file under `directory`, named by its path without the extension
    /// (`Templates/movies/detail.mustache` is `movies/detail`), its HTML checked by libxml2.
    ///
    /// - Throws: `TemplateLoadError` listing every problem as `file:line:column: message`.
    public init(directory: String) throws(TemplateLoadError) {
        try self.init(directory: directory, checkingMarkupWith: HTMLValidator())
    }

    /// Templates given as source text by name, for tests and tools, their HTML checked by libxml2.
    public init(templates: [String: String]) throws(TemplateLoadError) {
        try self.init(templates: templates, checkingMarkupWith: HTMLValidator())
    }

    /// Loads every template of `directory` that has no problem (its HTML checked by libxml2), and
    /// lists the others in `problems` instead of throwing: a server that watches its templates
    /// starts all the same and shows the problems on its pages until they are fixed.
    public static func loadingValid(directory: String) -> TemplateLibrary {
        loadingValid(directory: directory, checkingMarkupWith: HTMLValidator())
    }
}
