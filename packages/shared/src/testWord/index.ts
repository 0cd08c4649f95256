// The one module a test word changes through: its type and limits (`word.ts`), the rules of an
// attempt (`answer.ts`), how it is shown and reported (`report.ts`) and late answers (`late.ts`).

/**
 * What one answer, skip or "I was right" does to a word of a test, in one place (DESIGN §5,
 * decisions 0018, 0043, 0049, 0058). The server applies these to the word it read and saves the
 * result; the device applies them to its offline pack; late answers typed offline are a fold
 * over them. Pure: no clock, no storage, no randomness — side effects stay with the callers.
 */
export * from './word';
export * from './answer';
export * from './report';
export * from './late';
