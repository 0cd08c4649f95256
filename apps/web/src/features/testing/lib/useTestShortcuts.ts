import { useEffect, useEffectEvent, useState } from 'react';
import { isApplePlatform, shortcutFor, type ShortcutActionType, type ShortcutScreen } from './shortcuts';

/**
 * What each action of a screen does. A handler that returns false did nothing (e.g. no accent
 * letter has that number): the key press then keeps its usual effect.
 */
export type ShortcutHandlers = Partial<
  Record<Exclude<ShortcutActionType, 'accent' | 'help'>, () => void> & {
    accent: (index: number) => boolean;
  }
>;

/** Fields that take typed text; buttons, checkboxes and the like do not. */
const NOT_TEXT = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'hidden',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

function takesText(target: Element | null): boolean {
  if (target instanceof HTMLInputElement) return !NOT_TEXT.has(target.type);
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLElement && target.isContentEditable;
}

const OVERLAY = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

/**
 * The keyboard shortcuts of a test screen (decision 0052): listens on the window, maps each key
 * press with `shortcutFor` and runs the screen's handler; "?" opens the list of shortcuts.
 */
export function useTestShortcuts(screen: ShortcutScreen, handlers: ShortcutHandlers) {
  const [helpOpen, setHelpOpen] = useState(false);
  const [mac] = useState(isApplePlatform);

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const action = shortcutFor(event, {
      screen,
      mac,
      typing: takesText(target),
      inOverlay: helpOpen || target?.closest(OVERLAY) != null,
    });
    if (!action) return;
    if (action.type === 'help') {
      event.preventDefault();
      setHelpOpen(true);
      return;
    }
    if (action.type === 'accent') {
      if (handlers.accent?.(action.index)) event.preventDefault();
      return;
    }
    const handler = handlers[action.type];
    if (!handler) return;
    event.preventDefault();
    handler();
  });

  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  return { mac, helpOpen, setHelpOpen };
}
