import { describe, expect, it } from 'vitest';
import {
  SHORTCUT_KEYS,
  ariaKeyShortcuts,
  shortcutFor,
  type ShortcutContext,
  type ShortcutKeyEvent,
  type ShortcutScreen,
} from './shortcuts';

/** A key press as a browser reports it: `key` what it types, `code` where the key is. */
function press(key: string, init: Partial<ShortcutKeyEvent> = {}): ShortcutKeyEvent {
  const code = /^[a-z]$/i.test(key)
    ? `Key${key.toUpperCase()}`
    : /^[0-9]$/.test(key)
      ? `Digit${key}`
      : key === '?'
        ? 'Slash'
        : key;
  return {
    key,
    code,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    shiftKey: key === '?',
    repeat: false,
    isComposing: false,
    defaultPrevented: false,
    ...init,
  };
}

function on(screen: ShortcutScreen, context: Partial<ShortcutContext> = {}): ShortcutContext {
  return { screen, mac: false, typing: false, inOverlay: false, ...context };
}

const SCREENS: ShortcutScreen[] = ['run', 'check', 'skip', 'report'];
const LETTERS = 'abcdefghijklmnopqrstuvwxyz'.split('');

describe('shortcutFor: plain keys, focus outside a text field', () => {
  it('maps each screen’s letters to its actions, and no other letter', () => {
    const mapped = (screen: ShortcutScreen) =>
      Object.fromEntries(
        LETTERS.flatMap((letter) => {
          const action = shortcutFor(press(letter), on(screen));
          return action ? [[letter, action.type]] : [];
        }),
      );
    expect(mapped('run')).toEqual({ s: 'skip', p: 'speak' });
    expect(mapped('check')).toEqual({ n: 'next', r: 'tryAgain' });
    expect(mapped('skip')).toEqual({ n: 'next' });
    expect(mapped('report')).toEqual({ r: 'tryAgain', n: 'newTest' });
  });

  it('opens the list of shortcuts with "?" on every screen', () => {
    for (const screen of SCREENS) expect(shortcutFor(press('?'), on(screen))).toEqual({ type: 'help' });
  });

  it('takes a capital from Caps Lock as the letter, but not Shift+letter', () => {
    expect(shortcutFor(press('S'), on('run'))).toEqual({ type: 'skip' });
    expect(shortcutFor(press('S', { shiftKey: true }), on('run'))).toBeNull();
  });

  it('finds the letter by the key’s place on a layout without Latin letters (Ukrainian)', () => {
    expect(shortcutFor(press('і', { code: 'KeyS' }), on('run'))).toEqual({ type: 'skip' });
    expect(shortcutFor(press('к', { code: 'KeyR' }), on('report'))).toEqual({ type: 'tryAgain' });
  });

  it('follows the letter a Latin layout types, not the key’s QWERTY place (Dvorak)', () => {
    expect(shortcutFor(press('s', { code: 'Semicolon' }), on('run'))).toEqual({ type: 'skip' });
    expect(shortcutFor(press('o', { code: 'KeyS' }), on('run'))).toBeNull();
  });

  it('ignores a held key: one press, one skip, one next, one new test', () => {
    for (const screen of SCREENS) {
      for (const key of [...LETTERS, '?'])
        expect(shortcutFor(press(key, { repeat: true }), on(screen))).toBeNull();
    }
  });
});

describe('shortcutFor: typing in the answer field', () => {
  it('leaves every plain letter and "?" to the field, on every screen', () => {
    for (const screen of SCREENS) {
      for (const key of [...LETTERS, ...LETTERS.map((letter) => letter.toUpperCase()), '?', '1']) {
        expect(shortcutFor(press(key), on(screen, { typing: true }))).toBeNull();
      }
    }
  });

  it('skips with Alt+S and reads aloud with Alt+P, from the field or outside it', () => {
    for (const typing of [true, false]) {
      expect(shortcutFor(press('s', { altKey: true }), on('run', { typing }))).toEqual({ type: 'skip' });
      expect(shortcutFor(press('p', { altKey: true }), on('run', { typing }))).toEqual({ type: 'speak' });
    }
  });

  it('types the accent bar’s letters 1 to 9 with Alt+1 … Alt+9, by the digit key’s place', () => {
    for (let digit = 1; digit <= 9; digit += 1) {
      expect(shortcutFor(press(String(digit), { altKey: true }), on('run', { typing: true }))).toEqual({
        type: 'accent',
        index: digit - 1,
      });
    }
    // AZERTY types "&" on the 1 key without Shift.
    expect(shortcutFor(press('&', { code: 'Digit1', altKey: true }), on('run', { typing: true }))).toEqual({
      type: 'accent',
      index: 0,
    });
    expect(shortcutFor(press('0', { altKey: true }), on('run', { typing: true }))).toBeNull();
    // Alt with numpad digits types characters by their code on Windows.
    expect(
      shortcutFor(press('1', { code: 'Numpad1', altKey: true }), on('run', { typing: true })),
    ).toBeNull();
  });

  it('repeats a held accent letter as a held key would, but never a held skip', () => {
    expect(shortcutFor(press('1', { altKey: true, repeat: true }), on('run', { typing: true }))).toEqual({
      type: 'accent',
      index: 0,
    });
    expect(shortcutFor(press('s', { altKey: true, repeat: true }), on('run', { typing: true }))).toBeNull();
  });

  it('maps no other Alt combination, and none off the runner', () => {
    for (const letter of LETTERS.filter((letter) => letter !== 's' && letter !== 'p')) {
      expect(shortcutFor(press(letter, { altKey: true }), on('run', { typing: true }))).toBeNull();
    }
    for (const screen of ['check', 'skip', 'report'] as const) {
      for (const key of ['s', 'p', 'n', 'r', '1'])
        expect(shortcutFor(press(key, { altKey: true }), on(screen))).toBeNull();
    }
    expect(shortcutFor(press('S', { altKey: true, shiftKey: true }), on('run'))).toBeNull();
    expect(shortcutFor(press('!', { code: 'Digit1', altKey: true, shiftKey: true }), on('run'))).toBeNull();
  });
});

describe('shortcutFor: keys that belong to someone else', () => {
  it('ignores AltGr (Ctrl+Alt on Windows), which types ś, €, @ …', () => {
    for (const key of ['ś', 's', 'p', '1', '€']) {
      for (const typing of [true, false]) {
        const event = press(key, { code: key === '1' ? 'Digit1' : 'KeyS', ctrlKey: true, altKey: true });
        expect(shortcutFor(event, on('run', { typing }))).toBeNull();
        expect(shortcutFor(event, on('run', { typing, mac: true }))).toBeNull();
      }
    }
  });

  it('ignores everything while an input method composes, and a dead key', () => {
    for (const screen of SCREENS) {
      for (const key of ['s', 'p', 'n', 'r', '?']) {
        expect(shortcutFor(press(key, { isComposing: true }), on(screen))).toBeNull();
        expect(shortcutFor(press(key, { isComposing: true, altKey: true }), on(screen))).toBeNull();
      }
    }
    expect(shortcutFor(press('Process', { code: 'KeyS' }), on('run'))).toBeNull();
    expect(shortcutFor(press('Dead', { code: 'KeyE', altKey: true }), on('run', { mac: true }))).toBeNull();
  });

  it('leaves the browser its Ctrl and ⌘ shortcuts (save, print, tabs)', () => {
    for (const key of ['s', 'p', 'n', 'r', '1']) {
      expect(shortcutFor(press(key, { ctrlKey: true }), on('run'))).toBeNull();
      expect(shortcutFor(press(key, { metaKey: true }), on('run'))).toBeNull();
      expect(shortcutFor(press(key, { metaKey: true }), on('run', { mac: true }))).toBeNull();
    }
  });

  it('uses Control on a Mac, where Option types ß, π and ¡', () => {
    const mac = (typing: boolean) => on('run', { mac: true, typing });
    expect(shortcutFor(press('ß', { code: 'KeyS', altKey: true }), mac(true))).toBeNull();
    expect(shortcutFor(press('π', { code: 'KeyP', altKey: true }), mac(true))).toBeNull();
    expect(shortcutFor(press('¡', { code: 'Digit1', altKey: true }), mac(true))).toBeNull();
    expect(shortcutFor(press('s', { ctrlKey: true }), mac(true))).toEqual({ type: 'skip' });
    expect(shortcutFor(press('p', { ctrlKey: true }), mac(false))).toEqual({ type: 'speak' });
    expect(shortcutFor(press('3', { ctrlKey: true }), mac(true))).toEqual({ type: 'accent', index: 2 });
    expect(shortcutFor(press('s'), mac(false))).toEqual({ type: 'skip' });
    expect(shortcutFor(press('s'), mac(true))).toBeNull();
  });

  it('stays out of dialogs and menus, and of key presses handled already', () => {
    for (const screen of SCREENS) {
      for (const key of ['s', 'p', 'n', 'r', '?']) {
        expect(shortcutFor(press(key), on(screen, { inOverlay: true }))).toBeNull();
        expect(shortcutFor(press(key, { defaultPrevented: true }), on(screen))).toBeNull();
      }
    }
    expect(shortcutFor(press('s', { altKey: true }), on('run', { inOverlay: true }))).toBeNull();
  });
});

describe('ariaKeyShortcuts', () => {
  it('writes the alternatives as aria-keyshortcuts wants, with the platform’s modifier', () => {
    expect(ariaKeyShortcuts(SHORTCUT_KEYS.skip, false)).toBe('S Alt+S');
    expect(ariaKeyShortcuts(SHORTCUT_KEYS.skip, true)).toBe('S Control+S');
    expect(ariaKeyShortcuts(SHORTCUT_KEYS.check, false)).toBe('Enter');
  });
});
