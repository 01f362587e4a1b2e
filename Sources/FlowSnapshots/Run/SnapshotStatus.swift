/// How a state's picture compares with its baseline.
public enum SnapshotStatus: String, Sendable, Equatable, Codable, CaseIterable {
    /// A picture that differs beyond the threshold and the pixels allowed.
    case changed
    /// A state with no baseline.
    case new
    /// A baseline whose state the crawl no longer reaches.
    case gone
    /// A state that could not be shot (its page did not load in time, Chromium crashed twice on it).
    case failed
    /// The same picture: the same page and files as when its baseline was taken (not shot
    /// again), the same bytes, or differences within the threshold and the pixels allowed.
    case same
}
