import HTMLPresenter
import Hummingbird

/// The page a session last rendered: served as is while what is on screen has not changed, so a
/// GET of the current screen never touches the main actor. Kept compressed only (about a sixth of
/// the HTML): it is compressed once here, at publish, for every GET that follows.
struct PublishedPage: Sendable {
    /// The version of the screen tree it was rendered from.
    let version: Int
    /// The screen on top in it.
    let screenID: ScreenID
    /// The storyboard screen it shows (`ScreenTree.storyboardScreen`): a comment on it redraws it.
    let storyboardScreen: String
    /// The HTML.
    let body: CompressedBody

    /// The screen's URL.
    var url: String { FlowHostRoute.screen(screenID).url }
}
