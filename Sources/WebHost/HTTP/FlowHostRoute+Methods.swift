import HTMLPresenter
import Hummingbird

extension FlowHostRoute {
    /// The methods the host answers on this route.
    var allowedMethods: [HTTPRequest.Method] {
        switch self {
        case .action, .share, .revokeShare, .backToHere, .studyDone, .studyGiveUp, .studyMisclick,
            .studyScriptRan, .openTesterPart:
            [.post]
        case .comments, .study, .newStudy: [.get, .head, .post]
        case .comment(_, let action): action == .open ? [.get, .head] : [.post]
        case .commentForm, .commentsJSON: [.get, .head]
        case .root, .screen, .events, .link, .chromeFile, .publicFile, .health, .status, .map, .mapJSON,
            .mapThumbnail, .sharePage, .shared, .inspector, .studyThanks, .studyFile, .studies, .studiesJSON,
            .studyResults:
            [.get, .head]
        case .unknown: []
        }
    }
}
