import HTMLPresenter

/// A bound that kept something out of a session's click path, as a scene reports it for the log.
package enum RecordingLimit: Sendable, Equatable {
    /// A form's values were too long to take (``FormField/maxValueBytes``,
    /// ``FormField/maxSubmissionBytes``): refused with field errors, nothing recorded.
    case valueTooLong
    /// The path reached this many entries: what the session does next is not recorded.
    case pathFull(Int)
}
