// The ES module entry (`import ... from "typedjson-kafka"`): the CommonJS build re-exported, not a second
// copy of it, so a program that both imports and requires the package has one TypedJsonError and one Decimal
// (instanceof holds across both). package.json's "exports" sends "import" here and "require" to index.js.
export * from "./index.js";
