// The server's rules the forms mirror, so that a mistake shows as it is typed (the server checks
// each again).

/** A service language's code: letters, digits and hyphens, such as zhCn or pt-BR (languages.rs). */
export const LANGUAGE_CODE = /^[A-Za-z0-9-]+$/;
