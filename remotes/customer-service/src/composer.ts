// What a key does in a chat's message box: Enter sends, Shift+Enter inserts a line break; Enter
// that ends an input method's composition (Chinese, Japanese) only ends it. Shared by the agent's
// workspace and the end user's chat page.

export type KeyAction = 'send' | 'newline' | 'type';

export function keyAction(event: { key: string; shiftKey: boolean; isComposing?: boolean; keyCode?: number }): KeyAction {
  // keyCode 229: a key pressed while an input method composes (older browsers set no isComposing).
  if (event.key !== 'Enter' || event.isComposing || event.keyCode === 229) return 'type';
  return event.shiftKey ? 'newline' : 'send';
}

/** What is sent of a message box's text: trimmed; empty is nothing to send. */
export function sendable(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/** The longest message the server takes (chats.rs `MAX_TEXT`). */
export const MAX_MESSAGE = 2000;
/** Shared files: images or videos of at most 200 MB. */
export const MAX_FILE_MIB = 200;
export const FILE_ACCEPT = 'image/*,video/*';
