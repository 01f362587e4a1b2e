import FlowHostApp
import HTMLPages
import HTMLPresenter

extension PageRenderer {
    /// A study the New study form just saved, shown above a fresh form.
    struct MadeStudy: Sendable {
        var id: String
        var title: String
        /// Where testers open it (`/study/LINK`).
        var linkURL: String
        /// Until when, as the owner reads it.
        var expires: String
    }

    /// The New study form, filled with `draft` and the reasons it was refused (`problems`), its
    /// starts and screens from `choices`; `made`, a study it saved.
    func renderStudyForm(
        _ draft: StudyDraft, choices: StudyDraft.Choices, problems: [String] = [], made: MadeStudy? = nil,
        links: PageLinks
    ) -> String {
        let starts = choices.starts
        let goals =
            choices.screens.map { (value: $0.id, title: $0.id) }
            + choices.templates.map { (value: $0, title: "Every \($0) screen") }
        var values: [TemplateKey: TemplateValue] = [
            "stylesheetURL": .string(links.stylesheet), "mapURL": .string(FlowHostRoute.map.url),
            "postURL": .string(FlowHostRoute.newStudy.url), "title": .string(draft.title),
            "maxTitle": .int(StudyDraft.maxTitle),
            "rows": .list(
                draft.rows.enumerated().map { index, row in
                    [
                        "number": .int(index + 1), "prompt": .string(row.prompt), "expected": .string(row.expected),
                        "maxPrompt": .int(StudyDraft.maxPrompt), "maxExpected": .int(StudyDraft.maxExpected),
                        "starts": .list(
                            starts.map { start in
                                [
                                    "value": .string(start),
                                    "title": .string(start == "start" ? "The app's start" : start),
                                    "selected": .bool(start == row.start),
                                ]
                            }),
                        "goals": .list(
                            goals.map { goal in
                                [
                                    "value": .string(goal.value), "title": .string(goal.title),
                                    "selected": .bool(row.goal.contains(goal.value)),
                                ]
                            }),
                    ]
                }),
        ]
        if !problems.isEmpty { values["problems"] = ["reasons": .list(problems.map { .string($0) })] }
        if let made {
            values["made"] = [
                "id": .string(made.id), "title": .string(made.title), "linkURL": .string(made.linkURL),
                "expires": .string(made.expires), "fileURL": .string(FlowHostRoute.studyFile(id: made.id).url),
            ]
        }
        return Chrome.render(.object(values), template: "study-form")
    }
}
