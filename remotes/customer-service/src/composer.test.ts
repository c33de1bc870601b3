import { describe, expect, it } from 'vitest';

import { keyAction, sendable } from './composer';

describe('the message box', () => {
  it('sends on Enter, breaks the line on Shift+Enter, and leaves an input method composing alone', () => {
    expect(keyAction({ key: 'Enter', shiftKey: false })).toBe('send');
    expect(keyAction({ key: 'Enter', shiftKey: true })).toBe('newline');
    expect(keyAction({ key: 'Enter', shiftKey: false, isComposing: true })).toBe('type');
    expect(keyAction({ key: 'Enter', shiftKey: false, keyCode: 229 })).toBe('type');
    expect(keyAction({ key: 'a', shiftKey: false })).toBe('type');
  });

  it('sends nothing of an empty or blank message', () => {
    expect(sendable('')).toBeNull();
    expect(sendable(' \n\t ')).toBeNull();
    expect(sendable('  line one\nline two ')).toBe('line one\nline two');
  });
});
