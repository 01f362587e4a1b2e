// A test of screens renders pages: the page renderer and its links come with FlowTesting, so a test
// target needs `import FlowTesting` and the app's modules only, as before the page was a module of
// its own (HTMLPages). Re-exported, not wrapped: `PageRenderer(templates:)` and
// `validatedPage(_:links:)` read the same in a test as in FlowHost's own code.
@_exported import HTMLPages
