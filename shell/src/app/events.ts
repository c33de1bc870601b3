/** Fired on `window` when the signed-in user's own details changed (the personal centre's
 * avatar): the header shows them at once. */
export const USER_CHANGED = 'console-user-changed';

/** Fired on `window` when an enterprise was added, renamed, enabled, disabled or deleted: the
 * header's enterprise switcher reads the list again (a new one showed only after a reload). */
export const TENANTS_CHANGED = 'console-tenants-changed';
