//! What a field must be, for phrases several plugins use: pass one to `PluginError::format`.

/// "an http(s) URL", in the seven languages.
pub const HTTP_URL: [&str; 7] = [
    "http(s) 网址",
    "an http(s) URL",
    "eine http(s)-URL",
    "una URL http(s)",
    "une URL http(s)",
    "um URL http(s)",
    "URL http(s)",
];

/// "letters, digits, - and _", in the seven languages.
pub const CODE: [&str; 7] = [
    "字母、数字、- 和 _",
    "letters, digits, - and _",
    "Buchstaben, Ziffern, - und _",
    "letras, dígitos, - y _",
    "lettres, chiffres, - et _",
    "letras, algarismos, - e _",
    "буквы, цифры, - и _",
];

/// "an e-mail address", in the seven languages.
pub const EMAIL: [&str; 7] = [
    "电子邮件地址",
    "an e-mail address",
    "eine E-Mail-Adresse",
    "una dirección de correo electrónico",
    "une adresse e-mail",
    "um endereço de e-mail",
    "адрес электронной почты",
];

/// An ISO 3166-1 country code (DE, CN).
pub const COUNTRY_CODE: [&str; 7] = [
    "两位 ISO 3166-1 国家代码（如 CN、DE）",
    "a two-letter ISO 3166-1 country code (such as CN, DE)",
    "einen zweistelligen ISO-3166-1-Ländercode (etwa CN, DE)",
    "un código de país ISO 3166-1 de dos letras (como CN, DE)",
    "un code pays ISO 3166-1 à deux lettres (comme CN, DE)",
    "um código de país ISO 3166-1 de duas letras (como CN, DE)",
    "двухбуквенный код страны ISO 3166-1 (например, CN, DE)",
];

/// An ISO 3166-2 code of a region of the given country (CN-GD).
pub const SUBDIVISION_CODE: [&str; 7] = [
    "该国家的 ISO 3166-2 地区代码（如 CN-GD）",
    "an ISO 3166-2 code of a region of that country (such as CN-GD)",
    "einen ISO-3166-2-Code einer Region dieses Landes (etwa CN-GD)",
    "un código ISO 3166-2 de una región de ese país (como CN-GD)",
    "un code ISO 3166-2 d’une région de ce pays (comme CN-GD)",
    "um código ISO 3166-2 de uma região desse país (como CN-GD)",
    "код ISO 3166-2 региона этой страны (например, CN-GD)",
];
