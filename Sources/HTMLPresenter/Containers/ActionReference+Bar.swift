import HTMLTemplates

extension ActionReference {
    /// The action as a bar's template takes it: the action, or null where it cannot be taken (a
    /// covered layer's bar), so that `{{#back}} action="{{back}}"{{/back}}` leaves the attribute out
    /// and `{{^back}} disabled{{/back}}` draws the button disabled.
    public var barValue: TemplateValue {
        token == nil ? .null : .action(self)
    }
}
