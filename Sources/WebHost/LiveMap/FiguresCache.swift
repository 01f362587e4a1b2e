import Foundation
import Synchronization

/// Figures read from the store and computed, kept for `interval`: the live map's traffic (by the
/// crawl and `since`) and each study's results (by the crawl and the study). Each key's figures are
/// computed at most once per `interval` (requests meanwhile wait for that one computation or share
/// its result), for at most `maxKeys` keys at a time, one computation at a time.
final class FiguresCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// Figures and when they were computed.
    private struct Computed {
        let value: Value
        let at: ContinuousClock.Instant
    }

    /// What a request asking for figures is told: here they are, compute them, or ask again (the
    /// request that computed them failed).
    private enum Turn {
        case computed(Value)
        case compute
        case askAgain
    }

    private typealias Waiter = CheckedContinuation<Turn, Never>

    private struct State {
        var computed: [Key: Computed] = [:]
        var computing: [Key: [Waiter]] = [:]
    }

    private let state = Mutex(State())
    private let interval: Duration
    /// At most this many keys are kept; the oldest computed goes first.
    private let maxKeys: Int
    /// One computation at a time, whatever its key: a visitor asking for many keys at once costs
    /// one reading of the store at a time, not one each in parallel.
    private let computations = RequestQueue()

    /// A cache whose figures are computed again once `interval` old, holding at most `maxKeys`.
    init(interval: Duration, maxKeys: Int) {
        self.interval = interval
        self.maxKeys = maxKeys
    }

    /// The figures for `key`: kept ones younger than the interval, else computed by `compute` (by
    /// this request, or by the one computing them already).
    func value(for key: Key, compute: () async throws -> Value) async throws -> Value {
        while true {
            let turn = await withCheckedContinuation { (waiter: Waiter) in
                let now = ContinuousClock.now
                let ready = state.withLock { state -> Turn? in
                    if let computed = state.computed[key], now - computed.at < interval {
                        return .computed(computed.value)
                    }
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
            case .computed(let value): return value
            case .askAgain: continue
            case .compute: return try await computeAndShare(key, compute)
            }
        }
    }

    /// Computes the figures for `key`, keeps them, and hands them to the requests that waited (or
    /// tells them to ask again when computing failed).
    private func computeAndShare(_ key: Key, _ compute: () async throws -> Value) async throws -> Value {
        let value: Value
        do {
            value = try await computations.run { try await compute() }
        } catch {
            let waiters = state.withLock { $0.computing.removeValue(forKey: key) ?? [] }
            for waiter in waiters { waiter.resume(returning: .askAgain) }
            throw error
        }
        let waiters = state.withLock { state -> [Waiter] in
            state.computed[key] = Computed(value: value, at: .now)
            if state.computed.count > maxKeys, let oldest = state.computed.min(by: { $0.value.at < $1.value.at })?.key {
                state.computed[oldest] = nil
            }
            return state.computing.removeValue(forKey: key) ?? []
        }
        for waiter in waiters { waiter.resume(returning: .computed(value)) }
        return value
    }
}
