import HTMLPages
import HTMLPresenter

extension PageRenderer {
    /// The owner's list of studies, each with the link testers open and where its results are.
    func renderStudies(_ studies: [SessionHost.ListedStudy]) -> String {
        let values: [TemplateKey: TemplateValue] = [
            "stylesheetURL": .string(FlowHostRoute.mapStylesheet.url), "mapURL": .string(FlowHostRoute.map.url),
            "jsonURL": .string(FlowHostRoute.studiesJSON.url), "hasStudies": .bool(!studies.isEmpty),
            "studies": .list(
                studies.map {
                    [
                        "id": .string($0.id), "title": .string($0.title), "link": .string($0.link),
                        "resultsURL": .string(FlowHostRoute.studyResults(id: $0.id, .html).url),
                    ]
                }),
        ]
        return Chrome.render(.object(values), template: "studies")
    }
}
