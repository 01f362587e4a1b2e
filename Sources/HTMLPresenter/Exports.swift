// What a screen and its view model are written with comes with HTMLPresenter: a view model file
// needs `import FlowCore` and `import HTMLPresenter` only, as before the template engine and the
// HTML checks were modules of their own. Re-exported, not wrapped in typealiases: values, their
// literals and extensions (`TemplateLibrary(directory:)` is HTMLValidation's) all come along.
@_exported import HTMLTemplates
@_exported import HTMLValidation
