import FlowHostApp
import Foundation
import HTMLPages
import HTMLPresenter
import Hummingbird

extension FlowHostResponder {
    /// The owner's studies made without code: `/_flowhost/studies/new` (GET: the form, with the
    /// study just saved when the query says `made=ID`; POST: saves it) and
    /// `/_flowhost/studies/<id>/study.json`.
    func studyForm(_ route: FlowHostRoute, request: Request, log: inout RequestLog) async throws -> Response {
        if case .studyFile(let id) = route { return try await studyFile(id, request: request) }
        let choices = try await studyChoices()
        guard request.method == .post else {
            let made = try await madeStudy(named: request.uri.queryParameters.get("made"))
            return responses.page(
                ByteBuffer(
                    string: host.renderer.renderStudyForm(StudyDraft(), choices: choices, made: made, links: .served)))
        }
        return try await saveStudy(request, choices: choices)
    }

    /// `POST /_flowhost/studies/new`: the study the form makes, kept in the store under an id made
    /// from its title (another study's id is never taken), its link opening as a study file's
    /// does; then `303` to the form, which shows the link. A form that makes no study is shown
    /// again with what was typed and every reason (`422`); another site's post is `403`. Nothing
    /// is stored for a refusal.
    private func saveStudy(_ request: Request, choices: StudyDraft.Choices) async throws -> Response {
        if let refusal = crossSiteRefusal(request) { return refusal }
        let fields: FormFields
        switch await readForm(request) {
        case .success(let read): fields = read
        case .failure(let refusal): return refusal.response
        }
        let draft = StudyDraft(fields: fields)
        func refused(_ reasons: [String]) -> Response {
            responses.page(
                ByteBuffer(
                    string: host.renderer.renderStudyForm(draft, choices: choices, problems: reasons, links: .served)),
                status: .unprocessableContent)
        }
        let study: Study
        switch draft.study(choosingFrom: choices) {
        case .success(let made): study = made
        case .failure(let problems): return refused(problems.reasons)
        }
        let made: (id: String, link: String)?
        do {
            made = try await host.addStudy(
                study, idBase: StudyDraft.id(ofTitle: study.title), candidates: Self.maxStudiesPerTitle)
        } catch StudyRecordError.tooManyStudies(let limit) {
            host.studiesFull.hit(host.logger)
            return refused([
                "The store keeps \(limit) studies, its limit: start the server with a larger --max-studies."
            ])
        }
        guard let (id, link) = made else {
            return refused(["There are \(Self.maxStudiesPerTitle) studies with this title already: give it another."])
        }
        host.logger.info("study \(id) made on the map; testers open \(FlowHostRoute.study(link: link).url)")
        return responses.redirect(to: FlowHostRoute.newStudy.url + "?made=" + id)
    }

    /// How many studies may share a title (`rating`, `rating-2`, …) before the form asks for another.
    static let maxStudiesPerTitle = 100

    /// `GET /_flowhost/studies/<id>/study.json`: the study `id` as a study file
    /// (`FlowHostApp/StudyFile`), to save as `Studies/<id>.json`; `404` for no such study.
    private func studyFile(_ id: String, request: Request) async throws -> Response {
        guard let stored = try await host.paths.study(id: id) else { return notFound(request) }
        let encoder = JSONEncoder()
        // A study file's own order (title, tasks; prompt, start, goal, expected), as people write it.
        encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
        var response = responses.json(bytes: try encoder.encode(stored.study))
        response.headers[.contentDisposition] = "attachment; filename=\"\(id).json\""
        return response
    }

    /// The starts and screens the form offers: the live map's crawl's entries and storyboard
    /// screens (an empty window's screen, which has no name, is none).
    private func studyChoices() async throws -> StudyDraft.Choices {
        let live = try await host.liveMap()
        return StudyDraft.Choices(
            starts: live.map.entries.map(\.label),
            screens: live.traffic.storyboard.screens.filter { !$0.id.isEmpty && !$0.template.isEmpty }.map {
                (id: $0.id, template: $0.template)
            })
    }

    /// The study `id` names, as the form shows it once saved; nil for none.
    private func madeStudy(named id: String?) async throws -> PageRenderer.MadeStudy? {
        guard let id, StudyFile.isID(id), let stored = try await host.paths.study(id: id) else { return nil }
        return PageRenderer.MadeStudy(
            id: id, title: stored.study.title,
            linkURL: FlowHostRoute.study(link: try await host.studyLink(ofStudy: id)).url,
            expires: Self.dateText(stored.expires))
    }
}
