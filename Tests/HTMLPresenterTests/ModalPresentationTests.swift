import FlowCore
import HTMLPresenter
import Testing

@MainActor
@Suite("Modal presentation")
struct ModalPresentationTests {
    @Test("a presented navigation controller keeps its own stack; dismissing reports all of it dismissed")
    func presentedStack() {
        // Given a list screen
        let window = HTMLWindow()
        let list = screen("Movies")
        window.rootViewController = HTMLNavigationController(rootViewController: list)

        // When a rating flow's navigation controller is presented and pushes "Thanks"
        let rate = screen("Rate")
        let thanks = screen("Thanks")
        let sheet = HTMLNavigationController(rootViewController: rate)
        list.present(sheet)
        sheet.pushViewController(thanks)
        let tree = window.updatedScreenTree()

        // Then two layers show: the list under a sheet whose bar has a back button to "Rate"
        #expect(tree.layers.map(\.style) == [.window, .pageSheet])
        #expect(tree.layers.map(\.isInteractive) == [false, true])
        #expect(tree.layers[1].bar(NavigationBar.self)?.backButton?.title == "Rate")
        #expect(!list.presentation.isVisible && thanks.presentation.isVisible)
        #expect(list.presentedViewController === sheet && sheet.presentingViewController === list)

        // When Thanks dismisses (its layer: the sheet)
        thanks.dismiss()

        // Then the whole sheet is dismissed and the list is visible again
        #expect([sheet, rate, thanks].allSatisfy { $0.presentation.isDismissed })
        #expect(list.presentation.isVisible)
        #expect(window.updatedScreenTree().layers.count == 1)
    }

    @Test("presenting on top of a modal stacks, and dismissing from the presenter removes what is above it")
    func modalOnModal() {
        let window = HTMLWindow()
        let root = screen("Root")
        window.rootViewController = root
        let first = screen("First")
        let second = screen("Second")
        second.modalPresentationStyle = .fullScreen
        root.present(first)
        first.present(second)
        #expect(window.updatedScreenTree().layers.map(\.style) == [.window, .pageSheet, .fullScreen])
        #expect(second.presentation.isVisible && !first.presentation.isVisible)

        // When the first modal dismisses what it presented
        first.dismiss()

        // Then only the second is gone
        #expect(second.presentation.isDismissed && !first.presentation.isDismissed)
        #expect(first.presentation.isVisible)
    }
}
