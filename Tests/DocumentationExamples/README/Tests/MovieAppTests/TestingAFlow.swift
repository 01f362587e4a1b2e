import FlowTesting
import Testing

// In your package, also `@testable import` the module that holds MovieFlow.

@MainActor @Test func openingAMovieShowsItsDetail() async {
    let store = FlowTestStore(flow: MovieFlow(), initialStep: MovieStep.movieList)
    await store.settle()
    let entries = await store.send(MovieStep.movieDetail(id: 1))
    #expect(entries.first?.outcome.dropReason == nil)
    #expect(store.flow.navigationController.viewControllers.map(\.title) == ["Movies", "Heat"])
}

@MainActor @Test func tappingAMovieOpensIt() async throws {
    // inWindow: the flow's root is on screen, as in the browser, so the list's steps count.
    let store = FlowTestStore(flow: MovieFlow(), initialStep: MovieStep.movieList, inWindow: true)
    await store.settle()
    let open = try #require(store.window.updatedScreenTree().action("step movieDetail(id: 2)"))
    _ = try await store.window.perform(open.token)
    await store.settle()
    #expect(store.window.updatedScreenTree().visibleScreen?.title == "Alien")
}
