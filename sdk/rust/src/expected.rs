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
