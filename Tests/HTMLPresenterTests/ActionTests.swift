import FlowCore
import HTMLPresenter
import Testing

@MainActor
@Suite("Actions")
struct ActionTests {
    @Test("a step action emits from the screen's stepper; the same token twice acts once, then is stale")
    func stepActionActsOnce() async throws {
        // Given a screen whose only action emits .done, contributed by a flow
        let window = HTMLWindow()
        let model = ScreenModel { actions in ["finish": actions.step(ScreenStep.done)] }
        let home = HTMLViewController(template: "home", viewModel: model)
        window.rootViewController = home
        let flow = RecordingFlow(rootScreen: home)
        flow.onOpen = { _ in .one(flowContributor: .contribute(withNextPresentable: home, withNextStepper: model)) }
        let coordinator = FlowCoordinator()
        coordinator.coordinate(flow: flow, with: OneStepper(withSingleStep: ScreenStep.open(0)))
        await coordinator.waitUntilIdle()
        guard case .action(let action) = window.updatedScreenTree().visibleScreen?.values?["finish"],
            let token = action.token
        else {
            Issue.record("no action")
            return
        }

        // When it is performed twice
        let first = try await window.perform(token)
        await #expect(throws: ActionError.alreadyTaken) { try await window.perform(token) }
        await coordinator.waitUntilIdle()
        // Once another action was taken, it is only stale.
        let next = try #require(window.updatedScreenTree().actions.first?.token)
        _ = try await window.perform(next)
        await #expect(throws: ActionError.stale) { try await window.perform(token) }
        await coordinator.waitUntilIdle()

        // Then it acted once (and the other action once), and it was named by an opaque 128-bit token
        #expect(first == .accepted)
        #expect(flow.recorded == [.done, .done])
        #expect(OpaqueToken(compactText: token) != nil)
    }

    @Test("an action is recorded at the position the window names for its token before it is taken")
    func takenPosition() async throws {
        // Given tabs, the first a stack of two screens whose top one has three actions: a tab
        // bar's, a back button's and a screen's actions, each of another view controller
        func window() -> HTMLWindow {
            let window = HTMLWindow()
            let navigation = HTMLNavigationController(rootViewController: screen("A"))
            navigation.pushViewController(
                screen("B") { actions in ["one": actions.run {}, "two": actions.run {}, "three": actions.run {}] })
            let tabs = HTMLTabBarController()
            tabs.setViewControllers([navigation, screen("Profile")])
            window.rootViewController = tabs
            return window
        }
        let count = window().updatedScreenTree().actions.count
        #expect(count == 6)

        // When each action is taken in a window of its own
        var named: [ActionPosition?] = []
        var recorded: [ActionPosition?] = []
        for index in 0..<count {
            let window = window()
            let token = window.updatedScreenTree().actions[index].token
            named.append(window.position(ofAction: token))
            _ = try await window.perform(
                token, fields: FormFields(), willRun: { _, position in recorded.append(position) }, refused: { _ in })
        }

        // Then each was recorded where the window named it, six different positions
        #expect(recorded == named)
        #expect(Set(named.compactMap(\.self)).count == count)
    }

    @Test("a token the window never issued is unknown, and changes nothing")
    func unknownToken() async throws {
        let window = HTMLWindow()
        window.rootViewController = screen("Home") { actions in ["open": actions.run {}] }
        let before = window.updatedScreenTree()
        await #expect(throws: ActionError.unknown) { try await window.perform(String(repeating: "A", count: 22)) }
        await #expect(throws: ActionError.unknown) { try await window.perform("../../etc/passwd") }
        let issued = try #require(window.updatedScreenTree().actions.first?.token)
        await #expect(throws: ActionError.unknown, "a token's text is read as it was written") {
            try await window.perform(OpaqueToken(compactText: issued).map(\.text) ?? "")
        }
        #expect(window.updatedScreenTree() == before)
    }

    @Test("an opaque token reads back from its 32 lowercase hex digits, and from nothing else")
    func opaqueTokenText() {
        let token = OpaqueToken.random()
        #expect(token.text.wholeMatch(of: /[0-9a-f]{32}/) != nil)
        #expect(OpaqueToken(token.text) == token)
        #expect(OpaqueToken(token.text.uppercased()) == (token.text == token.text.uppercased() ? token : nil))
        for text in ["", String(token.text.dropLast()), token.text + "0", "g" + token.text.dropFirst()] {
            #expect(OpaqueToken(text) == nil, "\(text)")
        }
        #expect(OpaqueToken.random() != token)
    }

    @Test("an opaque token reads back from its 22 base64url characters, and from nothing else")
    func opaqueTokenCompactText() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<64 {
            let token = OpaqueToken.random(using: &generator)
            #expect(token.compactText.wholeMatch(of: /[A-Za-z0-9_-]{21}[AQgw]/) != nil, "\(token.compactText)")
            #expect(OpaqueToken(compactText: token.compactText) == token)
        }
        // The bits in order, as RFC 4648's base64url writes them: all ones, then one bit set at each end.
        let ones = String(repeating: "_", count: 21) + "w"
        #expect(OpaqueToken(compactText: ones)?.text == String(repeating: "f", count: 32))
        #expect(
            OpaqueToken(compactText: "gAAAAAAAAAAAAAAAAAAAAQ")?.text == "8" + String(repeating: "0", count: 30) + "1")
        let token = OpaqueToken.random()
        let text = token.compactText
        // Too short or long, a character outside the alphabet, spare bits set, the hex form.
        for other in [
            "", String(text.dropLast()), text + "A", "=" + text.dropFirst(), "+" + text.dropFirst(),
            text.dropLast() + "B", token.text,
        ] {
            #expect(OpaqueToken(compactText: other) == nil, "\(other)")
        }
        #expect(OpaqueToken(token.text) == token && OpaqueToken(text) == nil, "ids keep their hex form apart")
    }

    @Test("a token from before the screen changed is stale")
    func staleAfterNavigation() async throws {
        let window = HTMLWindow()
        let navigation = HTMLNavigationController(rootViewController: screen("A"))
        window.rootViewController = navigation
        navigation.pushViewController(screen("B"))
        let back = try #require(window.updatedScreenTree().action("back to A"))
        navigation.pushViewController(screen("C"))
        _ = window.updatedScreenTree()
        await #expect(throws: ActionError.stale) { try await window.perform(back.token) }
        #expect(navigation.viewControllers.map(\.title) == ["A", "B", "C"])
    }

    @Test("setNeedsDisplay draws the same screen again as a new version, with new tokens")
    func setNeedsDisplay() async throws {
        // Given a captured screen and its action
        let window = HTMLWindow()
        var changes: [Int] = []
        window.onChange = { changes.append($0) }
        window.rootViewController = screen("Home") { actions in ["open": actions.run {}] }
        let before = window.updatedScreenTree()
        let token = try #require(before.actions.first?.token)

        // When the window is told to draw again (its templates changed)
        window.setNeedsDisplay()
        let after = window.updatedScreenTree()

        // Then the same screen is captured anew: a later version, told to onChange, new tokens
        #expect(after.version > before.version)
        #expect(changes.last == after.version)
        #expect(after.visibleScreen?.id == before.visibleScreen?.id)
        #expect(after.actions.map(\.token) != [token])
        await #expect(throws: ActionError.stale) { try await window.perform(token) }
        _ = try await window.perform(try #require(after.actions.first?.token))
    }

    @Test("every action has a position: its view controller and its index there, the same in every capture")
    func actionPositions() throws {
        // Given a tab bar of two tabs, the first a stack Movies > Heat with a Rate bar button and two content actions
        let window = HTMLWindow()
        let heat = screen("Heat") { actions in ["cast": actions.run {}, "similar": actions.run {}] }
        heat.navigationItem.rightBarButtonItems = [BarButtonItem(title: "Rate") {}]
        let navigation = HTMLNavigationController(rootViewController: screen("Movies"))
        navigation.pushViewController(heat)
        let tabs = HTMLTabBarController()
        tabs.setViewControllers([navigation, screen("Profile")])
        window.rootViewController = tabs

        // When it is captured, then changed without touching Heat's actions and captured again
        let first = window.updatedScreenTree()
        heat.title = "Heat (1995)"
        let second = window.updatedScreenTree()

        // Then each action belongs to the view controller that draws it, numbered in a stable order
        let positions = { (tree: ScreenTree) in
            tree.actions.map {
                "\($0.screen == heat.id ? "heat" : $0.screen == navigation.id ? "navigation" : $0.screen == tabs.id ? "tabs" : "?") \($0.index)"
            }
        }
        #expect(positions(first) == ["navigation 0", "heat 0", "tabs 0", "tabs 1", "heat 1", "heat 2"])
        #expect(positions(second) == positions(first))
        #expect(Set(first.actions.map(\.token)).isDisjoint(with: second.actions.map(\.token)))
        #expect(
            first.actions.map(\.description) == ["back to Movies", "run", "tab ", "tab Profile", "run", "run"])
    }

    @Test("field errors show the same screen with the messages and what was typed")
    func formErrorsKeepTypedValues() async throws {
        // Given a login form that refuses an email without @
        let window = HTMLWindow()
        let model = ScreenModel { actions in
            [
                "signIn": actions.form(fields: ["email", .secret("password")]) { fields in
                    (fields["email"] ?? "").contains("@") ? .accepted : .invalid(["email": "Enter a valid email."])
                }
            ]
        }
        let login = HTMLViewController(template: "login", viewModel: model, title: "Sign In")
        window.rootViewController = login
        guard case .action(let action) = window.updatedScreenTree().visibleScreen?.values?["signIn"],
            let token = action.token
        else {
            Issue.record("no form action")
            return
        }

        // When it is submitted with "ada"
        let result = try await window.perform(token, fields: ["email": "ada", "password": "secret"])

        // Then the result carries the error, and the re-rendered values hold it and what was typed
        #expect(result == .invalid(["email": "Enter a valid email."]))
        let values = try #require(window.updatedScreenTree().visibleScreen?.values)
        #expect(values["form"]?["values"]?["email"] == "ada")
        #expect(values["form"]?["errors"]?["email"] == "Enter a valid email.")
        #expect(values["form"]?["hasErrors"] == true)
    }

    @Test("a form posted again with the same values is already taken; with other values it is stale")
    func formPostedAgain() async throws {
        // Given a form whose every submission is counted
        let window = HTMLWindow()
        var submitted: [String] = []
        let model = ScreenModel { actions in
            [
                "search": actions.form(fields: ["q"]) { fields in
                    submitted.append(fields["q"] ?? "")
                    return .accepted
                }
            ]
        }
        window.rootViewController = HTMLViewController(template: "search", viewModel: model, title: "Search")
        guard case .action(let action) = window.updatedScreenTree().visibleScreen?.values?["search"],
            let token = action.token
        else {
            Issue.record("no form action")
            return
        }
        _ = try await window.perform(token, fields: ["q": "heat", "unused": "x"])

        // When the same request comes again (undeclared fields aside), and then with another value
        await #expect(throws: ActionError.alreadyTaken) {
            try await window.perform(token, fields: ["q": "heat"])
        }
        await #expect(throws: ActionError.stale, "what was typed differs: not the same request") {
            try await window.perform(token, fields: ["q": "casino"])
        }

        // Then it ran once
        #expect(submitted == ["heat"])
    }
}
