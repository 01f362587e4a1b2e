import FlowCrawl
import Foundation
import Synchronization

/// The live map's traffic: the stored sessions' paths and their figures, read and computed at most
/// once per `interval` for each `since` asked (requests meanwhile wait for that one computation or
/// share its result), off the main actor, for at most a few `since` values at a time.
final class TrafficCache: Sendable {
    /// The sessions read and walked, and their figures, at one time.
    struct Counted: Sendable {
        let walks: [PathWalk]
        let figures: TrafficFigures
        let at: ContinuousClock.Instant
    }

    /// What the figures were computed for: the crawl (its templates' generation) and `since`.
    struct Key: Hashable {
        let map: Int
        let since: Date?
    }

    /// What a request asking for figures is told: here they are, compute them, or ask again (the
    /// request that computed them failed).
    private enum Turn {
        case counted(Counted)
        case compute
        case askAgain
    }

    private typealias Waiter = CheckedContinuation<Turn, Never>

    private struct State {
        var counted: [Key: Counted] = [:]
        var computing: [Key: [Waiter]] = [:]
    }

    /// At most this many `since` values are kept; the oldest computed goes first.
    private static let maxKeys = 16
    private let state = Mutex(State())
    private let interval: Duration
    /// One computation at a time, whatever its `since`: a visitor asking for many `since` values
    /// at once costs one reading of the store at a time, not one each in parallel.
    private let computations = RequestQueue()

    /// A cache whose figures are computed again once `interval` old.
    init(interval: Duration) {
        self.interval = interval
    }

    /// The figures for `key`: kept ones younger than the interval, else computed by `compute` (by
    /// this request, or by the one computing them already).
    func counted(for key: Key, compute: () async throws -> Counted) async throws -> Counted {
        while true {
            let turn = await withCheckedContinuation { (waiter: Waiter) in
                let now = ContinuousClock.now
                let ready = state.withLock { state -> Turn? in
                    if let counted = state.counted[key], now - counted.at < interval { return .counted(counted) }
                    guard state.computing[key] == nil else {
                        state.computing[key]?.append(waiter)
                        return nil
                    }
                    state.computing[key] = []
                    return .compute
                }
                if let ready { waiter.resume(returning: ready) }
            }
            switch turn {
            case .counted(let counted): return counted
            case .askAgain: continue
            case .compute: return try await computeAndShare(key, compute)
            }
        }
    }

    /// Computes the figures for `key`, keeps them, and hands them to the requests that waited (or
    /// tells them to ask again when computing failed).
    private func computeAndShare(_ key: Key, _ compute: () async throws -> Counted) async throws -> Counted {
        let counted: Counted
        do {
            counted = try await computations.run { try await compute() }
        } catch {
            let waiters = state.withLock { $0.computing.removeValue(forKey: key) ?? [] }
            for waiter in waiters { waiter.resume(returning: .askAgain) }
            throw error
        }
        let waiters = state.withLock { state -> [Waiter] in
            state.counted[key] = counted
            if state.counted.count > Self.maxKeys,
                let oldest = state.counted.min(by: { $0.value.at < $1.value.at })?.key
            {
                state.counted[oldest] = nil
            }
            return state.computing.removeValue(forKey: key) ?? []
        }
        for waiter in waiters { waiter.resume(returning: .counted(counted)) }
        return counted
    }
}
