/**
 * Reads a JSON document as it arrives, without ever holding it: the elements of the arrays at
 * `targets` (member names from the top, `*` for any element of an array) are handed to
 * `onElement` one at a time, as their own text, and the rest of the document is kept with those
 * arrays left empty. It checks the document is JSON without a streaming parser: every element
 * and the rest are each parsed with JSON.parse (the caller parses the elements), and between
 * elements only whitespace and single commas may stand.
 *
 * For the export tests: a million-review export read this way keeps one element in memory.
 */
export function jsonArraySplitter(
  targets: readonly (readonly string[])[],
  onElement: (target: number, text: string) => void,
) {
  interface Frame {
    array: boolean;
    path: readonly string[];
    /** The index in `targets` of this array, or -1. */
    target: number;
  }
  const stack: Frame[] = [];
  let skeleton = '';
  let element = '';
  let inString = false;
  let escaped = false;
  /** In an object, after `{` or `,`: the next string is a member name. */
  let expectKey = false;
  let readingKey = false;
  let keyText = '';
  let lastKey = '';
  /** In a target array, after `[` or `,`: the next non-blank character starts an element. */
  let awaitingElement = false;
  let afterComma = false;
  /** Inside an element: how deep its own brackets go. */
  let inElement = false;
  let depth = 0;

  const matches = (path: readonly string[]) =>
    targets.findIndex(
      (target) =>
        target.length === path.length && target.every((part, i) => part === '*' || part === path[i]),
    );
  const childPath = (): string[] => {
    const top = stack.at(-1);
    if (!top) return [];
    return [...top.path, top.array ? '*' : lastKey];
  };
  const isBlank = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

  function push(chunk: string): void {
    let start = 0;
    for (let i = 0; i < chunk.length; i += 1) {
      const code = chunk.charCodeAt(i);
      if (inElement) {
        if (inString) {
          if (escaped) escaped = false;
          else if (code === 0x5c) escaped = true;
          else if (code === 0x22) inString = false;
          continue;
        }
        if (code === 0x22) inString = true;
        else if (code === 0x7b || code === 0x5b) depth += 1;
        else if ((code === 0x7d || code === 0x5d) && depth > 0) depth -= 1;
        else if (depth === 0 && (code === 0x2c || code === 0x5d)) {
          element += chunk.slice(start, i);
          onElement(stack.at(-1)?.target ?? -1, element);
          element = '';
          inElement = false;
          start = i;
          if (code === 0x2c) {
            awaitingElement = true;
            afterComma = true;
            start = i + 1;
            continue;
          }
          // `]`: the array ends; handled below as the skeleton's.
        } else continue;
        if (inElement) continue;
      }
      if (awaitingElement) {
        if (isBlank(code)) {
          start = i + 1;
          continue;
        }
        awaitingElement = false;
        if (code !== 0x5d) {
          inElement = true;
          depth = 0;
          start = i;
          afterComma = false;
          i -= 1; // read this character again as the element's first
          continue;
        }
        if (afterComma) throw new SyntaxError('a comma before the end of an array');
      }
      // The skeleton's own characters.
      if (inString) {
        if (escaped) escaped = false;
        else if (code === 0x5c) escaped = true;
        else if (code === 0x22) {
          inString = false;
          if (readingKey) {
            keyText += chunk.slice(start, i);
            readingKey = false;
            lastKey = JSON.parse(`"${keyText}"`) as string;
            keyText = '';
          }
        }
        continue;
      }
      switch (code) {
        case 0x22:
          inString = true;
          if (expectKey && stack.at(-1)?.array === false) {
            readingKey = true;
            keyText = '';
            skeleton += chunk.slice(start, i + 1);
            start = i + 1;
          }
          break;
        case 0x7b:
          stack.push({ array: false, path: childPath(), target: -1 });
          expectKey = true;
          break;
        case 0x5b: {
          const path = childPath();
          const target = matches(path);
          stack.push({ array: true, path, target });
          expectKey = false;
          if (target >= 0) {
            skeleton += chunk.slice(start, i + 1);
            start = i + 1;
            awaitingElement = true;
            afterComma = false;
          }
          break;
        }
        case 0x3a:
          expectKey = false;
          break;
        case 0x2c:
          expectKey = stack.at(-1)?.array === false;
          break;
        case 0x7d:
        case 0x5d:
          stack.pop();
          expectKey = false;
          break;
        default:
      }
    }
    if (inElement) element += chunk.slice(start);
    else if (readingKey) {
      skeleton += chunk.slice(start);
      keyText += chunk.slice(start);
    } else if (!awaitingElement) skeleton += chunk.slice(start);
  }

  /** The rest of the document, parsed (target arrays empty); throws if it is not JSON. */
  function end(): unknown {
    if (inElement || inString || stack.length > 0) throw new SyntaxError('the document ends early');
    return JSON.parse(skeleton);
  }

  return { push, end };
}
