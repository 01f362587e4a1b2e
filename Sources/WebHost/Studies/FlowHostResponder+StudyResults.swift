import FlowHostApp
import Foundation
import HTMLPresenter
import Hummingbird

/// The owner's study routes (only with the inspector on, else `404` like it): the list, each
/// study's results as a page, JSON and CSV, and a tester's part opened as a fresh session.
extension FlowHostResponder {
    /// Dispatches a study results route; `404` for all of them when the inspector is off.
    func studyResults(_ route: FlowHostRoute, request: Request, log: inout RequestLog) async throws -> Response {
        guard host.configuration.showsInspector else { return notFound(request) }
        do {
            switch route {
            case .studies:
                let studies = try await host.listedStudies(origin: allowedHosts.origin)
                return responses.page(ByteBuffer(string: host.renderer.renderStudies(studies)))
            case .studiesJSON:
                return try responses.json(try await host.listedStudies(origin: allowedHosts.origin))
            case .studyResults(let id, let format):
                return try await studyResults(id, format: format)
            case .openTesterPart(let study):
                return try await openTesterPart(ofStudy: study, request: request, log: &log)
            default:
                return notFound(request)
            }
        } catch let error as ClickPathStoreError {
            host.logger.warning("click path store: \(error)")
            return responses.storeUnavailable()
        }
    }

    /// The results of the study `id` as `format` asks; `404` saying so for a study the store does
    /// not have.
    private func studyResults(_ id: String, format: FlowHostRoute.StudyResultsFormat) async throws -> Response {
        guard let (study, results, live) = try await host.studyResults(id: id) else { return studyNotFound(id) }
        switch format {
        case .json:
            return try responses.json(StudyResultsJSON(study, results))
        case .csv:
            var headers = HTTPFields()
            headers[.contentType] = "text/csv; charset=utf-8"
            headers[.contentDisposition] = "attachment; filename=\"\(id).csv\""
            headers[.cacheControl] = "no-store"
            return Response(
                status: .ok, headers: headers,
                body: ResponseBody(byteBuffer: ByteBuffer(string: StudyResultsCSV.text(study, results))))
        case .html:
            return responses.page(ByteBuffer(string: host.studyResultsPage(study, results, on: live)))
        }
    }

    /// `POST /_flowhost/studies/<id>/open` (`tester`, `started`, `task`): a fresh session replayed
    /// to that tester's part of the task (from the task's start), then `303` to its screen, where
    /// Back to here works as in any session; a `409` when the tester at that index is no longer the
    /// one the results page showed (`started` differs). Same-origin only.
    private func openTesterPart(ofStudy id: String, request: Request, log: inout RequestLog) async throws -> Response {
        if let refusal = crossSiteRefusal(request) { return refusal }
        let fields: FormFields
        switch await readForm(request) {
        case .success(let form): fields = form
        case .failure(let refusal): return refusal.response
        }
        let results = FlowHostRoute.studyResults(id: id, .html).url
        guard let tester = fields["tester"].flatMap({ $0.utf8.count <= 9 ? Int($0) : nil }),
            let started = fields["started"].flatMap({ $0.utf8.count <= 18 ? Int64($0) : nil }),
            let task = fields["task"].flatMap({ $0.utf8.count <= 9 ? Int($0) : nil })
        else {
            return responses.message(
                .badRequest, title: "Which tester?",
                message: "Opening a tester's path needs their number, when they started and the task's number, "
                    + "as the results page sends them. Nothing was opened.",
                linkTitle: "The study's results", linkURL: results)
        }
        let path: ClickPath
        switch try await host.testerPart(ofStudy: id, tester: tester, started: started, task: task) {
        case .part(let part):
            path = part
        case .none:
            return responses.message(
                .notFound, title: "No such tester's path",
                message:
                    "The study \(id) has no tester \(tester + 1) who started task \(task + 1). Nothing was opened.",
                linkTitle: "All studies", linkURL: FlowHostRoute.studies.url)
        case .moved:
            return responses.message(
                .conflict, title: "The testers moved",
                message: "A tester started the study again since this results page was shown, so tester \(tester + 1) "
                    + "is now someone else. Nothing was opened: open the results again and choose again.",
                linkTitle: "The study's results", linkURL: results)
        }
        let session = await host.startSession(
            replaying: path, replayNotice: "Opened as far as the tester's clicks still fit this prototype")
        log.session = session.id
        let outcome = try await host.change(session, .none)
        guard case .page(let page, _, _) = outcome else { return responses.redirect(to: FlowHostRoute.root.url) }
        var response = responses.redirect(to: page.url)
        response.setCookie(responses.sessionCookie(session.id))
        return response
    }

    private func studyNotFound(_ id: String) -> Response {
        responses.message(
            .notFound, title: "No such study",
            message: "No study of this prototype has the id \(id). A study is a file in the package's Studies "
                + "folder, kept in the store at start.", linkTitle: "All studies", linkURL: FlowHostRoute.studies.url)
    }
}
