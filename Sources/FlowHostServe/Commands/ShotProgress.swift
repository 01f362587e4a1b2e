import Foundation
import Synchronization

/// The shooting's progress on standard error, as ``CrawlProgress`` shows the crawl's: one line
/// rewritten in place on a terminal, a line every 100 pictures elsewhere (a CI log). Called from
/// the tabs' tasks as each picture is done.
final class ShotProgress: Sendable {
    private struct State {
        var lastShown = ContinuousClock.now
        var shownOnTerminal = false
    }

    private let isTerminal = isatty(STDERR_FILENO) != 0
    private let state = Mutex(State())

    func show(done: Int, total: Int) {
        let line = "shooting: \(done) of \(total) pictures"
        if isTerminal {
            let shows = state.withLock { state in
                guard ContinuousClock.now - state.lastShown > .milliseconds(100) || done == total else { return false }
                state.lastShown = .now
                state.shownOnTerminal = true
                return true
            }
            if shows { write("\r" + line + "\u{1B}[K") }
        } else if done % 100 == 0 {
            write(line + "\n")
        }
    }

    func finish() {
        if state.withLock({ $0.shownOnTerminal }) { write("\r\u{1B}[K") }
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
