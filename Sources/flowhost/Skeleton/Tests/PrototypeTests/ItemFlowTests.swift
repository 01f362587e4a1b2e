import FlowTesting
import Testing

@testable import Prototype

@MainActor @Test func openingAnItemShowsItsDetail() async throws {
    // inWindow: the list is on screen, so the step its button emits is navigated.
    let store = FlowTestStore(flow: ItemFlow(), initialStep: ItemStep.itemList, inWindow: true)
    await store.settle()
    let open = try #require(store.window.updatedScreenTree().action("step itemDetail(id: 2)"))
    _ = try await store.window.perform(open.token)
    await store.settle()
    #expect(store.flow.navigationController.viewControllers.map(\.title) == ["Items", "Steps"])
}

@MainActor @Test func aDeepLinkOpensTheItem() async {
    let store = FlowTestStore(flow: ItemFlow(), initialStep: ItemStep.itemList, inWindow: true)
    await store.settle()
    await store.deepLink(ItemStep.itemDetail(id: 3))
    #expect(store.window.updatedScreenTree().visibleScreen?.title == "Deep links")
}
