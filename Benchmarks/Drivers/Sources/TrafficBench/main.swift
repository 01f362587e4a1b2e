import DriverSupport
import FlowCrawl
import FlowHostApp
import FlowHostSQLite
import Foundation
import HTMLPresenter

// Traffic figures over many stored sessions (Benchmarks/traffic.sh): crawls the sample, stores
// each session's click path in a fresh SQLite store, then times what the live map does for its
// figures: reading the paths back (`sessionPaths(usedSince:limit:)`) and folding them onto the
// storyboard (`TrafficMap`). A session's path is the path of one of the crawl's states (a real
// path the crawler drove), then up to 7 more, each after a deep link that opens on the start
// screen: about 20 entries a session, every sign-in's password sealed anew as a server stores it. It checks that the figures are the ones expected: every session counted, none off the map,
// each ending on the screen of its last state (counted from the crawl's screens, not by the fold).
// Usage: flowhost-traffic [sessions] [runs]    (10000 sessions, 5 runs by default)

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let sessions = arguments.first ?? 10_000
let runs = arguments.dropFirst().first ?? 5

let app = try sampleApp()
let clock = ContinuousClock()

var started = clock.now
let crawl = try await Crawler(app: app).crawl()
let traffic = TrafficMap(crawl: crawl, deepLinks: app.deepLinks)
let states = crawl.map.states
print(
    "crawl: \(states.count) states, \(traffic.storyboard.screens.count) screens in"
        + " \(format(milliseconds(clock.now - started))) ms")

// Session i walks to state i * 7919 mod the state count (every state, in a scattered order), then
// i % 8 times opens a deep link that lands on the start screen (signed out, as the sample's do)
// and walks from there to another state; it ends on the last.
let startState = crawl.map.entries.first { $0.label == "start" }?.state ?? 0
guard let link = crawl.map.entries.first(where: { $0.label != "start" && $0.state == startState })?.label
else { fail("no deep link of the sample opens on the start screen") }
let reopen = ClickPath.Entry.deepLink(String(link.dropFirst(DeepLinks.pathPrefix.count)))
let statesOfSession = (0..<sessions).map { session in
    [session * 7919 % states.count] + (0..<session % 8).map { (session * 31 + $0 * 17) % states.count }
}
let stateOfSession = statesOfSession.map { $0.last ?? 0 }
func path(through walked: [Int]) -> [ClickPath.Entry] {
    states[walked[0]].clickPath.entries + walked.dropFirst().flatMap { [reopen] + states[$0].clickPath.entries }
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowhost-traffic-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: folder) }
let store = try SQLiteClickPathStore(
    path: folder.appendingPathComponent("store.sqlite").path, limits: ClickPathStoreLimits(maxSessions: sessions),
    environment: [:])
started = clock.now
try await withThrowingTaskGroup(of: Void.self) { group in
    // Concurrent appends share transactions, as a busy server's do.
    for (session, walked) in statesOfSession.enumerated() {
        if session >= 64 { try await group.next() }
        let entries = path(through: walked)
        group.addTask { try await store.append(entries, toSession: "session-\(session)", at: 0) }
    }
    try await group.waitForAll()
}
let entries = statesOfSession.reduce(0) { $0 + path(through: $1).count }
print("stored: \(sessions) sessions, \(entries) entries in \(format(milliseconds(clock.now - started))) ms")

var reads: [Double] = []
var folds: [Double] = []
var figures = TrafficFigures(screens: 0, segues: 0)
for _ in 0..<runs {
    let start = clock.now
    let paths = try await store.sessionPaths(usedSince: nil, limit: sessions)
    let read = clock.now
    figures = traffic.figures(of: paths)
    let folded = clock.now
    guard paths.count == sessions else { fail("read \(paths.count) paths of \(sessions)") }
    reads.append(milliseconds(read - start))
    folds.append(milliseconds(folded - read))
}
let totals = zip(reads, folds).map { $0 + $1 }.sorted()
print(
    "figures over \(sessions) sessions, \(runs) runs: read \(format(reads.sorted()[runs / 2])) ms,"
        + " fold \(format(folds.sorted()[runs / 2])) ms, total median \(format(totals[runs / 2])) ms,"
        + " max \(format(totals[runs - 1])) ms")

// What the figures must be, from the crawl alone.
var screenOfState = Array(repeating: 0, count: states.count)
for (index, screen) in traffic.storyboard.screens.enumerated() {
    for state in screen.states { screenOfState[state] = index }
}
var expectedExits = Array(repeating: 0, count: traffic.storyboard.screens.count)
for state in stateOfSession { expectedExits[screenOfState[state]] += 1 }
let start = screenOfState[startState]
let fromStart = statesOfSession.count {
    if case .deepLink = path(through: $0).first { return false }
    return true
}
guard figures.sessions == sessions, figures.offMap == 0 else {
    fail("\(figures.sessions) sessions counted, \(figures.offMap) off the map; expected \(sessions) and 0")
}
guard figures.screens.map(\.exits) == expectedExits else {
    fail("exits by screen \(figures.screens.map(\.exits)), expected \(expectedExits)")
}
guard figures.screens[start].visits >= fromStart else {
    fail("\(figures.screens[start].visits) sessions reached the start screen, expected at least \(fromStart)")
}
print("checked: every session counted, none off the map, each ending on its last state's screen")
