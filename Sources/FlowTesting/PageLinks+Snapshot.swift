import HTMLPages
import HTMLPresenter

extension PageLinks {
    /// The links of a page as the web host serves it (the chrome's files under `/_flowhost/`, the
    /// app's under `/public/`, each action posted to `/_action/<token>`), without the session's own
    /// controls: a snapshot reads like the page a browser gets, and the ``SnapshotTesting/Snapshotting/html``
    /// strategy names the tokens by their order. The chrome's files are linked without the version
    /// a served page puts in their path (`/_flowhost/v0123456789abcdef/flowhost.css`), and the app's
    /// public files without their folder's: a snapshot does not change when a stylesheet does.
    public static let snapshot = PageLinks(
        stylesheet: "/_flowhost/" + Chrome.stylesheet, script: "/_flowhost/" + Chrome.script,
        publicFiles: "/public/", actions: .post(urlPrefix: "/_action/"))
}
