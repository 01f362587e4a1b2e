import FlowCore
import FlowTesting
import Foundation
import HTMLPresenter
import Testing

// The examples of HTMLPresenter's doc comments, compiled; where it is cheap, run and checked.

enum HTMLViewModelExample {
    // example: Sources/HTMLPresenter/Screens/HTMLViewModel.swift
    final class MovieListViewModel: HTMLViewModel, Stepper {
        let steps = Steps()
        func templateValues(actions: ScreenActions) -> TemplateValue {
            [
                "movies": .list(
                    Movie.all.map {
                        ["title": .string($0.title), "open": actions.step(MovieStep.movieDetail(id: $0.id))]
                    })
            ]
        }
    }
    // end of example
}

/// A view model whose values are the examples that need `actions` (a step action needs a Stepper).
final class ActionsExamples: HTMLViewModel, Stepper {
    let steps = Steps()
    let viewModel = SignInViewModel()

    func templateValues(actions: ScreenActions) -> TemplateValue {
        // example: Sources/HTMLPresenter/Actions/ActionResult.swift
        let signIn = actions.form(fields: ["email"]) { fields in
            guard fields["email"]?.isEmpty == false else { return .invalid(["email": "Enter your email address."]) }
            return .accepted
        }
        // end of example
        // example: Sources/HTMLPresenter/Screens/FormFields.swift
        let subscribe = actions.form(fields: ["email"]) { fields in
            guard let email = fields["email"], !email.isEmpty else { return .invalid(["email": "Enter your email."]) }
            return .accepted
        }
        // end of example
        // example: Sources/HTMLPresenter/Screens/ScreenActions.swift
        let values: TemplateValue = [
            "open": actions.step(MovieStep.movieDetail(id: 3)),
            "signIn": actions.form(fields: ["email", .secret("password")]) { fields in
                await self.viewModel.signIn(fields)
            },
        ]
        // end of example
        // example: Sources/HTMLPresenter/Screens/FormField.swift
        let login = actions.form(fields: ["email", .secret("password")]) { fields in
            await self.viewModel.signIn(fields)
        }
        // end of example
        // example: Sources/HTMLTemplates/Values/TemplateValue.swift
        let movie: TemplateValue = [
            "title": "Heat",
            "year": 1995,
            "restricted": false,
            "similar": [["title": "Ronin", "open": actions.step(MovieStep.movieDetail(id: 7))]],
        ]
        // end of example
        return [
            "signIn": signIn, "subscribe": subscribe, "values": values, "movie": movie, "login": login,
        ]
    }
}

@MainActor
@Suite("HTMLPresenter's doc comment examples")
struct HTMLPresenterExamples {
    let templates = try! TemplateLibrary(directory: templatesDirectory)

    @Test("a screen pushed on a navigation controller, its view model contributed")
    func viewController() {
        let navigationController = HTMLNavigationController()
        func navigate() -> FlowContributors {
            // example: Sources/HTMLPresenter/Containers/HTMLViewController.swift
            let viewModel = MovieListViewModel()  // an HTMLViewModel and a Stepper
            let screen = HTMLViewController(template: "movies/list", viewModel: viewModel, title: "Movies")
            navigationController.pushViewController(screen, animated: true)
            return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: viewModel))
            // end of example
        }
        _ = navigate()
        #expect(navigationController.viewControllers.map(\.title) == ["Movies"])
    }

    @Test("a navigation controller with large titles")
    func navigationController() {
        let listScreen = HTMLViewController(template: "movies/list", title: "Movies")
        // example: Sources/HTMLPresenter/Containers/HTMLNavigationController.swift
        let navigationController = HTMLNavigationController()
        navigationController.prefersLargeTitles = true
        navigationController.pushViewController(listScreen, animated: true)
        // end of example
        #expect(navigationController.topViewController === listScreen)
    }

    @Test("a tab bar as the window's root")
    func tabBar() {
        let window = HTMLWindow()
        let movies = HTMLNavigationController()
        let profile = HTMLNavigationController()
        // example: Sources/HTMLPresenter/Containers/HTMLTabBarController.swift
        let tabBar = HTMLTabBarController()
        movies.tabBarItem = TabBarItem(title: "Movies", icon: "film")
        tabBar.setViewControllers([movies, profile], animated: false)
        window.rootViewController = tabBar
        // end of example
        #expect(tabBar.viewControllers.count == 2)
    }

    @Test("an alert presented over the root, contributed as its own stepper")
    func alert() {
        let window = HTMLWindow()
        let rootViewController = HTMLNavigationController()
        window.rootViewController = rootViewController
        func navigate() -> FlowContributors {
            // example: Sources/HTMLPresenter/Containers/HTMLAlertController.swift
            let alert = HTMLAlertController(title: "Log out?", message: "You can sign in again at any time.")
            alert.addAction(HTMLAlertAction(title: "Cancel", style: .cancel))
            alert.addAction(HTMLAlertAction(title: "Log Out", style: .destructive, step: ProfileStep.logout))
            rootViewController.present(alert)
            return .one(flowContributor: .contribute(withNext: alert))
            // end of example
        }
        _ = navigate()
        #expect(window.updatedScreenTree().alert != nil)
    }

    @Test("a Done button in the navigation bar")
    func barButtonItem() {
        let screen = HTMLViewController(template: "movies/list", title: "Rate")
        // example: Sources/HTMLPresenter/Containers/BarButtonItem.swift
        screen.navigationItem.rightBarButtonItems = [BarButtonItem(title: "Done", style: .done, step: RatingStep.done)]
        // end of example
        #expect(screen.navigationItem.rightBarButtonItems.count == 1)
    }

    @Test("a window renders its tree and runs an action of it")
    func window() async throws {
        let listScreen = HTMLViewController(template: "movies/list", viewModel: MovieListViewModel(), title: "Movies")
        let renderer = PageRenderer(templates: templates)
        let links = PageLinks.snapshot
        // example: Sources/HTMLPresenter/Containers/HTMLWindow.swift
        let window = HTMLWindow()
        window.rootViewController = HTMLNavigationController(rootViewController: listScreen)
        let tree = window.updatedScreenTree()
        let html = try renderer.render(tree, links: links)
        let result = try await window.perform(tree.actions[0].token)  // the first movie's action
        // end of example
        #expect(result == .accepted)
        #expect(html.contains("Heat"))
    }

    @Test("a page renders off the main actor")
    func pageRenderer() async throws {
        let window = HTMLWindow()
        window.rootViewController = HTMLViewController(template: "movies/list", viewModel: MovieListViewModel())
        func render(templatesDirectory: String) async throws -> String {
            let links = PageLinks.snapshot
            // example: Sources/HTMLPages/PageRenderer.swift
            let renderer = PageRenderer(templates: try TemplateLibrary(directory: templatesDirectory))
            let tree = window.updatedScreenTree()  // on the main actor
            let html = try await Task.detached { try renderer.render(tree, links: links) }.value
            // end of example
            return html
        }
        #expect(try await render(templatesDirectory: templatesDirectory).contains("Amélie"))
    }

    @Test("a message page links onward")
    func renderMessage() {
        let renderer = PageRenderer(templates: templates)
        let links = PageLinks.snapshot
        // example: Sources/HTMLPages/PageRenderer.swift
        let page = renderer.renderMessage(
            title: "Page not found", message: "No screen lives at /link/x.", linkTitle: "Go to the current screen",
            linkURL: "/", links: links)
        // end of example
        #expect(page.contains("No screen lives at /link/x."))
    }

    @Test("a page rendered for a static export links each action to a file, or disables it")
    func pageLinks() throws {
        let window = HTMLWindow()
        window.rootViewController = HTMLViewController(template: "movies/list", viewModel: MovieListViewModel())
        let tree = window.updatedScreenTree()
        let renderer = PageRenderer(templates: templates)
        let files = [tree.actions[0].token: "state-2.html"]
        // example: Sources/HTMLPages/PageLinks.swift
        let links = PageLinks(
            stylesheet: "flowhost/flowhost.css", publicFiles: "public/",
            actions: .resolve { token in files[token].map(ActionTarget.link) ?? .disabled(reason: "Not crawled") })
        let html = try renderer.render(tree, links: links)
        // end of example
        #expect(html.contains(#"<form method="get" action="state-2.html" class="action">"#))
        #expect(html.contains(#"disabled title="Not crawled""#))
    }

    @Test("a template library loads a directory and renders by name")
    func templateLibrary() throws {
        func load(templatesDirectory: String) throws -> String {
            // example: Sources/HTMLTemplates/Library/TemplateLibrary.swift
            // Templates/movies/detail.mustache is named "movies/detail"
            let templates = try TemplateLibrary(directory: templatesDirectory)
            let html = try templates.render(["title": "Heat"], template: "movies/detail")
            // end of example
            return html
        }
        #expect(try load(templatesDirectory: templatesDirectory).contains("<h1>Heat</h1>"))
    }

    @Test("rendered markup is placed as it is")
    func renderedHTML() throws {
        // example: Sources/HTMLTemplates/Values/RenderedHTML.swift
        let templates = try TemplateLibrary(templates: ["card": "<p>{{body}}</p>"])
        let card: TemplateValue = ["body": .html(RenderedHTML("<strong>Heat</strong>"))]
        let html = try templates.render(card, template: "card")  // <p><strong>Heat</strong></p>
        // end of example
        #expect(html == "<p><strong>Heat</strong></p>")
    }

    @Test("action values")
    func actionValues() {
        let window = HTMLWindow()
        window.rootViewController = HTMLViewController(template: "movies/detail", viewModel: ActionsExamples())
        #expect(window.updatedScreenTree().actions.count == 6)
    }

    @Test("a token reads back from its text")
    func opaqueToken() {
        // example: Sources/HTMLPresenter/Actions/OpaqueToken.swift
        let token = OpaqueToken.random()
        #expect(OpaqueToken(token.text) == token)  // any other text is nil
        #expect(OpaqueToken(compactText: token.compactText) == token)
        // end of example
    }

    @Test("a screen tree says what is visible")
    func screenTree() async {
        let window = HTMLWindow()
        let flow = MovieFlow()
        window.rootViewController = flow.navigationController
        let store = FlowTestStore(flow: flow, initialStep: MovieStep.movieList)
        await store.send(MovieStep.movieDetail(id: 1))
        // example: Sources/HTMLPresenter/ScreenTree/ScreenTree.swift
        let tree = window.updatedScreenTree()
        #expect(tree.visibleScreen?.template == "movies/detail")
        #expect(tree.layers.last?.bar(NavigationBar.self)?.backButton?.title == "Movies")
        // end of example
    }
}

@MainActor
@Suite("Doc comment examples of contributing a screen")
struct ScreenContributionExamples {
    @Test("a screen contributes the stepper it carries")
    func contributeScreen() async {
        final class ListFlow: Flow {
            let navigationController = HTMLNavigationController()
            var root: any Presentable { navigationController }

            func navigate(to step: any Step) -> FlowContributors {
                // example: Sources/HTMLPresenter/Containers/FlowContributor+HTMLViewController.swift
                let screen = HTMLViewController(template: "movies/list", viewModel: MovieListViewModel())
                navigationController.setViewControllers([screen], animated: false)
                return .one(flowContributor: .contribute(withNext: screen))
                // end of example
            }
        }
        let store = FlowTestStore(flow: ListFlow(), initialStep: MovieStep.movieList, inWindow: true)
        let entries = await store.settle()
        #expect(entries.first?.outcome.contributions.count == 1)
        let list = store.flow.navigationController.topViewController!
        #expect(await store.emit(MovieStep.movieDetail(id: 1), from: list.stepper!).first?.outcome.dropReason == nil)
    }

    @Test("a misspelled name is found where it is read")
    func nameUsage() throws {
        let templates = try TemplateLibrary(templates: ["people/detail": "<h1>{{nmae}}</h1>"])
        // example: Sources/HTMLTemplates/Names/TemplateNameUsage.swift
        var usage = TemplateNameUsage(templates: templates)
        usage.record(["name": "Ada"], template: "people/detail")  // the template reads {{nmae}}
        for finding in usage.findings { print(finding) }
        // people/detail.mustache:1:5: warning: "nmae" is read here but never filled; did you mean "name"?
        // end of example
        #expect(
            usage.findings.map(\.description).contains(
                #"people/detail.mustache:1:5: warning: "nmae" is read here but never filled; did you mean "name"?"#))
    }

    @Test("an export's forms are listed beside the phone")
    func exportedForm() throws {
        let window = HTMLWindow()
        window.rootViewController = HTMLViewController(template: "movies/detail", title: "Heat")
        let actions = ActionLinks.resolve { _ in .link("state-1.html") }
        // example: Sources/HTMLPages/ExportedForm.swift
        var links = PageLinks(stylesheet: "flowhost/flowhost.css", publicFiles: "public/", actions: actions)
        links.forms = [
            ExportedForm(
                title: "Sign Up",
                sendings: [
                    .init(label: "Send the sample", values: ["name: Ada"], url: "state-2.html", outcome: "Home"),
                    .init(
                        label: "Send empty", values: [], url: "state-3.html",
                        outcome: "Sign Up, saying “Enter your name.”"),
                ])
        ]
        // end of example
        let renderer = PageRenderer(templates: try TemplateLibrary(directory: templatesDirectory))
        let html = try renderer.render(window.updatedScreenTree(), links: links)
        #expect(html.contains(#"<a class="exported-form-link" href="state-3.html">Send empty</a>"#))
    }

    @Test("a key made at run time finds what the same name as a literal key gives, and renders")
    func templateKey() throws {
        // example: Sources/HTMLTemplates/Values/TemplateKey.swift
        let field = "email"
        var values: [TemplateKey: TemplateValue] = ["title": "Sign in"]
        values[TemplateKey(field)] = "Required"
        // end of example
        #expect(TemplateValue.object(values)["email"] == "Required")
        let library = try TemplateLibrary(templates: ["form": "<p>{{title}}: {{email}}</p>"])
        #expect(try library.render(.object(values), template: "form") == "<p>Sign in: Required</p>")
    }
}
