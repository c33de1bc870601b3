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

/// A time of day, "HH:MM" (UTC, the day the counts use).
pub const TIME_OF_DAY: [&str; 7] = [
    "HH:MM 格式的时间（UTC，00:00 至 23:59）",
    "a time of day as HH:MM (UTC, 00:00 to 23:59)",
    "eine Uhrzeit als HH:MM (UTC, 00:00 bis 23:59)",
    "una hora del día como HH:MM (UTC, de 00:00 a 23:59)",
    "une heure de la journée au format HH:MM (UTC, de 00:00 à 23:59)",
    "uma hora do dia como HH:MM (UTC, de 00:00 a 23:59)",
    "время суток в формате ЧЧ:ММ (UTC, от 00:00 до 23:59)",
];
