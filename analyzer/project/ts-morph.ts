// ts-morph (and the TypeScript it bundles) is CommonJS. Imported from an ES module, Node would
// first detect its format and scan its exports, a large share of a small run's time; required,
// it is just loaded. Every analyzer module takes ts-morph from here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
import tsMorph = require("ts-morph");

export import ts = tsMorph.ts;
