import FlowCore
import FlowHostApp
import FlowTesting
import HTMLPresenter
import Testing

@testable import MovieDemo

/// Random walks through the whole sample, each replayed in a fresh window: the click path is the
/// state, so the replay must show the same page after every entry.
@MainActor
@Suite("Replaying click paths of the sample")
struct ReplayPropertyTests {
    /// A small deterministic generator (SplitMix64), so a failing walk can be run again by its seed.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// What the walk types into a form: the demo account, a wrong password, or nothing.
    static let submissions: [FormFields] = [
        ["email": Account.demoEmail, "password": Account.demoPassword],
        ["email": Account.demoEmail, "password": "wrong"],
        ["email": "ada", "password": ""],
        [:],
    ]
    static let links = ["movies/1", "movies/2", "movies/4", "movies/24", "stack/C", "stack/E"]

    private static func page(_ scene: SessionScene) throws -> String {
        HTMLNormalizer.normalize(
            try PageRenderer(templates: DemoDriver.templates).render(scene.window.updatedScreenTree(), links: .snapshot)
        )
    }

    /// The ids of every view controller the window holds that has a template, for Back.
    private static func screens(in tree: ScreenTree) -> [ScreenID] {
        func ids(_ node: ScreenNode) -> [ScreenID] {
            (node.template == nil ? [] : [node.id]) + node.children.flatMap(ids)
        }
        return tree.layers.flatMap { ids($0.root) }
    }

    /// One random step: mostly an on-screen action, sometimes Back to a screen the window holds, a
    /// deep link, or the stack lab's timer going off (when it runs).
    private static func step(_ scene: SessionScene, using generator: inout SeededGenerator) async throws {
        let tree = scene.window.updatedScreenTree()
        let roll = Int.random(in: 0..<20, using: &generator)
        if roll == 0, let link = links.randomElement(using: &generator) {
            #expect(scene.openLink(link))
        } else if roll <= 2, let id = screens(in: tree).randomElement(using: &generator) {
            scene.reveal(id)
        } else if roll == 3, await scene.liveMove(within: .zero) {
            return
        } else if let action = tree.actions.randomElement(using: &generator) {
            let fields = action.description == "form" ? submissions.randomElement(using: &generator)! : FormFields()
            _ = try await scene.perform(action.token, fields: fields)
        }
        await scene.settle()
    }

    @Test(
        "500 seeded random walks of up to 30 steps replay to the same page after every step, with the same screen ids",
        arguments: 0..<10)
    func randomWalks(batch: Int) async throws {
        for seed in UInt64(batch * 50)..<UInt64(batch * 50 + 50) {
            var generator = SeededGenerator(state: seed)
            let scene = SessionScene(app: DemoDriver.app)
            // The walk's clock holds waits too: sign-in takes no time and the timer goes off when the walk says
            scene.window.clock.beginReplay()
            await scene.settle()
            var pages: [String] = []
            for _ in 0..<Int.random(in: 1...30, using: &generator) {
                try await Self.step(scene, using: &generator)
                // A step that changed nothing (Back to the screen on top) records nothing
                if scene.clickPath.entries.count > pages.count { pages.append(try Self.page(scene)) }
            }
            #expect(pages.count == scene.clickPath.entries.count, "seed \(seed)")

            let copy = SessionScene(app: DemoDriver.app)
            var replayedPages: [String] = []
            // A live move waits for its wait to begin: on a machine busy with the other tests, the
            // task that begins it can take longer than the default second to run.
            let replay = await copy.replay(scene.clickPath, settleTimeout: .seconds(10)) { _ in
                replayedPages.append((try? Self.page(copy)) ?? "")
            }
            #expect(replay.stoppedBecause == nil, "seed \(seed)")
            for (index, (original, replayed)) in zip(pages, replayedPages).enumerated() where original != replayed {
                Issue.record(
                    "seed \(seed): after step \(index + 1) (\(scene.clickPath.entries[index])) the replayed page differs"
                )
                break
            }
            #expect(replayedPages.count == pages.count, "seed \(seed)")
            // The same screens have the same ids, so the URLs of the old pages still name them
            #expect(
                Self.screens(in: copy.window.updatedScreenTree()) == Self.screens(in: scene.window.updatedScreenTree()),
                "seed \(seed)")
            scene.window.rootViewController = nil
            copy.window.rootViewController = nil
        }
    }
}
