import FlowCore
import HTMLPages
import HTMLPresenter

extension PageRenderer {
    /// The inspector's page: what `inspection` holds, a link back to the prototype at `backURL` and
    /// one to this page again (it does not update by itself: without JavaScript, reloading it is
    /// how it moves on), with the stylesheet and script of `links`. The page's script shows the same
    /// content in a panel beside the phone.
    func renderInspector(_ inspection: Inspection, backURL: String, selfURL: String, links: PageLinks)
        -> String
    {
        var values: [TemplateKey: TemplateValue] = [
            "backURL": .string(backURL), "selfURL": .string(selfURL), "stylesheetURL": .string(links.stylesheet),
            // Where owners look next: the storyboard of where people went, and the studies' results.
            "mapURL": .string(FlowHostRoute.map.url), "studiesURL": .string(FlowHostRoute.studies.url),
            "log": .list(inspection.log.map(Self.logValue)),
            "path": .list(
                [["number": .int(0), "entry": "Start", "backURL": .string(inspection.backToHereURL(0))]]
                    + inspection.clickPath.entries.enumerated().map { index, entry in
                        [
                            "number": .int(index + 1), "entry": .string(entry.description),
                            "backURL": .string(inspection.backToHereURL(index + 1)),
                        ]
                    }),
        ]
        if let coordinators = inspection.coordinators { values["coordinator"] = Self.coordinatorValue(coordinators) }
        if let source = inspection.testSource { values["testSource"] = .string(source) }
        if let script = links.script { values["scriptURL"] = .string(script) }
        return Chrome.render(.object(values), template: "inspector")
    }

    private static func coordinatorValue(_ snapshot: CoordinatorSnapshot) -> TemplateValue {
        [
            "flow": .string(snapshot.flow ?? "ended flow"), "state": .string(snapshot.state.rawValue),
            "listeners": .list(
                snapshot.listeners.map { listener in
                    var value: [TemplateKey: TemplateValue] = ["stepper": .string(listener.stepper)]
                    if let presentable = listener.presentable { value["presentable"] = .string(presentable) }
                    if let state = listener.state { value["presentableState"] = .string(state.rawValue) }
                    return .object(value)
                }),
            "children": .list(snapshot.children.map(coordinatorValue)),
        ]
    }

    private static func logValue(_ entry: NavigationLogEntry) -> TemplateValue {
        var value: [TemplateKey: TemplateValue] = [
            "sequence": .int(entry.sequence), "step": .string("\(entry.step)"), "origin": .string("\(entry.origin)"),
        ]
        if let flow = entry.flow { value["flow"] = .string("\(flow)") }
        switch entry.outcome {
        case .dropped(let reason):
            value["dropReason"] = .string(reason.description)
        case .navigated(let adapted, let contributions):
            value["adapted"] = .string("\(adapted)")
            value["contributions"] = .list(contributions.map { .string($0.description) })
        }
        return .object(value)
    }
}
