import FlowHostApp
import HTMLPages
import HTMLPresenter

/// Every URL FlowHost serves, both ways: parsed from a request's path and query, and built into
/// the pages (`PageLinks/served(version:screen:process:showsInspector:)`) and redirects. No other
/// code writes a FlowHost path by hand.
///
/// ```swift
/// #expect(FlowHostRoute(path: "/screen/12", query: nil) == .screen(ScreenID(rawValue: 12)))
/// #expect(FlowHostRoute.events(after: 4).url == "/_events?v=4")
/// ```
public enum FlowHostRoute: Equatable, Sendable {
    /// `/`: the current screen.
    case root
    /// `/screen/<id>`: one screen of the session.
    case screen(ScreenID)
    /// `/_action/<token>`: an action of the page on screen.
    case action(token: String)
    /// `/_events?v=<version>`: the live-move stream of an open page, which shows page `version`
    /// (nil when the query names none).
    case events(after: Int?)
    /// `/link/<path>`: a deep link (`path` still percent-encoded).
    case link(String)
    /// `/_flowhost/<path>`: a static file of the chrome (`flowhost.css`, `flowhost.js`).
    case chromeFile(String)
    /// `/public/<path>`: a static file of the app's `Public/` folder.
    case publicFile(String)
    /// `/_share` (POST): share the screen on top; answers with the page of its link.
    case share
    /// `/_share/<id>`: the page that shows the share link `id`.
    case sharePage(id: String)
    /// `/_share/<id>/revoke` (POST): the share link `id` stops opening (only its sharer may).
    case revokeShare(id: String)
    /// `/s/<id>`: a share link; opening it starts a new session at the shared screen.
    case shared(id: String)
    /// `/_flowhost/inspector`: the inspector of the session (coordinator tree, step log, click path).
    case inspector
    /// `/_flowhost/inspector/back/<n>` (POST): "Back to here": the session becomes the replay of
    /// the first `entryCount` entries of its click path.
    case backToHere(entryCount: Int)
    /// `/healthz`.
    case health
    /// `/_flowhost/status`: session and stream counts, as JSON.
    case status
    /// `/_flowhost/map`: the flow map of the app as built, crawled in windows of its own, with where
    /// people went (query: `since`, a funnel's `from` and `to`).
    case map
    /// `/_flowhost/map.json`: the storyboard of ``map`` as JSON, with its traffic figures.
    case mapJSON
    /// `/_flowhost/map/state/<n>`: the page of the map's state `n`, shown in its screen's thumbnail.
    case mapThumbnail(state: Int)
    /// `/study/<link>`: a study's link: its welcome page (GET), and the start of a tester (POST).
    case study(link: String)
    /// `/_study/done` (POST): the tester says "I'm done" with the task under way.
    case studyDone
    /// `/_study/give-up` (POST): the tester gives up the task under way.
    case studyGiveUp
    /// `/_study/thanks`: the page a tester sees after a study's last task.
    case studyThanks
    /// `/_study/misclick` (POST, from `flowhost.js`): a click on the tester's screen that hit no
    /// action.
    case studyMisclick
    /// `/_study/script-ran` (POST, from `flowhost.js`): the script runs on the tester's page, so
    /// their misclicks are known.
    case studyScriptRan
    /// `/_flowhost/studies/new`: the owner's New study form (GET), which saves a study (POST).
    case newStudy
    /// `/_flowhost/studies/<id>/study.json`: the study `id` as a study file, to keep in the app's
    /// `Studies/` folder.
    case studyFile(id: String)
    /// `/_flowhost/comments`: every thread (GET), or a new comment on the session's screen (POST).
    case comments
    /// `/_flowhost/comments/new`: the form that writes a comment on the session's screen.
    case commentForm
    /// `/_flowhost/comments.json`: every comment, for tools.
    case commentsJSON
    /// `/_flowhost/comments/<id>/<action>`: answer, resolve, reopen or delete a thread (POST), or
    /// open a fresh session at its state (GET).
    case comment(id: String, CommentAction)
    /// `/_flowhost/studies`: the studies, each with its link and its results.
    case studies
    /// `/_flowhost/studies.json`: the studies as JSON (`id`, `title`, `link`).
    case studiesJSON
    /// `/_flowhost/studies/<id>`, `.json`, `.csv`: the results of the study `id`.
    case studyResults(id: String, StudyResultsFormat)
    /// `/_flowhost/studies/<id>/open` (POST: `tester`, `task`): a fresh session replayed to a
    /// tester's part of a task.
    case openTesterPart(study: String)
    /// Anything else.
    case unknown

    /// The chrome's stylesheet, under this process's version of the chrome's files
    /// (`/_flowhost/v<16 hex digits>/flowhost.css`), which a browser keeps without asking again.
    public static let stylesheet = FlowHostRoute.chromeFile(ChromeVersion.current + "/" + Chrome.stylesheet)
    /// The chrome's script (live moves), under this process's version of the chrome's files.
    public static let script = FlowHostRoute.chromeFile(ChromeVersion.current + "/" + Chrome.script)
    /// The flow map's stylesheet, under this process's version of the chrome's files.
    public static let mapStylesheet = FlowHostRoute.chromeFile(ChromeVersion.current + "/" + Chrome.mapStylesheet)
    /// Where the chrome's own static files are served.
    public static let chromeFilesPrefix = "/_flowhost/"
    /// Where the app's `Public/` folder is served.
    public static let publicFilesPrefix = "/public/"
    static let actionPrefix = "/_action/"
    /// The query of an action posted by a page whose script puts the screen's URL in the address
    /// bar (`flowhost.js`): the answer is the screen's page itself rather than a `303` to it.
    static let pageAnswerQuery = "answer=page"
    private static let screenPrefix = "/screen/"
    private static let linkPrefix = DeepLinks.pathPrefix
    private static let sharePagePrefix = "/_share/"
    private static let revokeSuffix = "/revoke"
    private static let sharedPrefix = "/s/"
    private static let backToHerePrefix = "/_flowhost/inspector/back/"
    private static let mapThumbnailPrefix = "/_flowhost/map/state/"
    private static let studyPrefix = "/study/"
    private static let studiesPrefix = "/_flowhost/studies/"
    private static let studyFileSuffix = "/study.json"

    /// What the request path (and its query, for `/_events`) names.
    public init(path: String, query: String?) {
        switch path {
        // A click's two requests first: the rest are compared with them in order. No exact path
        // and no other prefix begins with these two.
        case _ where path.hasPrefix(Self.actionPrefix):
            self = .action(token: String(path.dropFirst(Self.actionPrefix.count)))
        case _ where path.hasPrefix(Self.screenPrefix):
            self =
                Self.number(path.dropFirst(Self.screenPrefix.count), digits: 18).map { .screen(ScreenID(rawValue: $0)) }
                ?? .unknown
        case "/": self = .root
        case "/healthz": self = .health
        case "/_flowhost/status": self = .status
        case "/_flowhost/map": self = .map
        case "/_flowhost/map.json": self = .mapJSON
        case "/_share": self = .share
        case "/_flowhost/inspector": self = .inspector
        case "/_flowhost/comments": self = .comments
        case "/_flowhost/comments/new": self = .commentForm
        case "/_flowhost/comments.json": self = .commentsJSON
        case "/_flowhost/studies": self = .studies
        case "/_flowhost/studies.json": self = .studiesJSON
        case _ where path.hasPrefix(Self.commentPrefix):
            self = Self.comment(path.dropFirst(Self.commentPrefix.count)) ?? .unknown
        case "/_events": self = .events(after: query.flatMap(Self.version(inQuery:)))
        case "/_study/done": self = .studyDone
        case "/_study/give-up": self = .studyGiveUp
        case "/_study/thanks": self = .studyThanks
        case "/_study/misclick": self = .studyMisclick
        case "/_study/script-ran": self = .studyScriptRan
        case "/_flowhost/studies/new": self = .newStudy
        case _ where path.hasPrefix(Self.studiesPrefix) && path.hasSuffix(Self.studyFileSuffix):
            let id = path.dropFirst(Self.studiesPrefix.count).dropLast(Self.studyFileSuffix.count)
            self = StudyFile.isID(String(id)) ? .studyFile(id: String(id)) : .unknown
        // After the form and the study files, which share its prefix.
        case _ where path.hasPrefix(Self.studyResultsPrefix):
            self = Self.studyResults(path.dropFirst(Self.studyResultsPrefix.count)) ?? .unknown
        case _ where path.hasPrefix(Self.studyPrefix):
            self = .study(link: String(path.dropFirst(Self.studyPrefix.count)))
        case _ where path.hasPrefix(Self.backToHerePrefix):
            self =
                Self.number(path.dropFirst(Self.backToHerePrefix.count), digits: 9).map { .backToHere(entryCount: $0) }
                ?? .unknown
        case _ where path.hasPrefix(Self.mapThumbnailPrefix):
            self =
                Self.number(path.dropFirst(Self.mapThumbnailPrefix.count), digits: 9).map { .mapThumbnail(state: $0) }
                ?? .unknown
        case _ where path.hasPrefix(Self.sharePagePrefix) && path.hasSuffix(Self.revokeSuffix):
            self = .revokeShare(
                id: String(path.dropFirst(Self.sharePagePrefix.count).dropLast(Self.revokeSuffix.count)))
        case _ where path.hasPrefix(Self.sharePagePrefix):
            self = .sharePage(id: String(path.dropFirst(Self.sharePagePrefix.count)))
        case _ where path.hasPrefix(Self.sharedPrefix):
            self = .shared(id: String(path.dropFirst(Self.sharedPrefix.count)))
        case _ where path.hasPrefix(Self.linkPrefix):
            self = .link(String(path.dropFirst(Self.linkPrefix.count)))
        case _ where path.hasPrefix(Self.chromeFilesPrefix):
            self = .chromeFile(String(path.dropFirst(Self.chromeFilesPrefix.count)))
        case _ where path.hasPrefix(Self.publicFilesPrefix):
            self = .publicFile(String(path.dropFirst(Self.publicFilesPrefix.count)))
        default: self = .unknown
        }
    }

    /// The URL to put in a page, a redirect or a script.
    public var url: String {
        switch self {
        case .root: "/"
        case .screen(let id): "\(Self.screenPrefix)\(id)"
        case .action(let token): Self.actionPrefix + token
        case .events(let version): version.map { "/_events?v=\($0)" } ?? "/_events"
        case .link(let path): Self.linkPrefix + path
        case .chromeFile(let path): Self.chromeFilesPrefix + path
        case .publicFile(let path): Self.publicFilesPrefix + path
        case .share: "/_share"
        case .sharePage(let id): Self.sharePagePrefix + id
        case .revokeShare(let id): Self.sharePagePrefix + id + Self.revokeSuffix
        case .shared(let id): Self.sharedPrefix + id
        case .inspector: "/_flowhost/inspector"
        case .backToHere(let count): "\(Self.backToHerePrefix)\(count)"
        case .health: "/healthz"
        case .status: "/_flowhost/status"
        case .map: "/_flowhost/map"
        case .mapJSON: "/_flowhost/map.json"
        case .mapThumbnail(let state): "\(Self.mapThumbnailPrefix)\(state)"
        case .study(let link): Self.studyPrefix + link
        case .studyDone: "/_study/done"
        case .studyGiveUp: "/_study/give-up"
        case .studyThanks: "/_study/thanks"
        case .studyMisclick: "/_study/misclick"
        case .studyScriptRan: "/_study/script-ran"
        case .newStudy: "/_flowhost/studies/new"
        case .studyFile(let id): Self.studiesPrefix + id + Self.studyFileSuffix
        case .comments: "/_flowhost/comments"
        case .commentForm: "/_flowhost/comments/new"
        case .commentsJSON: "/_flowhost/comments.json"
        case .comment(let id, let action): Self.commentPrefix + id + "/" + action.rawValue
        case .studies: "/_flowhost/studies"
        case .studiesJSON: "/_flowhost/studies.json"
        case .studyResults(let id, let format): Self.studyResultsPrefix + id + format.suffix
        case .openTesterPart(let study): Self.studyResultsPrefix + study + Self.openTesterPartSuffix
        case .unknown: "/"
        }
    }

    /// `text` as a number when it is at most `digits` decimal digits (no sign, no spaces), else nil.
    private static func number(_ text: Substring, digits: Int) -> Int? {
        guard text.utf8.count <= digits, text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int(text)
    }

    /// The URL of the live-move stream of a page of version `version` that the process `process`
    /// (the first digits of ``SessionHost/processID``) rendered: several processes number their
    /// versions each their own way, so a stream tells them apart by it.
    static func events(after version: Int, fromProcess process: some StringProtocol) -> String {
        "\(FlowHostRoute.events(after: version).url)&p=\(process)"
    }

    /// The process named in an `/_events` query (`p=`), if any.
    static func process(inQuery query: String) -> Substring? {
        query.split(separator: "&").first { $0.hasPrefix("p=") }?.dropFirst(2)
    }

    private static func version(inQuery query: String) -> Int? {
        for pair in query.split(separator: "&") where pair.hasPrefix("v=") {
            return Int(pair.dropFirst(2))
        }
        return nil
    }
}
