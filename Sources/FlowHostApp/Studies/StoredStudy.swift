import Foundation

/// A study as a ``ClickPathStore`` keeps it: its id, what it asks, and whether its link opens.
public struct StoredStudy: Sendable, Equatable {
    /// Its id, in the owner's URLs (`/_flowhost/studies/ID`): a study file's name.
    public var id: String
    /// What it asks.
    public var study: Study
    /// When its link stops opening.
    public var expires: Date
    /// Whether its link opens now (a study link expires and is revoked as a share link is).
    public var status: SharedPath.Status

    /// A study as a store read it.
    public init(id: String, study: Study, expires: Date, status: SharedPath.Status) {
        self.id = id
        self.study = study
        self.expires = expires
        self.status = status
    }
}
