// A named statement as pg sends it, with the shape of its rows (field parsers, the empty row each
// row is copied from) worked out once per statement name instead of on every execution.
//
// pg describes the portal on every execution and rebuilds the shape from the answer: a type
// parser lookup per column, a null-prototype object with every column, then a spread of that
// dictionary-mode object, which alone costs about 2 µs for a course row of 18 columns (2.8 µs per
// execution in all, 5% of the admin list's CPU: bench/FINDINGS.md "Named statements"). A
// statement name keeps one text, so its columns change only when the schema under it does; the
// shape is reused only while the described columns (name, type, format) are those it was built
// from, and rebuilt otherwise. Shapes are kept per connection (each pg client has its own type
// parsers, read when a shape is built: database.ts sets them at import, before any connection), and
// statement names are bounded (hot-queries.ts, auto-prepare.ts), so is this cache.
//
// Built from text (not a config object) so that pg does not clone a config per call, then named.
// It overrides pg's Query at the one step that builds the shape and leaves the rest to pg;
// named-statement.test.ts checks its rows against pg's own, so an upgrade of pg that moves what it
// relies on fails there.
import pg from 'pg';

type Parser = (value: string) => unknown;
type Field = { name: string; dataTypeID: number; format: string };
type Shape = { fields: Field[]; parsers: Parser[]; emptyRow: Record<string, null> };

/** A pg client's type parsers (lib/type-overrides.js): one object per connection. */
type TypeParsers = { getTypeParser(oid: number, format: string): Parser };
/** The parts of pg's Query and Result this class reads and sets (pg 8, lib/query.js and lib/result.js). */
type QueryInternals = {
  _result: {
    command: string | null;
    _types: TypeParsers | undefined;
    fields: Field[];
    _parsers: Parser[] | undefined;
    _prebuiltEmptyResultObject: Record<string, null> | null;
  };
  _results: unknown;
  _accumulateRows: unknown;
  callback: unknown;
  handleRowDescription(message: { fields: Field[] }): void;
};

/** Per connection (its type parsers object), per statement name. */
const shapesOfConnection = new WeakMap<TypeParsers, Map<string, Shape>>();

function sameColumns(shape: Shape, fields: Field[]): boolean {
  if (shape.fields.length !== fields.length) return false;
  for (let i = 0; i < fields.length; i++) {
    const was = shape.fields[i]!;
    const is = fields[i]!;
    if (was.name !== is.name || was.dataTypeID !== is.dataTypeID || was.format !== is.format) return false;
  }
  return true;
}

/** As pg's Result#addFields builds them: the parser of each column's type, every column null. */
function shapeOf(fields: Field[], types: TypeParsers): Shape {
  const parsers = fields.map((field) => types.getTypeParser(field.dataTypeID, field.format || 'text'));
  const empty = Object.create(null) as Record<string, null>;
  for (const field of fields) empty[field.name] = null;
  // Spread once here, as pg does per execution: own data properties, `__proto__` included as a column.
  return { fields, parsers, emptyRow: { ...empty } };
}

export class NamedStatement extends pg.Query {
  constructor(name: string, text: string, values: unknown[], callback: (error: Error | null, result: unknown) => void) {
    super(text, values, callback as never);
    (this as unknown as { name: string }).name = name;
  }

  handleRowDescription(message: { fields: Field[] }): void {
    const self = this as unknown as QueryInternals;
    const result = self._result;
    const types = result._types;
    // Only a statement's one result, submitted through a client (which gives it its type parsers),
    // takes the cached shape; anything else keeps pg's own path.
    if (result.command !== null || types === undefined || self._results !== result) {
      (pg.Query.prototype as unknown as QueryInternals).handleRowDescription.call(this, message);
      return;
    }
    let shapes = shapesOfConnection.get(types);
    if (shapes === undefined) shapesOfConnection.set(types, (shapes = new Map<string, Shape>()));
    const name = (this as unknown as { name: string }).name;
    let shape = shapes.get(name);
    if (shape === undefined || !sameColumns(shape, message.fields)) {
      shape = shapeOf(message.fields, types);
      shapes.set(name, shape);
    }
    result.fields = message.fields;
    result._parsers = shape.parsers;
    result._prebuiltEmptyResultObject = shape.emptyRow;
    // As pg: rows are kept when someone will read them (a callback, or no 'row' listener).
    self._accumulateRows = self.callback || !this.listeners('row').length;
  }
}
