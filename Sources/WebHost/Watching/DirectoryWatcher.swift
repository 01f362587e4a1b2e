import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Watches folders, and every folder in them (new ones included), with the kernel's file events
/// (Linux inotify): no polling. It reports the paths that changed — a file written and closed,
/// created, moved in or out, deleted — in batches: changes that follow each other within
/// `quietPeriod` (an editor's save is often several) come as one.
///
/// Names that editors use for scratch files are ignored: hidden ones (`.list.mustache.swp`), backups
/// ending in `~`, and vim's `4913` write probe.
final class DirectoryWatcher: Sendable {
    /// The changed paths (each a watched folder's path as given, then the names under it), one set
    /// per batch. Ends when the watcher stops.
    let changes: AsyncStream<Set<String>>
    private let stopWatching: @Sendable () -> Void

    /// Starts watching `directories`.
    ///
    /// - Throws: ``DirectoryWatcherError`` when the system refuses (no inotify, too many watches, a
    ///   folder that is not there).
    init(directories: [String], quietPeriod: Duration = .milliseconds(30)) throws(DirectoryWatcherError) {
        #if canImport(Glibc)
            let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard descriptor >= 0 else { throw .unavailable(String(cString: strerror(errno))) }
            let (changes, continuation) = AsyncStream.makeStream(of: Set<String>.self)
            let watches = Watches(descriptor: descriptor)
            for directory in directories {
                if let problem = watches.add(directory) {
                    close(descriptor)
                    throw .cannotWatch(directory, problem)
                }
            }
            let queue = DispatchQueue(label: "flowhost.directory-watcher")
            let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
            let delay = DispatchTimeInterval.nanoseconds(
                Int(quietPeriod.components.seconds) * 1_000_000_000
                    + Int(quietPeriod.components.attoseconds / 1_000_000_000))
            source.setEventHandler {
                guard watches.readEvents() else { return }
                queue.asyncAfter(deadline: .now() + delay) {
                    if let batch = watches.takeBatch() { continuation.yield(batch) }
                }
            }
            source.setCancelHandler {
                close(descriptor)
                continuation.finish()
            }
            source.resume()
            let cancel = Cancel(source: source)
            continuation.onTermination = { _ in cancel.run() }
            self.changes = changes
            stopWatching = { cancel.run() }
        #else
            throw .unavailable("watching folders needs Linux inotify")
        #endif
    }

    /// Stops watching; ``changes`` ends.
    func stop() {
        stopWatching()
    }

    deinit {
        stopWatching()
    }

    /// Whether a changed name is an editor's scratch file rather than a file of the app.
    static func isScratch(_ name: some StringProtocol) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || name == "4913"
    }
}

#if canImport(Glibc)
    /// Cancels a dispatch source once, from any thread.
    private final class Cancel: Sendable {
        // DispatchSource is thread-safe (cancel may be called from any thread) but not marked Sendable.
        nonisolated(unsafe) private let source: any DispatchSourceRead
        private let done = Atomic(false)

        init(source: any DispatchSourceRead) { self.source = source }

        func run() {
            guard !done.exchange(true, ordering: .relaxed) else { return }
            source.cancel()
        }
    }

    /// The watch of each folder and the changes not yet reported. Used on the watcher's queue.
    private final class Watches: Sendable {
        private struct State {
            var folders: [Int32: String] = [:]
            var pending: Set<String> = []
        }

        private static let mask =
            UInt32(IN_CLOSE_WRITE) | UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM)
            | UInt32(IN_MOVED_TO) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_ONLYDIR)

        private let descriptor: Int32
        private let state = Mutex(State())

        init(descriptor: Int32) { self.descriptor = descriptor }

        /// Watches `directory` and every folder in it; returns why not, if it cannot.
        func add(_ directory: String) -> String? {
            let watch = inotify_add_watch(descriptor, directory, Self.mask)
            guard watch >= 0 else { return String(cString: strerror(errno)) }
            state.withLock { $0.folders[watch] = directory }
            let children = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            for child in children where !DirectoryWatcher.isScratch(child) {
                let path = directory + "/" + child
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                    _ = add(path)
                }
            }
            return nil
        }

        /// Reads the events waiting; returns whether they started a new batch (the caller then
        /// schedules its report).
        func readEvents() -> Bool {
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            var startsBatch = false
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                var offset = 0
                while offset + MemoryLayout<inotify_event>.size <= count {
                    let event = buffer.withUnsafeBytes {
                        $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    }
                    let nameStart = offset + MemoryLayout<inotify_event>.size
                    let nameBytes = buffer[nameStart..<nameStart + Int(event.len)].prefix { $0 != 0 }
                    offset = nameStart + Int(event.len)
                    if handle(event, name: String(decoding: nameBytes, as: UTF8.self)) { startsBatch = true }
                }
            }
            return startsBatch
        }

        /// Notes one event; returns whether it started a new batch.
        private func handle(_ event: inotify_event, name: String) -> Bool {
            if event.mask & UInt32(IN_IGNORED) != 0 {
                state.withLock { _ = $0.folders.removeValue(forKey: event.wd) }
                return false
            }
            guard !DirectoryWatcher.isScratch(name), let folder = state.withLock({ $0.folders[event.wd] }) else {
                return false
            }
            let path = name.isEmpty ? folder : folder + "/" + name
            let isNewFolder =
                event.mask & UInt32(IN_ISDIR) != 0 && event.mask & (UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) != 0
            // A folder made or moved in: watch it (and what it already holds) too.
            if isNewFolder { _ = add(path) }
            return state.withLock { state in
                let wasEmpty = state.pending.isEmpty
                state.pending.insert(path)
                return wasEmpty
            }
        }

        /// The paths changed since the last batch; nil when none.
        func takeBatch() -> Set<String>? {
            state.withLock { state in
                defer { state.pending = [] }
                return state.pending.isEmpty ? nil : state.pending
            }
        }
    }
#endif
