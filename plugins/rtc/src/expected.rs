//! What a field must be, for phrases this plugin uses in several places.

/// "an existing RTC client", in the seven languages.
pub const EXISTING_CLIENT: [&str; 7] = [
    "已存在的 RTC 客户端",
    "an existing RTC client",
    "ein vorhandener RTC-Client",
    "un cliente RTC existente",
    "un client RTC existant",
    "um cliente RTC existente",
    "существующий RTC-клиент",
];

/// "the app id of an RTC client", in the seven languages.
pub const CLIENT_APP_ID: [&str; 7] = [
    "某个 RTC 客户端的 App ID",
    "the app id of an RTC client",
    "die App-ID eines RTC-Clients",
    "el ID de app de un cliente RTC",
    "l’ID d’app d’un client RTC",
    "o ID da app de um cliente RTC",
    "ID приложения одного из RTC-клиентов",
];
