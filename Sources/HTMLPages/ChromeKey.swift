import HTMLTemplates

/// The names the chrome's page and layer templates read, each made (and so hashed) once per
/// process: written as literals, every page hashed each of them again when it built its values.
enum ChromeKey {
    // The page (`flowhost/page`).
    static let title: TemplateKey = "title"
    static let layers: TemplateKey = "layers"
    static let stylesheetURL: TemplateKey = "stylesheetURL"
    static let scriptURL: TemplateKey = "scriptURL"
    static let eventsURL: TemplateKey = "eventsURL"
    static let screenURL: TemplateKey = "screenURL"
    static let notice: TemplateKey = "notice"
    static let shareURL: TemplateKey = "shareURL"
    static let inspectorURL: TemplateKey = "inspectorURL"
    static let flowMapURL: TemplateKey = "flowMapURL"
    static let refresh: TemplateKey = "refresh"
    static let alert: TemplateKey = "alert"
    static let taskPrompt: TemplateKey = "taskPrompt"
    static let comments: TemplateKey = "comments"
    static let exportedForms: TemplateKey = "exportedForms"
    static let templateProblems: TemplateKey = "templateProblems"

    // A layer (`flowhost/layer`); `isTop` is also what each bar's template gets.
    static let isBase: TemplateKey = "isBase"
    static let isSheet: TemplateKey = "isSheet"
    static let isFullScreen: TemplateKey = "isFullScreen"
    static let isTop: TemplateKey = "isTop"
    static let isInteractive: TemplateKey = "isInteractive"
    static let content: TemplateKey = "content"
    static let topBars: TemplateKey = "topBars"
    static let bottomBars: TemplateKey = "bottomBars"
    static let contentHeaders: TemplateKey = "contentHeaders"
    static let contentClasses: TemplateKey = "contentClasses"

    // The alert (`flowhost/alert`).
    static let message: TemplateKey = "message"
    static let isPair: TemplateKey = "isPair"
    static let actions: TemplateKey = "actions"
    static let action: TemplateKey = "action"
    static let isCancel: TemplateKey = "isCancel"
    static let isDestructive: TemplateKey = "isDestructive"
}
