import ServiceLifecycle
import Testing

@testable import WebHost

@Suite("The live flow map's crawl")
struct ServedFlowMapTests {
    @Test("requests share one crawl, and its page is kept")
    func oneCrawlShared() async throws {
        let crawls = Locked(0)
        try await withHostTasks { (tasks: HostTasks) async throws in
            let map = ServedFlowMap<String>(tasks: tasks)
            let crawl: ServedFlowMap<String>.MakeValue = {
                crawls.withLock { $0 += 1 }
                try await Task.sleep(for: .milliseconds(50))
                return "map"
            }
            async let first = map.value(crawling: crawl)
            async let second = map.value(crawling: crawl)
            #expect(try await [first, second] == ["map", "map"])
            #expect(try await map.value(crawling: crawl) == "map")
        }
        #expect(crawls.withLock { $0 } == 1)
    }

    @Test("a failed crawl is not kept: the next request crawls again")
    func failureIsRetried() async throws {
        struct Broken: Error {}
        let attempts = Locked(0)
        try await withHostTasks { (tasks: HostTasks) async throws in
            let map = ServedFlowMap<String>(tasks: tasks)
            let crawl: ServedFlowMap<String>.MakeValue = {
                let attempt = attempts.withLock { count in
                    count += 1
                    return count
                }
                if attempt == 1 { throw Broken() }
                return "map \(attempt)"
            }
            await #expect(throws: Broken.self) { try await map.value(crawling: crawl) }
            #expect(try await map.value(crawling: crawl) == "map 2")
        }
    }

    @Test("reloaded templates drop the running crawl; its waiters get a crawl of the new templates")
    func reloadDropsTheCrawl() async throws {
        let templates = Locked("old")
        let started = Locked(false)
        let cancelled = Locked(false)
        try await withHostTasks { (tasks: HostTasks) async throws in
            let map = ServedFlowMap<String>(tasks: tasks)
            let crawl: ServedFlowMap<String>.MakeValue = {
                let version = templates.withLock { $0 }
                if version == "old" {
                    started.withLock { $0 = true }
                    do {
                        try await Task.sleep(for: .seconds(30))
                    } catch {
                        cancelled.withLock { $0 = true }
                        throw error
                    }
                }
                return "map of \(version) templates"
            }
            async let page = map.value(crawling: crawl)
            try await waitUntil { started.withLock { $0 } }
            templates.withLock { $0 = "new" }
            map.templatesChanged()
            #expect(try await page == "map of new templates")
            #expect(try await map.value(crawling: crawl) == "map of new templates", "kept until the next reload")
            // Cancelled by the reload, not by the server stopping: the old crawl is not left running.
            try await waitUntil { cancelled.withLock { $0 } }
        }
    }

    @Test("a crawl running when the server stops ends with it")
    func stopEndsTheCrawl() async throws {
        let tasks = HostTasks()
        let map = ServedFlowMap<String>(tasks: tasks)
        let group = ServiceGroup(services: [tasks], logger: .init(label: "test"))
        try await withThrowingTaskGroup(of: Void.self) { running in
            running.addTask { try await group.run() }
            running.addTask {
                await #expect(throws: CancellationError.self) {
                    try await map.value {
                        try await Task.sleep(for: .seconds(60))
                        return "never"
                    }
                }
            }
            try await Task.sleep(for: .milliseconds(50))
            await group.triggerGracefulShutdown()
            try await running.waitForAll()
        }
        await #expect(throws: CancellationError.self, "a stopped server starts no crawl") {
            try await map.value { "never" }
        }
    }
}

/// Runs `body` with a running ``HostTasks``, stopped afterwards.
private func withHostTasks(_ body: (HostTasks) async throws -> Void) async throws {
    let tasks = HostTasks()
    let group = ServiceGroup(services: [tasks], logger: .init(label: "test"))
    try await withThrowingTaskGroup(of: Void.self) { running in
        running.addTask { try await group.run() }
        try await body(tasks)
        await group.triggerGracefulShutdown()
        try await running.waitForAll()
    }
}
