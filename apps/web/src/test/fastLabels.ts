/**
 * jsdom finds a `<label for>`'s control by walking the whole document for the id, and an
 * input's `labels` by asking every label in the document for its control: quadratic in the
 * page's size. Testing Library asks for both on every query by label or accessible name, so a
 * screen of 40 word rows spent ~70 % of its test time in those two walks (a CPU profile of
 * EditWordsPage.test.tsx). These getters give the same answers (HTML's definitions, jsdom's own
 * where the document's id index cannot help) through `getElementById`, which jsdom indexes.
 */
// Read when installed: files that run in Node's environment import the setup too.
const labelableTypes = () => [
  HTMLButtonElement,
  HTMLInputElement,
  HTMLMeterElement,
  HTMLOutputElement,
  HTMLProgressElement,
  HTMLSelectElement,
  HTMLTextAreaElement,
];

const isLabelable = (element: Element): element is HTMLElement =>
  labelableTypes().some((type) => element instanceof type) &&
  !(element instanceof HTMLInputElement && element.type === 'hidden');

function controlOf(label: HTMLLabelElement, jsdomControl: PropertyDescriptor): HTMLElement | null {
  const id = label.getAttribute('for');
  const root = label.getRootNode();
  // Without `for`, the control is the first labelable descendant: a walk of the label only.
  if (id === null || !(root instanceof Document || root instanceof DocumentFragment))
    return (jsdomControl.get?.call(label) as HTMLElement | null) ?? null;
  if (id === '') return null;
  // The first element in tree order with that id, as the document's index keeps it.
  const target = root.getElementById(id);
  return target && isLabelable(target) ? target : null;
}

const INSTALLED = Symbol('fast labels installed');

export function installFastLabels(): void {
  const jsdomControl = Object.getOwnPropertyDescriptor(HTMLLabelElement.prototype, 'control');
  // Installed once per worker: the files of a worker share one jsdom (isolate: false).
  if (!jsdomControl || Object.hasOwn(HTMLLabelElement.prototype, INSTALLED)) return;
  Object.defineProperty(HTMLLabelElement.prototype, INSTALLED, { value: true });
  const control = (label: HTMLLabelElement) => controlOf(label, jsdomControl);
  function fastControl(this: HTMLLabelElement) {
    return control(this);
  }
  Object.defineProperty(HTMLLabelElement.prototype, 'control', { configurable: true, get: fastControl });
  for (const type of labelableTypes()) {
    Object.defineProperty(type.prototype, 'labels', {
      configurable: true,
      get(this: HTMLElement) {
        if (!isLabelable(this)) return null;
        const root = this.getRootNode();
        const labels =
          root instanceof Document || root instanceof DocumentFragment || root instanceof Element
            ? [...(root instanceof HTMLLabelElement ? [root] : []), ...root.querySelectorAll('label')]
            : [];
        // A NodeList's contents in tree order (read-only: the callers iterate or Array.from it).
        return labels.filter((label) => control(label) === this);
      },
    });
  }
}
