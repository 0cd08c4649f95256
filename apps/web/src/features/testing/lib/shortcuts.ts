/**
 * The keyboard shortcuts of the test screens (decision 0052): which key press means which
 * action, as a pure function of the event and where it happened, and the table the help dialog
 * and the buttons' hints are drawn from.
 */

/** The test screens that have shortcuts. */
export type ShortcutScreen = 'run' | 'check' | 'skip' | 'report';

export type ShortcutAction =
  | { type: 'skip' }
  | { type: 'speak' }
  /** The accent bar's letter at `index` (0-based). */
  | { type: 'accent'; index: number }
  | { type: 'next' }
  | { type: 'tryAgain' }
  | { type: 'newTest' }
  | { type: 'help' };

export type ShortcutActionType = ShortcutAction['type'];

/** What of a `KeyboardEvent` the mapping reads. */
export interface ShortcutKeyEvent {
  key: string;
  code: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  repeat: boolean;
  isComposing: boolean;
  defaultPrevented: boolean;
}

export interface ShortcutContext {
  screen: ShortcutScreen;
  /** On a Mac (or iPad) Option types characters, so Control is the shortcuts' modifier. */
  mac: boolean;
  /** The focus is in a field that takes text (the answer field): plain keys type. */
  typing: boolean;
  /** The key press happened in a dialog or an open menu, which has keys of its own. */
  inOverlay: boolean;
}

/** The number of accent letters reachable by a shortcut (modifier + 1 … 9). */
export const ACCENT_SHORTCUTS = 9;

/** The letter keys of each screen, pressed alone (outside a text field) or, on the runner, with the modifier. */
type LetterAction = 'skip' | 'speak' | 'next' | 'tryAgain' | 'newTest';
const LETTERS: Readonly<Record<ShortcutScreen, Readonly<Partial<Record<string, LetterAction>>>>> = {
  run: { s: 'skip', p: 'speak' },
  check: { n: 'next', r: 'tryAgain' },
  skip: { n: 'next' },
  report: { r: 'tryAgain', n: 'newTest' },
};

/**
 * The Latin letter a key press stands for: the character it types, or, on a layout without
 * Latin letters (Ukrainian), the key's place on a QWERTY keyboard.
 */
function letterOf(event: ShortcutKeyEvent): string | null {
  if (/^[a-z]$/i.test(event.key)) return event.key.toLowerCase();
  const physical = /^Key([A-Z])$/.exec(event.code);
  return physical?.[1] ? physical[1].toLowerCase() : null;
}

/** The digit 1–9 of the key pressed (by its place: on AZERTY the top row types &é"' unshifted). */
function digitOf(event: ShortcutKeyEvent): number | null {
  const physical = /^Digit([1-9])$/.exec(event.code);
  return physical?.[1] ? Number(physical[1]) : null;
}

/**
 * The action a key press asks for on a test screen, or null when it is not a shortcut and must
 * do what it always does:
 * - never while an input method composes a character (`isComposing`, key "Process"), after a
 *   dead key, inside a dialog or menu, or when the press was handled already;
 * - never with ⌘/Windows, nor with Ctrl+Alt (AltGr on Windows, which types ś, €, @ …);
 * - the modifier is Alt, on a Mac Control (⌥ types ß, π, ¡ there); the other one is left alone;
 * - plain letters and "?" only when the focus is not in a text field, where they type;
 * - a held key repeats only an accent letter, as a held letter key would; it never skips,
 *   moves on or starts a test twice.
 */
export function shortcutFor(event: ShortcutKeyEvent, context: ShortcutContext): ShortcutAction | null {
  if (event.isComposing || event.key === 'Process' || event.key === 'Dead') return null;
  if (event.defaultPrevented || context.inOverlay) return null;
  if (event.metaKey || (event.ctrlKey && event.altKey)) return null;
  const modifier = context.mac ? event.ctrlKey : event.altKey;
  const other = context.mac ? event.altKey : event.ctrlKey;
  if (other) return null;

  if (modifier) {
    if (event.shiftKey || context.screen !== 'run') return null;
    const digit = digitOf(event);
    if (digit !== null) return { type: 'accent', index: digit - 1 };
    if (event.repeat) return null;
    const letter = letterOf(event);
    const type = letter ? LETTERS.run[letter] : undefined;
    return type === 'skip' || type === 'speak' ? { type } : null;
  }

  if (context.typing || event.repeat) return null;
  if (event.key === '?') return { type: 'help' };
  if (event.shiftKey) return null;
  const letter = letterOf(event);
  const type = letter ? LETTERS[context.screen][letter] : undefined;
  return type ? { type } : null;
}

/** A key of a shortcut: `mod` is Alt, or Control on a Mac. */
export interface KeyCombo {
  mod?: boolean;
  key: string;
}

/** The keys of each action, in the order the help dialog lists them. */
export const SHORTCUT_KEYS = {
  check: [{ key: 'Enter' }],
  skip: [{ key: 'S' }, { mod: true, key: 'S' }],
  speak: [{ key: 'P' }, { mod: true, key: 'P' }],
  next: [{ key: 'N' }],
  tryAgain: [{ key: 'R' }],
  newTest: [{ key: 'N' }],
  help: [{ key: '?' }],
} as const satisfies Record<string, readonly KeyCombo[]>;

/** The accent letter `index` (0-based) of the bar, by the modifier and its digit. */
export function accentCombo(index: number): KeyCombo {
  return { mod: true, key: String(index + 1) };
}

/** A combo in `aria-keyshortcuts` syntax (key names as the UI Events spec has them). */
export function ariaCombo(combo: KeyCombo, mac: boolean): string {
  return combo.mod ? `${mac ? 'Control' : 'Alt'}+${combo.key}` : combo.key;
}

/** The value of `aria-keyshortcuts` for several combos (alternatives are space-separated). */
export function ariaKeyShortcuts(combos: readonly KeyCombo[], mac: boolean): string {
  return combos.map((combo) => ariaCombo(combo, mac)).join(' ');
}

/** Whether this device is a Mac, iPhone or iPad, where Option types characters. */
export function isApplePlatform(): boolean {
  if (typeof navigator === 'undefined') return false;
  const data = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData;
  // iPadOS says "Macintosh" too: right, for Option types characters there as well.
  return /mac|iphone|ipad|ipod/i.test(data?.platform ?? navigator.userAgent);
}
