import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../http/errors';
import { applyServerFieldErrors, fieldOfDetailPath } from './serverFieldErrors';

type Form = { email: string; password: string };

const validationError = (details: { path: string; message: string }[]) =>
  new ApiError('Some fields are not filled in correctly', 400, 'VALIDATION_ERROR', details);

describe('server validation errors on form fields', () => {
  it('reads the field from a body path', () => {
    expect(fieldOfDetailPath('body.email')).toBe('email');
    expect(fieldOfDetailPath('body.sortingConfigs.dictionariesSort')).toBe('sortingConfigs');
    expect(fieldOfDetailPath('body')).toBeNull();
    expect(fieldOfDetailPath('query.page')).toBeNull();
  });

  it('sets each field’s first message and focuses the first field of the form', () => {
    const setError = vi.fn();
    const handled = applyServerFieldErrors<Form>(
      validationError([
        { path: 'body.password', message: 'Invalid password' },
        { path: 'body.email', message: 'The field must be a valid email' },
        { path: 'body.password', message: 'Should be at least 8 characters' },
      ]),
      { fields: ['email', 'password'], setError },
    );

    expect(handled).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['email', { type: 'server', message: 'The field must be a valid email' }, { shouldFocus: true }],
      ['password', { type: 'server', message: 'Invalid password' }, { shouldFocus: false }],
    ]);
  });

  it('leaves details about fields the form does not have to the error modal', () => {
    const setError = vi.fn();
    const handled = applyServerFieldErrors<Form>(
      validationError([
        { path: 'body.email', message: 'The field must be a valid email' },
        { path: 'body.interfaceLanguage', message: 'Invalid value' },
      ]),
      { fields: ['email', 'password'], setError },
    );

    expect(handled).toBe(false);
    expect(setError).toHaveBeenCalledOnce();
  });

  it('does nothing for other errors', () => {
    const setError = vi.fn();
    const target = { fields: ['email', 'password'] as const, setError };

    expect(applyServerFieldErrors<Form>(new ApiError('Taken', 409, 'EMAIL_TAKEN'), target)).toBe(false);
    expect(applyServerFieldErrors<Form>(validationError([]), target)).toBe(false);
    expect(applyServerFieldErrors<Form>(new NetworkError('Failed to fetch'), target)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
