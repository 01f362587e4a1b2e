import Foundation

/// A template folder the size of the sample app's: 16 screens of list, detail and form shapes.
enum SampleTemplates {
    static func write() throws -> String {
        let directory = NSTemporaryDirectory() + "flowhost-templates-\(UUID().uuidString)"
        let shapes = [ListPage.listTemplate, detail, form, empty]
        for index in 0..<16 {
            let folder = directory + "/area\(index % 4)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try shapes[index % shapes.count].write(
                toFile: folder + "/screen\(index).mustache", atomically: true, encoding: .utf8)
        }
        return directory
    }

    static let detail = """
        <div class="hero"><span class="thumb large {{tint}}">{{initials}}</span>
        <h2 class="hero-title">{{title}}</h2><p class="hero-subtitle">{{year}} · {{director}}</p>
        <p class="rating">{{stars}}</p></div>
        <div class="button-row">
        <form method="post" action="{{rate}}" class="action"><button type="submit" class="button primary">Rate</button></form>
        <form method="post" action="{{watch}}" class="action"><button type="submit" class="button">Add to Watched</button></form>
        </div>
        <h2 class="list-header">Cast</h2>
        <ul class="list">{{#cast}}<li><form method="post" action="{{open}}" class="action">\
        <button type="submit" class="cell is-link"><span class="cell-title">{{name}}</span></button></form></li>{{/cast}}</ul>
        """

    static let form = """
        <form method="post" action="{{signIn}}">
        <div class="form">
        <div class="field"><label for="email">Email</label><input id="email" name="email" type="email" \
        value="{{form.values.email}}"{{#form.errors.email}} aria-invalid="true"{{/form.errors.email}}>
        {{#form.errors.email}}<p class="field-error">{{form.errors.email}}</p>{{/form.errors.email}}</div>
        <div class="field"><label for="password">Password</label><input id="password" name="password" type="password"></div>
        </div>
        <div class="button-row"><button type="submit" class="button primary">Sign In</button></div>
        </form>
        <p class="callout">Demo: {{demoEmail}} / {{demoPassword}}</p>
        """

    static let empty = """
        {{#items}}<ul class="list"><li class="cell"><span class="cell-title">{{title}}</span></li></ul>{{/items}}
        {{^items}}<div class="empty-state"><span class="empty-icon icon-checkmark-circle"></span>
        <p class="empty-title">Nothing yet</p><p class="empty-message">{{message}}</p></div>{{/items}}
        """
}
