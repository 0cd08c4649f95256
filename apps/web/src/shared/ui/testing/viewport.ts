/**
 * Test helper: a window.matchMedia (jsdom has none) that answers width queries for a viewport
 * `width` px wide, so components that switch at the 768 px breakpoint can be tested both ways.
 * `prefers-reduced-motion: reduce` matches when `reducedMotion` is set. Returns an undo.
 */
export function stubViewport(width: number, { reducedMotion = false } = {}): () => void {
  const original = Object.getOwnPropertyDescriptor(window, 'matchMedia');

  const evaluate = (query: string): boolean => {
    let matches = true;
    for (const [, kind, amount = '0', unit] of query.matchAll(
      /\((max|min)-width:\s*([\d.]+)(px|rem|em)\)/g,
    )) {
      const px = Number.parseFloat(amount) * (unit === 'px' ? 1 : 16);
      matches &&= kind === 'max' ? width <= px : width >= px;
    }
    if (query.includes('prefers-reduced-motion')) matches &&= reducedMotion;
    return matches;
  };

  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) =>
      // Only what useMediaQuery and the components read; the viewport never changes mid-test.
      ({
        matches: evaluate(query),
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  });

  return () => {
    if (original)
      Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: original });
    else Reflect.deleteProperty(window, 'matchMedia');
  };
}
