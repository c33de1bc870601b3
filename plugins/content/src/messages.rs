//! This plugin's own messages, in the console's seven languages (zhCn, en, de, es, fr, pt, ru).

use console_plugin_sdk::PluginError;

fn texts(status: u16, field: Option<&str>, texts: [&str; 7]) -> PluginError {
    PluginError::localized(status, field, texts.map(str::to_string))
}

/// "Only one agreement may exist per enterprise, language and type."
pub fn one_agreement() -> PluginError {
    texts(
        400,
        Some("type"),
        [
            "每个企业、语言和类型只能有一份协议",
            "Only one agreement may exist per enterprise, language and type.",
            "Pro Unternehmen, Sprache und Typ darf es nur eine Vereinbarung geben.",
            "Solo puede existir un acuerdo por empresa, idioma y tipo.",
            "Il ne peut exister qu’un seul accord par entreprise, langue et type.",
            "Só pode existir um acordo por empresa, idioma e tipo.",
            "Для каждого предприятия, языка и типа может быть только одно соглашение.",
        ],
    )
}

pub fn one_manual() -> PluginError {
    texts(
        400,
        Some("language"),
        [
            "该产品在此语言下已有说明书",
            "This product already has a manual in this language.",
            "Dieses Produkt hat in dieser Sprache bereits ein Handbuch.",
            "Este producto ya tiene un manual en este idioma.",
            "Ce produit a déjà un manuel dans cette langue.",
            "Este produto já tem um manual neste idioma.",
            "У этого продукта уже есть руководство на этом языке.",
        ],
    )
}

pub fn unknown_language(field: &str) -> PluginError {
    texts(
        400,
        Some(field),
        [
            "不是平台支持的语言",
            "This is not one of the platform's languages.",
            "Dies ist keine der Sprachen der Plattform.",
            "No es uno de los idiomas de la plataforma.",
            "Ce n’est pas l’une des langues de la plateforme.",
            "Não é um dos idiomas da plataforma.",
            "Это не один из языков платформы.",
        ],
    )
}

pub fn feedback_busy() -> PluginError {
    texts(
        429,
        None,
        [
            "反馈提交过于频繁，请稍后再试",
            "Too much feedback is arriving right now; please try again in a minute.",
            "Gerade kommt zu viel Feedback an; bitte versuchen Sie es in einer Minute erneut.",
            "Están llegando demasiados comentarios; inténtelo de nuevo en un minuto.",
            "Trop de retours arrivent en ce moment ; réessayez dans une minute.",
            "Está a chegar demasiado feedback neste momento; tente novamente dentro de um minuto.",
            "Сейчас поступает слишком много отзывов; повторите попытку через минуту.",
        ],
    )
}

pub fn completed_already() -> PluginError {
    texts(
        409,
        None,
        [
            "该反馈已处理完成",
            "This feedback is completed already.",
            "Dieses Feedback ist bereits abgeschlossen.",
            "Este comentario ya está completado.",
            "Ce retour est déjà traité.",
            "Este feedback já está concluído.",
            "Этот отзыв уже обработан.",
        ],
    )
}
