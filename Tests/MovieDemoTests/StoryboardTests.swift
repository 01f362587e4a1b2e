import FlowCore
import Testing

@testable import FlowCrawl
@testable import MovieDemo

/// The sample's crawl folded into a storyboard: each kind of screen once, whatever it shows and
/// however deep, and segues that name the steps the sample's flows define.
@MainActor
@Suite("The sample's storyboard", .serialized)
struct StoryboardTests {
    /// The signature of every case of the sample's step enums: the only steps a segue may name.
    static let sampleSteps: Set<String> = Set(
        ([
            AppStep.start, AppStep.signedIn(email: ""), AppStep.loggedOut, LoginStep.login,
            LoginStep.signedIn(email: ""), DashboardStep.start, DashboardStep.logout, MovieStep.list,
            MovieStep.detail(id: 0), MovieStep.person(id: 0), MovieStep.restricted(id: 0), MovieStep.rate(id: 0),
            MovieStep.ratingDone, MovieStep.addToWatched(id: 0), MovieStep.addedToWatched(id: 0), RatingStep.rate,
            RatingStep.rated(stars: 0), RatingStep.cancel, RatingStep.done, WatchedStep.list, ProfileStep.profile,
            ProfileStep.logout, ProfileStep.logoutConfirmed, StackStep.screen("A"), StackStep.back(1),
            StackStep.popToRoot, StackStep.jump(to: "A"), StackStep.timer, StackStep.timerFired,
            DeepLinkStep.movie(id: 0), DeepLinkStep.stack(letter: "A"),
        ] as [any Step]).map { StepSignature.of(String(describing: $0)) })

    @Test("every template of the sample is a screen, once per place")
    func everyScreenOnce() async throws {
        let storyboard = try await SampleCrawl.crawl().map.storyboard
        let templates = Set(storyboard.screens.map(\.template))
        for template in [
            "login/login", "movies/list", "movies/detail", "movies/person", "rating/rate", "rating/thanks",
            "watched/list", "stack/letter", "stack/timer", "profile/profile",
        ] {
            #expect(templates.contains(template), "\(template)")
        }
        for title in ["Restricted", "Add to Watched?", "Log out?"] {
            #expect(storyboard.screens.contains { $0.template == "alert" && $0.title == title }, "the alert \(title)")
        }
        #expect(Set(storyboard.screens.map(\.id)).count == storyboard.screens.count)
        let places = storyboard.screens.map { [$0.template] + $0.place + [$0.template == "alert" ? $0.title : ""] }
        #expect(Set(places).count == places.count, "a template at one place is one screen")
        #expect(storyboard.screens.reduce(0) { $0 + $1.stateCount } == (try await SampleCrawl.crawl().map.states.count))
    }

    @Test("a screen is its template and place, not its content nor its depth")
    func contentFolds() async throws {
        let storyboard = try await SampleCrawl.crawl().map.storyboard
        let details = storyboard.screens.filter { $0.template == "movies/detail" && $0.flow == "Movies" }
        #expect(details.count == 1)
        #expect(details.first?.title == "movies/detail", "each movie has its title: the template names the screen")
        #expect((details.first?.stateCount ?? 0) > 10)
        // Screen A to E of the stack lab: one template, pushed on one stack: one screen.
        let letters = storyboard.screens.filter { $0.template == "stack/letter" }
        #expect(letters.count == 1)
        #expect(letters.first?.place == ["tab Stack", "navigation"])
        #expect(storyboard.screens.count < 30, "\(storyboard.screens.map(\.id))")
    }

    @Test("each segue names the steps the sample's flows define, once per pair and kind")
    func seguesNameRealSteps() async throws {
        let storyboard = try await SampleCrawl.crawl().map.storyboard
        for segue in storyboard.segues {
            for step in segue.steps {
                #expect(Self.sampleSteps.contains(step), "\(segue.from ?? "entry") -> \(segue.to): \(step)")
            }
            #expect(segue.from.map { storyboard.screen($0) != nil } ?? true)
            #expect(storyboard.screen(segue.to) != nil)
        }
        let keys = storyboard.segues.map { [$0.from ?? "", $0.to, $0.kind.rawValue] }
        #expect(Set(keys).count == keys.count)
    }

    @Test("segues say how the navigation changed")
    func segueKinds() async throws {
        let storyboard = try await SampleCrawl.crawl().map.storyboard
        func segue(_ from: String, _ to: String, _ kind: Segue.Kind) -> Segue? {
            storyboard.segues.first {
                $0.kind == kind && $0.from.flatMap(storyboard.screen)?.template == from
                    && storyboard.screen($0.to)?.template == to
            }
        }
        #expect(segue("login/login", "movies/list", .replace)?.steps.contains("signedIn(email:)") == true)
        #expect(segue("movies/list", "movies/detail", .push)?.steps == ["detail(id:)"])
        #expect(segue("movies/detail", "movies/list", .back) != nil)
        #expect(segue("movies/detail", "rating/rate", .present)?.steps == ["rate(id:)"])
        #expect(segue("rating/thanks", "movies/detail", .dismiss) != nil)
        #expect(segue("profile/profile", "alert", .alert)?.steps == ["logout"])
        #expect(segue("alert", "login/login", .replace)?.steps == ["logoutConfirmed"])
        #expect(segue("movies/list", "profile/profile", .tab) != nil)
        #expect(segue("stack/timer", "stack/letter", .liveMove)?.steps == ["timerFired"])
        let entries = storyboard.segues.filter { $0.from == nil }
        #expect(entries.map(\.kind).first == .start)
        #expect(entries.contains { $0.kind == .deepLink })
        #expect(storyboard.screens.first?.entries.first == "start")
    }
}

/// A step's case without its values: what a segue is labelled with.
@Suite("Step signatures")
struct StepSignatureTests {
    @Test("labels are kept, values dropped, commas and brackets inside values ignored")
    func signatures() {
        #expect(StepSignature.of("logout") == "logout")
        #expect(StepSignature.of("detail(id: 3)") == "detail(id:)")
        #expect(StepSignature.of(#"screen("B")"#) == "screen(_:)")
        #expect(StepSignature.of(#"jump(to: "a, b: (c)")"#) == "jump(to:)")
        #expect(StepSignature.of(#"pick(_: [1, 2], named: "x\"y", Kind.a(b: 1))"#) == "pick(_:named:_:)")
        #expect(StepSignature.of("search()") == "search()")
    }
}
