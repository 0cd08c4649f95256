import type { KeyboardEvent } from 'react';
import { anotherDefinition, enterInDefinitions, firstDefinitionEnd } from './wordEditor';

/** The keys of the word editor's fields: Enter moves on, Shift+Enter adds a definition. */

/** A plain Enter (not one that picks a character in an input method): it never submits the form. */
export function takeEnter(event: KeyboardEvent<HTMLInputElement>): boolean {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return false;
  if (event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return false;
  event.preventDefault();
  return true;
}

/** Shift+Enter alone (not composing): another definition of the same word. */
export function takeShiftEnter(event: KeyboardEvent<HTMLInputElement>): boolean {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return false;
  if (!event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return false;
  event.preventDefault();
  return true;
}

/** Enter in a term: on to the word's definitions, the caret at the end of the first one. */
export function termKeyDown(
  event: KeyboardEvent<HTMLInputElement>,
  definitions: HTMLInputElement | null,
): void {
  if (!takeEnter(event)) return;
  if (!definitions) return;
  definitions.focus();
  const caret = firstDefinitionEnd(definitions.value);
  definitions.setSelectionRange(caret, caret);
}

/**
 * In the definitions: Shift+Enter starts another definition at the caret; Enter tidies the list
 * and goes on to the next word.
 */
export function definitionsKeyDown(
  event: KeyboardEvent<HTMLInputElement>,
  change: (value: string) => void,
  next: () => void,
): void {
  const input = event.currentTarget;
  if (takeShiftEnter(event)) {
    const step = anotherDefinition(input.value, input.selectionStart ?? input.value.length);
    if (step.value !== input.value) change(step.value);
    input.setSelectionRange(step.caret, step.caret);
    return;
  }
  if (!takeEnter(event)) return;
  const step = enterInDefinitions(input.value);
  if (step.value !== input.value) change(step.value);
  next();
}
