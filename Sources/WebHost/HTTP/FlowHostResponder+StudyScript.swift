import HTMLPresenter
import Hummingbird

extension FlowHostResponder {
    /// The longest storyboard screen id a note may name: ids are a template and its place in the
    /// window tree, far shorter; longer is refused before anything is looked up.
    static let maxNotedScreenLength = 512

    /// `POST /_study/misclick` (`misclick`: `screen`, `x`, `y`, fractions of the screen from its top
    /// left) and `/_study/script-ran` (`screen`): what `flowhost.js` tells of a tester's page.
    /// Noted for the tester's task under way when `screen` is the storyboard screen their session
    /// shows: `204`. A page left behind (another screen on show), or a session doing no task,
    /// `409`; a malformed note `400`; another site's post `403`. Nothing is noted for a refusal.
    func scriptNote(misclick: Bool, request: Request, log: inout RequestLog) async throws -> Response {
        if let refusal = crossSiteRefusal(request) { return refusal }
        let fields: FormFields
        switch await readForm(request) {
        case .success(let read): fields = read
        case .failure(let refusal): return refusal.response
        }
        guard let screen = fields["screen"], !screen.isEmpty, screen.utf8.count <= Self.maxNotedScreenLength else {
            return responses.text("A note names its screen (screen=...). Nothing was noted.", status: .badRequest)
        }
        var point: (x: Double, y: Double)?
        if misclick {
            guard let x = fields["x"].flatMap(Double.init), let y = fields["y"].flatMap(Double.init),
                (0...1).contains(x), (0...1).contains(y)
            else {
                return responses.text(
                    "A misclick has x and y, fractions of the screen from 0 to 1. Nothing was noted.",
                    status: .badRequest)
            }
            point = (x, y)
        }
        guard let session = try await existingSession(request, log: &log) else {
            return responses.text("This browser is doing no task of a study now. Nothing was noted.", status: .conflict)
        }
        switch host.noteScript(screen: screen, x: point?.x, y: point?.y, of: session) {
        case .noted:
            return Response(status: .noContent)
        case .notShown:
            return responses.text(
                "This browser does no task now, or shows another screen. Nothing was noted.",
                status: .conflict)
        }
    }
}
