/// How pixel snapshots are taken and compared.
///
/// ```swift
/// var options = SnapshotOptions()
/// options.scale = 1
/// options.dark = true
/// ```
public struct SnapshotOptions: Sendable, Equatable {
    /// The phone's screen in CSS pixels: 390 x 844, an iPhone 14's (the chrome draws the page as
    /// on the phone itself at this size, without the frame around it).
    public var width = 390
    /// See ``width``.
    public var height = 844
    /// Device pixels per CSS pixel: 2 by default (a 780 x 1688 picture).
    public var scale = 2.0
    /// Whether each state is shot in the dark colour scheme too (as `<name>.dark`).
    public var dark = false
    /// How far apart (0 to 1, in YIQ distance) two pixels may be and still count as the same:
    /// pixelmatch's default, 0.1.
    public var threshold = 0.1
    /// How many pixels may differ before a state counts as changed.
    public var allowedDifferentPixels = 0
    /// Shoots every state, even those whose page and files are unchanged since their baseline.
    public var all = false
    /// Shoots one state of every storyboard screen (its first found), even when its page and files
    /// are unchanged, besides the states whose page changed: the pictures checked on this machine
    /// for a few shots, not one per state (CI's check of the sample's 574 states).
    public var everyScreen = false
    /// What the run writes into the baseline folder.
    public var recording = SnapshotRecording.never
    /// How many tabs shoot at once.
    public var tabs = 3
    /// How long one page may take to load and be shot before its state fails.
    public var pageTimeout = Duration.seconds(30)
    /// The Chromium to run; nil: Debian's (see ``Chromium/find(_:)``).
    public var chromium: String?

    /// The defaults.
    public init() {}

    /// Whether every state is shot: ``all``, or recording every picture anew.
    var shootsAll: Bool { all || recording == .all }

    /// The viewport of the tabs.
    var viewport: BrowserTab.Viewport { BrowserTab.Viewport(width: width, height: height) }
}
