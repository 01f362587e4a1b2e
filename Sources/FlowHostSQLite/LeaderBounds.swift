/// How long an append's own task may write on its thread (``SQLiteClickPathStore``'s appends): a
/// leader writes its append, then the appends that queued meanwhile, for at most ``budget``;
/// after a transaction slower than ``slowTransaction``, appends are written on the store's writer
/// queue instead, until one of its transactions is fast again.
///
/// The caller's thread is one of Swift's cooperative pool, which has a thread per core: a write
/// of a few tens of microseconds there costs less than waking the writer's thread (which then
/// waits for a core under load), but a disk that stalls must not stall every session with it.
struct LeaderBounds: Sendable {
    /// How long a leader goes on writing the appends that queued while it wrote, from when it
    /// started; then it hands the rest to the writer queue.
    var budget: Duration
    /// A transaction slower than this says the disk (or the machine) is slow: appends go to the
    /// writer queue until it writes one within this time.
    var slowTransaction: Duration

    /// The bounds a server runs with. A transaction of one append takes ~35 µs of CPU here, one of
    /// 13 (a transaction's size at 64 sessions' clicks) ~200 µs; a write the disk stalls takes
    /// tens of milliseconds or more. A thread preempted for a core under load waits 3-10 ms,
    /// which should not send every append to the writer's thread (whose wake-ups wait as long).
    static let standard = LeaderBounds(budget: .microseconds(500), slowTransaction: .milliseconds(10))
}
