import HTMLPages
import HTMLPresenter

extension PageLinks {
    /// What a page the host serves links to: the chrome's files under `/_flowhost/`, the app's under
    /// `/public/`, every action posted to `/_action/<token>`.
    public static let served = PageLinks(
        stylesheet: FlowHostRoute.stylesheet.url, script: FlowHostRoute.script.url,
        publicFiles: FlowHostRoute.publicFilesPrefix,
        actions: .post(urlPrefix: FlowHostRoute.actionPrefix))

    /// A session's page of screen tree `version`, showing `screen`, rendered by the process
    /// `process`: ``served``, with its live-move stream, the screen's address, the Share control and,
    /// when `showsInspector`, the inspector.
    static func served(
        version: Int, screen: ScreenID?, process: some StringProtocol, showsInspector: Bool
    ) -> PageLinks {
        var links = served
        links.events = FlowHostRoute.events(after: version, fromProcess: process)
        links.screenURL = screen.map { FlowHostRoute.screen($0).url }
        links.share = FlowHostRoute.share.url
        links.inspector = showsInspector ? FlowHostRoute.inspector.url : nil
        return links
    }
}
