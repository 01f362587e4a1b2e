import Foundation

/// The crawl's progress on standard error: one line rewritten in place on a terminal, a line every
/// 250 states elsewhere (a CI log).
@MainActor
final class CrawlProgress {
    private let isTerminal = isatty(STDERR_FILENO) != 0
    private var lastShown = ContinuousClock.now
    private var lastLogged = 0
    private var shownOnTerminal = false

    func show(found: Int, queued: Int) {
        let line = "crawling: \(found) states found, \(queued) queued"
        if isTerminal {
            guard ContinuousClock.now - lastShown > .milliseconds(100) else { return }
            lastShown = .now
            shownOnTerminal = true
            write("\r" + line + "\u{1B}[K")
        } else if found >= lastLogged + 250 {
            lastLogged = found - found % 250
            write(line + "\n")
        }
    }

    func finish() {
        if shownOnTerminal { write("\r\u{1B}[K") }
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
