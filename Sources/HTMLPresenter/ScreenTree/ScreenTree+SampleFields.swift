extension ScreenTree {
    /// The tree with each rendered screen's forms showing the samples they declared
    /// (``ScreenActions/form(fields:samples:_:)``) as typed values (`form.values.NAME`, as after a refused
    /// submission; its field errors kept): a static export's page shows the demo account where a
    /// person would type it, through the app's own template.
    public func fillingSampleFields() -> ScreenTree {
        let filled = layers.map { layer in
            let samples = actions.filter { $0.screen == layer.screen.id }.compactMap(\.sampleFields)
            guard var values = layer.screen.values, !samples.isEmpty else { return layer }
            let typed = FormState(fields: FormFields(samples.flatMap(\.fields)), errors: [:]).templateValue
            if values["form"] == nil { values["form"] = typed } else { values["form"]?["values"] = typed["values"] }
            let screen = ScreenSnapshot(
                id: layer.screen.id, title: layer.screen.title, template: layer.screen.template, values: values)
            return layer.showing(screen)
        }
        return ScreenTree(version: version, layers: filled, alert: alert, actions: actions)
    }
}
