import FlowHostApp
import HTMLPresenter
import Hummingbird

extension FlowHostResponder {
    /// `/study/<link>`: GET is the study's welcome page (its title, how many tasks, Start); POST,
    /// Start, makes a tester in a new session of their own and `303` to the first task's screen.
    /// A link no study has is `404`; one expired or revoked is `410`, saying which; the study's
    /// bound of testers answers `503` (logged once); a post from another site is `403`. Nothing is
    /// stored for a refused start.
    func study(_ link: String, request: Request, log: inout RequestLog) async throws -> Response {
        if request.method == .post, let refusal = crossSiteRefusal(request) { return refusal }
        guard OpaqueToken(link) != nil else { return studyRefusal(.noSuchStudyLink) }
        guard request.method == .post else { return await welcome(link) }
        let started: (Session, SessionHost.Outcome)
        do {
            started = try await host.startTester(fromStudyLink: link)
        } catch SessionHost.TesterRefusal.refused(let error) {
            return studyRefusal(error)
        } catch SessionHost.TesterRefusal.storeFailed {
            return responses.storeUnavailable()
        }
        let (session, outcome) = started
        log.session = session.id
        var response: Response
        switch outcome {
        case .page(let page, _, let pathLength):
            response = responses.redirect(to: page.url, pathLength: pathLength, of: session.id)
        case .storeUnavailable, .refused, .ended:
            response = responses.redirect(to: FlowHostRoute.root.url)
        }
        response.setCookie(responses.sessionCookie(session.id))
        return response
    }

    /// `POST /_study/done` and `/_study/give-up`: the tester's task under way ends as `end`, then
    /// `303` to the next task's screen, or to the thank-you page after the last. Same-origin only.
    func endTask(_ end: SessionHost.TaskEnd, request: Request, log: inout RequestLog) async throws -> Response {
        if let refusal = crossSiteRefusal(request) { return refusal }
        let noTask = responses.message(
            .conflict, title: "No task under way",
            message: "This browser is doing no task of a study now. Nothing was recorded.")
        guard let session = try await existingSession(request, log: &log),
            let outcome = try await host.endTask(end, of: session, clientGone: log.clientGone)
        else { return noTask }
        return afterTask(outcome, of: session)
    }

    /// `GET /_study/thanks`: the page after a study's last task, for the tester who finished it;
    /// `303` to `/` for anyone else.
    func studyThanks(_ request: Request, log: inout RequestLog) async throws -> Response {
        guard let session = try await existingSession(request, log: &log), session.isFinishedTester else {
            return responses.redirect(to: FlowHostRoute.root.url)
        }
        return responses.page(
            ByteBuffer(
                string: host.renderer.renderStudyPage(
                    title: "Thank you", message: "You did every task of this study. You can close this page now.",
                    links: .served)))
    }

    /// The answer to a change of a tester's session (a task ended, an action reached a goal): the
    /// thank-you page once their last task ended, else the page the change led to.
    func afterTask(_ outcome: SessionHost.Outcome, of session: Session) -> Response {
        if session.isFinishedTester { return responses.redirect(to: FlowHostRoute.studyThanks.url) }
        switch outcome {
        case .page(let page, _, let pathLength):
            return responses.redirect(to: page.url, pathLength: pathLength, of: session.id)
        case .storeUnavailable:
            return responses.storeUnavailable()
        case .refused, .ended:
            return responses.redirect(to: FlowHostRoute.root.url)
        }
    }

    /// The welcome page of the study whose link is `link`, or why the link opens nothing.
    private func welcome(_ link: String) async -> Response {
        let stored: StoredStudy?
        do {
            stored = try await host.paths.study(link: link)
        } catch {
            host.logger.warning("click path store: \(error)")
            return responses.storeUnavailable()
        }
        guard let stored else { return studyRefusal(.noSuchStudyLink) }
        if let refusal = StudyRecordError.refusal(opening: stored.status) { return studyRefusal(refusal) }
        let count = stored.study.tasks.count
        let message =
            "\(count == 1 ? "One task" : "\(count) tasks") in a prototype of an app. Each is shown above the "
            + "phone: do it there as you would on your own phone, then say \"I'm done\", or \"Give up\" if you "
            + "are stuck (that helps too). It is the prototype we test, not you; nothing you type is shown to anyone."
        return responses.page(
            ByteBuffer(
                string: host.renderer.renderStudyPage(
                    title: stored.study.title, message: message, formURL: FlowHostRoute.study(link: link).url,
                    buttonTitle: "Start", links: .served)))
    }

    /// The page of a study link that opens nothing, or of a study that has its testers.
    private func studyRefusal(_ error: StudyRecordError) -> Response {
        switch error {
        case .noSuchStudyLink:
            return responses.message(
                .notFound, title: "Study link not found",
                message: "No study of this prototype has this link. Check that it was copied whole.",
                linkTitle: "Open the prototype")
        case .studyLinkExpired:
            return responses.message(
                .gone, title: "This study link expired",
                message: "The study no longer takes testers. Thank you for coming by.", linkTitle: "Open the prototype")
        case .studyLinkRevoked:
            return responses.message(
                .gone, title: "This study link was revoked",
                message: "Its owner closed the study: it takes no more testers. Thank you for coming by.",
                linkTitle: "Open the prototype")
        case .tooManyTesters, .eventStartMismatch, .tooManyEvents, .tooManyStudies:
            return responses.message(
                .serviceUnavailable, title: "This study is full",
                message: "It has all the testers it can keep, so it takes no more. Thank you for coming by. "
                    + "Nothing was recorded.",
                linkTitle: "Open the prototype")
        }
    }
}
