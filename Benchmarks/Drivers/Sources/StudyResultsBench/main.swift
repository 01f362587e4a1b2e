import AsyncHTTPClient
import DriverSupport
import FlowCrawl
import FlowHostApp
import FlowHostSQLite
import Foundation
import HTMLPresenter
import Logging
import MallocInUse
import WebHost

// A study's results over many testers (Benchmarks/study-results.sh): crawls the sample, keeps a
// 3-task study and its testers in a fresh SQLite store through the store's own calls, serves it
// (WebHost, on a free port) and times `GET /_flowhost/studies/bench.json` (read the testers for
// figures, fold them on the live map's crawl, encode; the results' cache is off, so each request
// counts anew): median of the runs, after one that crawls the live map. Before that, without the
// server, it times the store's two reads (whole, as main read, and for figures) and the fold.
// Each task's goal is the screen of one of the crawl's states, its expected path the screens the
// crawler's path to that state went through. Tester i does each task in turn with outcome
// (i + task) % 5: the crawler's path (a direct success), another state's path then a deep link back
// to the start and the crawler's path (an indirect success), another state's path then "Give up",
// or then "I'm done", or a start without end (a bounce: every event two hours old); after a bounce
// nothing more. Every second tester's pages ran the script, with one misclick a task. It checks
// that the JSON's counts are those put in and that both reads fold alike, and prints the times.
// Usage: flowhost-study-results [testers] [runs]    (10000 testers, 5 runs by default)

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let testerCount = arguments.first ?? 10_000
let runs = max(1, arguments.dropFirst().first ?? 5)

let app = try sampleApp()
let clock = ContinuousClock()

var started = clock.now
let crawl = try await Crawler(app: app).crawl()
let traffic = TrafficMap(crawl: crawl, deepLinks: app.deepLinks)
let states = crawl.map.states
let screens = traffic.storyboard.screens
let screenOfState = screens.indices.reduce(into: Array(repeating: 0, count: states.count)) { screenOfState, index in
    for state in screens[index].states { screenOfState[state] = index }
}
print("crawl: \(states.count) states, \(screens.count) screens in \(format(milliseconds(clock.now - started))) ms")

// The screens the crawler's path to `state` went through, consecutive duplicates folded, as the live
// map's traffic follows it (`TrafficMap.walk`); nil when it leaves the map.
func screensThrough(_ state: Int) -> [Int]? {
    let walk = traffic.walk(states[state].clickPath)
    guard walk.isOnMap else { return nil }
    return walk.stops.map(\.screen).reduce(into: []) { if $0.last != $1 { $0.append($1) } }
}

// The goals: three states of three screens, reached in two or more clicks; the detour: a state on
// another screen than the start and the goals (a way through it is no expected one).
let startState = crawl.map.entries.first { $0.label == "start" }?.state ?? 0
guard let link = crawl.map.entries.first(where: { $0.label != "start" && $0.state == startState })?.label
else { fail("no deep link of the sample opens on the start screen") }
let reopen = ClickPath.Entry.deepLink(String(link.dropFirst(DeepLinks.pathPrefix.count)))
var goals: [(state: Int, through: [Int])] = []
for state in states.indices where states[state].clickPath.entries.count >= 2 && goals.count < 3 {
    guard let through = screensThrough(state), through.count >= 2,
        !goals.contains(where: { $0.through.last == through.last })
    else { continue }
    goals.append((state, through))
}
guard goals.count == 3 else { fail("the sample has no three goals of two clicks or more") }
guard
    let detour = states.indices.first(where: { state in
        !states[state].clickPath.entries.isEmpty && screenOfState[state] != screenOfState[startState]
            && !goals.contains { $0.through.last == screenOfState[state] }
    })
else { fail("the sample has no detour screen") }

let study = Study(
    title: "Benchmark",
    tasks: goals.enumerated().map { index, goal in
        StudyTask(
            prompt: "Task \(index + 1)", start: .appStart, goal: [screens[goal.through.last ?? 0].id],
            expected: [goal.through.map { screens[$0].id }])
    })

// What each tester does, and the counts it must give.
enum Outcome: Int, CaseIterable {
    case direct, indirect, gaveUp, done, bounced
}
struct Expected {
    var testers = 0
    var outcomes: [Outcome: Int] = [:]
    var misclicks = 0
    var clicks = 0
}
var expected = Array(repeating: Expected(), count: 3)
let base = Date.now.addingTimeInterval(-2 * 3600)

@MainActor
func tester(_ index: Int) -> (events: [StudyEvent], path: ClickPath) {
    var events: [StudyEvent] = []
    var path: [ClickPath.Entry] = []
    for task in 0..<3 {
        let outcome = Outcome(rawValue: (index + task) % 5) ?? .direct
        let at = base.addingTimeInterval(Double(task * 60))
        events.append(StudyEvent(task: task, at: at, kind: .started(entry: path.count)))
        let part: [ClickPath.Entry]
        switch outcome {
        case .direct: part = states[goals[task].state].clickPath.entries
        case .indirect:
            part = states[detour].clickPath.entries + [reopen] + states[goals[task].state].clickPath.entries
        case .gaveUp, .done, .bounced: part = states[detour].clickPath.entries
        }
        expected[task].testers += 1
        expected[task].outcomes[outcome, default: 0] += 1
        if index.isMultiple(of: 2) {
            events.append(StudyEvent(task: task, at: at, kind: .scriptRan))
            events.append(
                StudyEvent(
                    task: task, at: at, kind: .misclick(screen: screens[screenOfState[startState]].id, x: 0.5, y: 0.5)))
            expected[task].misclicks += 1
            // A bounced tester's part is in no copy: its clicks are unknown, its misclick counted.
            if outcome != .bounced {
                expected[task].clicks += part.count { if case .action = $0 { true } else { false } }
            }
        }
        guard outcome != .bounced else { break }
        path += part
        let end: StudyEvent.Kind
        switch outcome {
        case .direct, .indirect: end = .succeeded(entry: path.count)
        case .gaveUp: end = .gaveUp(entry: path.count)
        default: end = .done(entry: path.count)
        }
        events.append(StudyEvent(task: task, at: at.addingTimeInterval(Double(10 + index % 50)), kind: end))
    }
    return (events, ClickPath(path))
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowhost-study-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: folder) }
let store = try SQLiteClickPathStore(
    path: folder.appendingPathComponent("store.sqlite").path,
    limits: ClickPathStoreLimits(maxTestersPerStudy: testerCount), environment: [:])
started = clock.now
try await store.saveStudy(study, id: "bench", link: String(repeating: "ab", count: 16), expires: .distantFuture)
try await withThrowingTaskGroup(of: Void.self) { group in
    for index in 0..<testerCount {
        if index >= 64 { try await group.next() }
        let (events, path) = tester(index)
        group.addTask {
            _ = try await store.startTester("tester-\(index)", fromStudyLink: String(repeating: "ab", count: 16))
            try await store.record(events, ofTester: "tester-\(index)", at: 0, path: path)
        }
    }
    try await group.waitForAll()
}
print("stored: \(testerCount) testers of a 3-task study in \(format(milliseconds(clock.now - started))) ms")

// Where the time goes, without the server: reading the testers whole (secret values decrypted,
// events decoded as JSON: what main's results read), reading them for figures (what the results
// read now), then folding them; both reads must fold to the same results. What the results held
// cost: the bytes malloc has handed out and not had back, before the fold and while they are held.
func allocatedBytes() -> Int {
    Int(malloc_in_use())
}
var wholeReads: [Double] = []
var reads: [Double] = []
var folds: [Double] = []
var held: [Double] = []
for _ in 0..<runs {
    var start = clock.now
    let whole = try await store.testers(ofStudy: "bench")
    wholeReads.append(milliseconds(clock.now - start))
    start = clock.now
    let testers = try await store.testersForFigures(ofStudy: "bench")
    let read = clock.now
    let (now, before) = (Date.now, allocatedBytes())
    let results = traffic.results(of: study, testers: testers, now: now, idleTime: .seconds(1800))
    let folded = clock.now
    held.append(Double(allocatedBytes() - before) / 1e6)
    guard testers.count == testerCount, results.tasks[0].testers == testerCount else { fail("read or folded too few") }
    guard results == traffic.results(of: study, testers: whole, now: now, idleTime: .seconds(1800)) else {
        fail("the figures read folds to other results than the whole read")
    }
    reads.append(milliseconds(read - start))
    folds.append(milliseconds(folded - read))
}
print(
    "of which: read \(format(reads.sorted()[runs / 2])) ms (the whole read, as main: "
        + "\(format(wholeReads.sorted()[runs / 2])) ms), fold \(format(folds.sorted()[runs / 2])) ms (medians); "
        + "one study's results held: \(format(held.sorted()[runs / 2])) MB")

// What *Open at this state* reads: one tester, the last by position (the longest way to find),
// which must be the whole read's last.
let whole = try await store.testers(ofStudy: "bench")
var alone: [Double] = []
for _ in 0..<runs {
    let start = clock.now
    let one = try await store.tester(ofStudy: "bench", at: testerCount - 1)
    alone.append(milliseconds(clock.now - start))
    guard one == whole.last else { fail("the tester read alone is not the whole read's last") }
}
print("one tester read alone (Open at this state), the last of \(testerCount): \(format(alone.sorted()[runs / 2])) ms")

// The results as a tool reads them.
struct Results: Decodable {
    struct Task: Decodable {
        let testers: Int
        let directSuccess: Int
        let indirectSuccess: Int
        let gaveUp: Int
        let done: Int
        let bounced: Int
        let underWay: Int
        let misclickRate: Double?
    }
    let tasks: [Task]
}

let put = expected
var configuration = WebHostConfiguration()
configuration.port = 0
configuration.host = "127.0.0.1"
// Every request reads and folds anew, as the first after the results' refresh interval does: the
// measure is the count, not the cache.
configuration.trafficRefreshInterval = .zero
var logger = Logger(label: "study-results")
// Cancelling the server at the end logs its closing channels as errors: only what matters more shows.
logger.logLevel = .critical
let server = FlowHostServer(app: app, configuration: configuration, store: store, logger: logger)
let (ports, port) = AsyncStream.makeStream(of: Int.self)
let times = try await withThrowingTaskGroup(of: [Double]?.self) { group in
    group.addTask {
        try await server.run { port.yield($0) }
        return nil
    }
    group.addTask {
        var iterator = ports.makeAsyncIterator()
        guard let bound = await iterator.next() else { fail("the server did not start") }
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { _ = client.shutdown() }
        func results() async throws -> Results {
            let response = try await client.execute(
                HTTPClientRequest(url: "http://127.0.0.1:\(bound)/_flowhost/studies/bench.json"), timeout: .seconds(600)
            )
            guard response.status == .ok else { fail("/_flowhost/studies/bench.json answered \(response.status)") }
            return try JSONDecoder().decode(Results.self, from: try await response.body.collect(upTo: 1 << 24))
        }
        // The first asks the live map's crawl (as an owner's first look at the map or results).
        var measured: Results = try await results()
        var times: [Double] = []
        for _ in 0..<runs {
            let start = clock.now
            measured = try await results()
            times.append(milliseconds(clock.now - start))
        }
        for (task, figures) in measured.tasks.enumerated() {
            let put = put[task]
            let rate = Double(put.misclicks) / Double(put.misclicks + put.clicks)
            let got = [
                figures.testers, figures.directSuccess, figures.indirectSuccess, figures.gaveUp, figures.done,
                figures.bounced, figures.underWay,
            ]
            let want =
                [put.testers] + Outcome.allCases.map { put.outcomes[$0] ?? 0 } + [0]
            guard got == want, let measuredRate = figures.misclickRate, abs(measuredRate - rate) < 1e-9 else {
                fail(
                    "task \(task + 1): testers, direct, indirect, gave up, done, bounced, under way \(got), "
                        + "misclick rate \(String(describing: figures.misclickRate)); put in \(want) and \(rate)")
            }
        }
        return times.sorted()
    }
    guard let times = try await group.next() ?? nil else { fail("the server stopped") }
    group.cancelAll()
    return times
}
let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first ?? "?"
print(
    "results of \(testerCount) testers, 3 tasks, \(runs) runs: median \(format(times[runs / 2])) ms,"
        + " max \(format(times[runs - 1])) ms (load \(load))")
print("checked: every task's testers, direct and indirect successes, gave up, done, bounced and misclick rate")
