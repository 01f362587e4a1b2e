/// Why a ``ClickPathStore`` did not keep what a study's tester did. Nothing of the call was
/// stored. Session ids are cookie values: messages show their first eight characters.
public enum StudyRecordError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No study has this link.
    case noSuchStudyLink
    /// The study link expired.
    case studyLinkExpired
    /// The study's owner revoked the link.
    case studyLinkRevoked
    /// The study has `limit` testers, as many as it may keep.
    case tooManyTesters(study: String, limit: Int)
    /// The events' `start` is not the number stored (`nil`: the session is no tester).
    case eventStartMismatch(tester: String, start: Int, stored: Int?)
    /// The tester would have more than `limit` events.
    case tooManyEvents(tester: String, limit: Int)
    /// The store keeps `limit` studies, as many as it may.
    case tooManyStudies(limit: Int)

    /// What went wrong, for the log.
    public var description: String {
        switch self {
        case .noSuchStudyLink: "This study link opens no study"
        case .studyLinkExpired: "This study link has expired"
        case .studyLinkRevoked: "This study link was revoked by the study's owner"
        case .tooManyTesters(let study, let limit):
            "Study \(study) has \(limit) testers, its limit: no new tester is recorded"
        case .eventStartMismatch(let tester, let start, let stored?):
            "Tester \(tester.prefix(8)): events at \(start) do not follow the \(stored) stored"
        case .eventStartMismatch(let tester, let start, nil):
            "Tester \(tester.prefix(8)): events at \(start), but the session is no tester of a study"
        case .tooManyEvents(let tester, let limit):
            "Tester \(tester.prefix(8)): more than \(limit) events, the store's limit; no more are recorded"
        case .tooManyStudies(let limit):
            "The store keeps \(limit) studies, its limit: no new study is kept"
        }
    }
}

extension StudyRecordError {
    /// Why a study link whose study has `status` (nil: no study has it) opens nothing; nil when it opens.
    package static func refusal(opening status: SharedPath.Status?) -> StudyRecordError? {
        switch status {
        case nil: .noSuchStudyLink
        case .expired?: .studyLinkExpired
        case .revoked?: .studyLinkRevoked
        case .open?: nil
        }
    }
}
