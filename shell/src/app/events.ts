/** Fired on `window` when the signed-in user's own details changed (the personal centre's
 * avatar): the header shows them at once. */
export const USER_CHANGED = 'console-user-changed';
