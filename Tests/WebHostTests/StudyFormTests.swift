import FlowHostApp
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import WebHost

@Suite("The owner makes a study without code from the live map")
struct StudyFormTests {
    static let form =
        "title=Open+the+sheet%21&prompt1=Open+the+sheet&start1=start&goal1=lab%2Fsheet"
        + "&expected1=lab%2Fpage%2C+lab%2Fsheet&prompt2=&start2=start&expected2="

    @Test(
        "the map links the form; saved, a study gets an id from its title and a link that opens; study.json reads back as a study file"
    )
    func makeAStudy() async throws {
        let store = MemoryClickPathStore()
        try await withLabServer(store: store) { client in
            var owner = Browser(client)
            #expect(try await owner.get("/_flowhost/map").text.contains(#"href="/_flowhost/studies/new""#))
            let form = try await owner.get("/_flowhost/studies/new")
            #expect(form.status == .ok)
            #expect(form.text.contains(#"<form method="post" action="/_flowhost/studies/new""#))
            #expect(form.text.contains(#"<option value="start" selected>The app&#39;s start</option>"#))
            #expect(form.text.contains(#"<option value="lab/sheet">Every lab/sheet screen</option>"#))
            #expect(form.text.contains(#"name="prompt5""#), "five task rows, for a browser without JavaScript")

            let saved = try await owner.post("/_flowhost/studies/new", form: Self.form)
            #expect(saved.status == .seeOther)
            #expect(saved.headers[.location] == "/_flowhost/studies/new?made=open-the-sheet")
            let expected = Study(
                title: "Open the sheet!",
                tasks: [
                    StudyTask(
                        prompt: "Open the sheet", start: .appStart, goal: ["lab/sheet"],
                        expected: [["lab/page", "lab/sheet"]])
                ])
            #expect(try await store.study(id: "open-the-sheet")?.study == expected)

            // The form then shows the study's link, which opens for testers
            let link = StudyLink.id(ofStudy: "open-the-sheet", key: try await store.tokenKey())
            let made = try await owner.get("/_flowhost/studies/new?made=open-the-sheet")
            #expect(made.text.contains(#"<a href="/study/\#(link)">"#))
            #expect(made.text.contains(#"href="/_flowhost/studies/open-the-sheet/study.json""#))
            var tester = Browser(client)
            #expect(try await tester.post("/study/\(link)").status == .seeOther)

            // Its study file reads back as the same study
            let file = try await owner.get("/_flowhost/studies/open-the-sheet/study.json")
            #expect(file.status == .ok && file.headers[.contentType] == "application/json")
            #expect(file.headers[.contentDisposition] == #"attachment; filename="open-the-sheet.json""#)
            #expect(try StudyFile(text: file.text, file: "Studies/open-the-sheet.json").study == expected)
            #expect(try await owner.get("/_flowhost/studies/nothing/study.json").status == .notFound)

            // The same title again takes another id: a study is never overwritten
            let again = try await owner.post("/_flowhost/studies/new", form: Self.form)
            #expect(again.headers[.location] == "/_flowhost/studies/new?made=open-the-sheet-2")
            #expect(try await store.studies().map(\.id) == ["open-the-sheet", "open-the-sheet-2"])
        }
    }

    @Test("a form that makes no study is shown again with what was typed and every reason; nothing is stored")
    func badForms() async throws {
        let store = MemoryClickPathStore()
        try await withLabServer(store: store) { client in
            var owner = Browser(client)
            let refused = try await owner.post(
                "/_flowhost/studies/new",
                form: "title=&prompt1=Find+it&start1=start&expected1=lab%2Fnowhere"
                    + "&prompt2=Forged&start2=%2Flink%2Fevil&goal2=lab%2Fnone")
            #expect(refused.status == .unprocessableContent)
            let text = refused.text.replacing("&#39;", with: "'").replacing("&quot;", with: "\"")
            for reason in [
                "The study needs a title.", "Task 1 needs at least one goal screen.",
                "Task 1's expected path names \"lab/nowhere\", which is no screen of the app.",
                "Task 2's start \"/link/evil\" is not one the app offers.",
                "Task 2's goal \"lab/none\" is no screen of the app.",
            ] {
                #expect(text.contains(reason), "\(reason)")
            }
            #expect(refused.text.contains(">Find it</textarea>") && refused.text.contains(">lab/nowhere</textarea>"))

            let empty = try await owner.post("/_flowhost/studies/new", form: "title=Nothing")
            #expect(empty.status == .unprocessableContent && empty.text.contains("The study needs at least one task."))
            #expect(
                try await owner.post(
                    "/_flowhost/studies/new", form: Self.form, headers: [.secFetchSite: "cross-site"]
                ).status == .forbidden)
            #expect(try await store.studies().isEmpty)
        }
    }

    @Test("past the store's bound of studies the form is shown again saying so, with what was typed")
    func studyBound() async throws {
        var limits = ClickPathStoreLimits()
        limits.maxStudies = 1
        let store = MemoryClickPathStore(limits: limits)
        try await withLabServer(store: store) { client in
            var owner = Browser(client)
            #expect(try await owner.post("/_flowhost/studies/new", form: Self.form).status == .seeOther)
            let refused = try await owner.post("/_flowhost/studies/new", form: Self.form)
            #expect(refused.status == .unprocessableContent)
            #expect(
                refused.text.contains(
                    "The store keeps 1 studies, its limit: start the server with a larger --max-studies."))
            #expect(refused.text.contains(">Open the sheet</textarea>"))
            #expect(try await store.studies().map(\.id) == ["open-the-sheet"])
        }
    }

    @Test("without the inspector, and for a tester, there is no form and no study file")
    func ownerOnly() async throws {
        try await withLabServer(configure: { $0.showsInspector = false }) { client throws in
            var browser = Browser(client)
            #expect(try await browser.get("/_flowhost/studies/new").status == .notFound)
            #expect(try await browser.post("/_flowhost/studies/new", form: Self.form).status == .notFound)
            #expect(try await browser.get("/_flowhost/studies/lab/study.json").status == .notFound)
        }
        let store = MemoryClickPathStore()
        try await withLabServer(store: store, studies: [try StudyTesterTests.labStudy()]) { client in
            var tester = Browser(client)
            _ = try await tester.post("/study/\(try await StudyTesterTests.link(on: store))")
            #expect(try await tester.get("/_flowhost/studies/new").status == .notFound)
            #expect(try await tester.get("/_flowhost/studies/lab/study.json").status == .notFound)
        }
    }

    @Test("a study's id is its title's words, lowercased, joined by dashes")
    func ids() {
        #expect(StudyDraft.id(ofTitle: "Rate a movie!") == "rate-a-movie")
        #expect(StudyDraft.id(ofTitle: "  Ünïcode & Co.  ") == "n-code-co")
        #expect(StudyDraft.id(ofTitle: "¿?") == "study")
        #expect(StudyDraft.id(ofTitle: "New!") == "new-study", "new names the form")
        #expect(StudyFile.isID(StudyDraft.id(ofTitle: String(repeating: "word ", count: 40))))
    }
}
