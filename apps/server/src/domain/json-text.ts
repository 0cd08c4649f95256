/**
 * A response body that is already JSON text: the value of contract type `T`, written by the
 * database (a page of words, built by the query that reads them). The route sends the text as
 * it is (http/serializer.ts), instead of parsing it into objects only to serialize them again:
 * on a 40-word page that round trip was ~100 µs of the server's CPU per request
 * (docs/performance.md). Whoever builds one answers for its shape: the query names every
 * field of the contract's type, and the API tests read such bodies with the contract's schema.
 */
export class JsonText<T> {
  /** Carries `T` for the type checker only. */
  declare readonly value: T;

  constructor(readonly text: string) {}

  /**
   * `fields` (serialized with JSON.stringify, so dates as ISO strings) plus one member whose
   * value is JSON text already: `{...fields, [name]: raw}`.
   */
  static withMember<T>(fields: Record<string, unknown>, name: string, raw: string): JsonText<T> {
    const head = JSON.stringify(fields);
    const separator = head === '{}' ? '' : ',';
    return new JsonText<T>(`${head.slice(0, -1)}${separator}${JSON.stringify(name)}:${raw}}`);
  }
}
