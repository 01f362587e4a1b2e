import HTMLPages
import HTMLPresenter

extension SessionHost {
    /// Loads the templates again from their folder (``TemplateLibrary/reloaded()``: a file with a
    /// problem keeps its last good version and the pages show the problem), renders with them from
    /// now on, and redraws every session in memory. Returns the problems, empty when all loaded.
    @discardableResult
    func reloadTemplates() async -> [TemplateProblem] {
        let templates = currentRenderer.withLock { renderer in
            renderer = PageRenderer(templates: renderer.templates.reloaded())
            return renderer.templates
        }
        if templates.problems.isEmpty {
            logger.info("templates reloaded: \(templates.names.count) templates, no problems")
        } else {
            for problem in templates.problems { logger.error("\(problem)") }
        }
        flowMap.templatesChanged()
        await redrawSessions()
        // The actions a comment's path names may have moved with the templates.
        if configuration.allowsComments { tasks.start { [self] in await replayComments() } }
        return templates.problems
    }

    /// Every session in memory captures and renders its screen again, and its open pages move to
    /// the new page (templates or static files changed). A hibernated session needs nothing: it is
    /// rendered anew when it comes back.
    func redrawSessions() async {
        let sessions = store.all
        await MainActor.run {
            for session in sessions { session.scene?.window.setNeedsDisplay() }
        }
    }
}
