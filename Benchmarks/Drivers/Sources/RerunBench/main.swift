import DriverSupport
import FlowCrawl
import FlowHostApp
import FlowHostSQLite
import Foundation
import HTMLPresenter

// `flowhost study rerun` over many recorded paths (Benchmarks/rerun.sh): crawls the sample, keeps
// a two-task study in a fresh SQLite store with testers whose paths are ones the crawler drove
// (every sign-in's password sealed as a server stores it), runs the given flowhost binary on it
// and checks the report's counts against what was put in. Task 1, "rate a movie" (goal
// rating/thanks): 9 testers in 10 succeed by the path to one of the crawl's thanks states, the
// 10th has the same path with its last action moved off the screen (a step of an earlier build):
// a regression. Task 2, "open your profile" (goal profile/profile): every other tester succeeds,
// the others give up after a path that reaches no profile screen. Two recorded paths a tester.
// Usage: flowhost-rerun FLOWHOST-BINARY [paths]    (1000 paths by default)

let arguments = Array(CommandLine.arguments.dropFirst())
guard let binary = arguments.first else {
    print("usage: flowhost-rerun FLOWHOST-BINARY [paths]")
    exit(2)
}
let paths = arguments.dropFirst().first.flatMap { Int($0) } ?? 1000
let testers = max(1, paths / 2)

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

let app = try sampleApp()
let crawl = try await Crawler(app: app).crawl()
let traffic = TrafficMap(crawl: crawl, deepLinks: app.deepLinks)
let screens = traffic.storyboard.screens

/// Whether `path`, walked on the crawl, shows a screen of `template` anywhere.
func visits(_ path: ClickPath, _ template: String) -> Bool {
    traffic.walk(path).stops.contains { screens[$0.screen].template == template }
}

let states = crawl.map.states
let rated = states.filter { $0.template == "rating/thanks" }.map(\.clickPath)
let profiles = states.filter { $0.template == "profile/profile" }.map(\.clickPath)
let elsewhere = states.map(\.clickPath).filter { !$0.entries.isEmpty && !visits($0, "profile/profile") }
guard !rated.isEmpty, !profiles.isEmpty, !elsewhere.isEmpty else { fail("the sample has no thanks or profile state") }

/// The same path, its last action an index no screen has: recorded on an earlier build.
func broken(_ path: ClickPath) -> ClickPath {
    var path = path
    guard let last = path.entries.lastIndex(where: { if case .action = $0 { true } else { false } }),
        case .action(let position, let fields) = path.entries[last]
    else { fail("a path to the thanks screen without an action") }
    path.entries[last] = .action(ActionPosition(screen: position.screen, index: 99), fields: fields)
    return path
}

let study = Study(
    title: "Rerun benchmark",
    tasks: [
        StudyTask(prompt: "Rate a movie", start: .appStart, goal: ["rating/thanks"]),
        StudyTask(prompt: "Open your profile", start: .appStart, goal: ["profile/profile"]),
    ])
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowhost-rerun-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: folder) }
let file = folder.appendingPathComponent("store.sqlite").path
let store = try SQLiteClickPathStore(
    path: file, limits: ClickPathStoreLimits(maxTestersPerStudy: testers), environment: [:])
var expected = (reaching: 0, regressions: 0, entries: 0)
let filling = ContinuousClock.now
try await store.whileRunning { store in
    try await store.saveStudy(study, id: "bench", link: "bench-link", expires: .now + 3600)
    for tester in 0..<testers {
        let isBroken = tester % 10 == 9
        let first = isBroken ? broken(rated[tester % rated.count]) : rated[tester % rated.count]
        let gaveUp = tester % 2 == 1
        let second = gaveUp ? elsewhere[tester % elsewhere.count] : profiles[tester % profiles.count]
        let split = first.entries.count
        let end = split + second.entries.count
        let events = [
            StudyEvent(task: 0, at: .now, kind: .started(entry: 0)),
            StudyEvent(task: 0, at: .now, kind: .succeeded(entry: split)),
            StudyEvent(task: 1, at: .now, kind: .started(entry: split)),
            StudyEvent(task: 1, at: .now, kind: gaveUp ? .gaveUp(entry: end) : .succeeded(entry: end)),
        ]
        _ = try await store.startTester("tester-\(tester)", fromStudyLink: "bench-link")
        try await store.record(
            events, ofTester: "tester-\(tester)", at: 0, path: ClickPath(first.entries + second.entries))
        expected.reaching += (isBroken ? 0 : 1) + (gaveUp ? 0 : 1)
        expected.regressions += isBroken ? 1 : 0
        expected.entries += end
    }
}
print(
    "stored: \(testers) testers, \(testers * 2) recorded paths, \(expected.entries) entries in"
        + String(format: " %.1f s", seconds(ContinuousClock.now - filling)))

let process = Process()
process.executableURL = URL(fileURLWithPath: binary)
process.arguments = ["study", "rerun", "bench", "--store", file, "--format", "json"]
process.currentDirectoryURL = repositoryRoot
let output = Pipe()
let errors = Pipe()
process.standardOutput = output
process.standardError = errors
let started = ContinuousClock.now
try process.run()
let out = output.fileHandleForReading.readDataToEndOfFile()
let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
process.waitUntilExit()
let total = seconds(ContinuousClock.now - started)

guard process.terminationStatus == (expected.regressions > 0 ? 1 : 0) else {
    fail("flowhost exited \(process.terminationStatus), expected \(expected.regressions > 0 ? 1 : 0): \(err)")
}
guard let report = try? JSONSerialization.jsonObject(with: out) as? [String: Any] else {
    fail("no JSON report: \(err)")
}
let counted = (report["paths"] as? Int, report["reaching"] as? Int, report["regressions"] as? Int)
guard counted == (testers * 2, expected.reaching, expected.regressions) else {
    fail(
        "the report counts \(counted) (paths, reaching, regressions);"
            + " expected \((testers * 2, expected.reaching, expected.regressions))")
}
let results = report["results"] as? [[String: Any]] ?? []
let missing = results.count { ($0["missingStep"] as? [String: Any])?["action"] as? String != nil }
guard missing == expected.regressions else {
    fail("\(missing) paths name a missing step; expected \(expected.regressions)")
}
// The command says how long the replay alone took (the rest is loading the app and crawling it).
let replayLine = err.split(separator: "\n").first { $0.hasPrefix("replayed ") }.map(String.init) ?? ""
let replay = replayLine.split(separator: " ").dropLast().last.flatMap { Double($0) }
guard let replay else { fail("the command did not say how long the replay took: \(err)") }
print(
    String(
        format: "study rerun of %d recorded paths: %.2f s in all (the crawl and app included), replay %.2f s,"
            + " %.2f ms a path",
        testers * 2, total, replay, replay * 1000 / Double(testers * 2)))
print(
    "checked: \(report["summary"] as? String ?? ""); exit status \(process.terminationStatus);"
        + " each regression names its missing step")
