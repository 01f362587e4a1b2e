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
