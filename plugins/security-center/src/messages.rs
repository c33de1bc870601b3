//! This plugin's own messages, in the console's seven languages (zhCn, en, de, es, fr, pt, ru).

use console_plugin_sdk::PluginError;

pub const CONTACT: [&str; 7] = [
    "邮箱地址或电话号码",
    "an e-mail address or a phone number",
    "eine E-Mail-Adresse oder eine Telefonnummer",
    "una dirección de correo electrónico o un número de teléfono",
    "une adresse e-mail ou un numéro de téléphone",
    "um endereço de e-mail ou um número de telefone",
    "адрес электронной почты или номер телефона",
];

/// The statuses' names, as the console shows them.
fn status_name(status: &str) -> [&'static str; 7] {
    match status {
        "submitted" => ["已提交", "submitted", "eingereicht", "enviado", "soumis", "enviado", "отправлен"],
        "confirmed" => ["已确认", "confirmed", "bestätigt", "confirmado", "confirmé", "confirmado", "подтверждён"],
        "fixed" => ["已修复", "fixed", "behoben", "corregido", "corrigé", "corrigido", "исправлен"],
        _ => ["已驳回", "rejected", "abgelehnt", "rechazado", "rejeté", "rejeitado", "отклонён"],
    }
}

pub fn no_such_move(from: &str, to: &str) -> PluginError {
    let (a, b) = (status_name(from), status_name(to));
    PluginError::localized(
        409,
        Some("status"),
        [
            format!("报告状态不能从“{}”改为“{}”", a[0], b[0]),
            format!("A report cannot go from {} to {}.", a[1], b[1]),
            format!("Ein Bericht kann nicht von „{}“ zu „{}“ wechseln.", a[2], b[2]),
            format!("Un informe no puede pasar de «{}» a «{}».", a[3], b[3]),
            format!("Un rapport ne peut pas passer de « {} » à « {} ».", a[4], b[4]),
            format!("Um relatório não pode passar de «{}» para «{}».", a[5], b[5]),
            format!("Отчёт нельзя перевести из состояния «{}» в «{}».", a[6], b[6]),
        ],
    )
}

pub fn too_many_replies(max: usize) -> PluginError {
    PluginError::localized(
        409,
        None,
        [
            format!("一份报告最多 {max} 条回复"),
            format!("A report holds at most {max} replies."),
            format!("Ein Bericht fasst höchstens {max} Antworten."),
            format!("Un informe admite como máximo {max} respuestas."),
            format!("Un rapport contient au plus {max} réponses."),
            format!("Um relatório comporta no máximo {max} respostas."),
            format!("В отчёте может быть не более {max} ответов."),
        ],
    )
}
