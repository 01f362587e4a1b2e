import FlowHostServe
import Prototype

// Serves the prototype at http://127.0.0.1:8080/ with the package's Templates/ and Public/;
// `swift run PrototypeServer --help` lists the options (the same as `flowhost serve`'s).
await ServeOptions.main(appName: "Prototype", app: PrototypeApp.make)
