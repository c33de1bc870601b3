// The server's rules the forms mirror, so that a mistake shows as it is typed (the server checks
// each again).

/** An address users open: http or https, no spaces (validate.rs `http_link`). */
export const HTTP_LINK = /^https?:\/\/[^\s/?#]+\S*$/;

/** An e-mail address as recipients.rs takes it: something, an @, and a domain with a dot; no spaces. */
export const EMAIL = /^[^\s@]+@\S*\.\S*$/;
