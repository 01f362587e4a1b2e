import FlowHostServe
import Prototype

// `swift run PrototypeServer` serves the prototype at http://127.0.0.1:8080/ with the package's
// Templates/ and Public/; `export --out DIR`, `map` and `check` export, map and check it;
// `swift run PrototypeServer --help` lists them (the same commands and options as `flowhost`'s).
await FlowHostCommand.main(appName: "Prototype", app: PrototypeApp.make)
