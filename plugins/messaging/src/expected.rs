//! What a field must be, for phrases this plugin uses in several places.

/// "a mail server", in the seven languages.
pub const MAIL_SERVER: [&str; 7] = [
    "已配置的邮件服务器",
    "a mail server",
    "ein Mailserver",
    "un servidor de correo",
    "un serveur de messagerie",
    "um servidor de correio",
    "почтовый сервер",
];
