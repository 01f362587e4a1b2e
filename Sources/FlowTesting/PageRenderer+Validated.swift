import HTMLPages
import HTMLPresenter

extension PageRenderer {
    /// Renders `tree` with `links` (a served page's, by default) and checks the page with
    /// `HTMLValidator`: tests see broken pages as errors.
    ///
    /// - Throws: `RenderError`, or ``InvalidPageError`` listing the page's problems.
    public func validatedPage(_ tree: ScreenTree, links: PageLinks = .snapshot) throws -> String {
        let html = try render(tree, links: links)
        let problems = HTMLValidator.problems(in: html)
        guard problems.isEmpty else { throw InvalidPageError(problems: problems) }
        return html
    }
}

/// A rendered page that is not valid HTML.
public struct InvalidPageError: Error, CustomStringConvertible {
    /// What is wrong, with positions in the page.
    public let problems: [HTMLProblem]

    /// One problem per line.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
