//! This plugin's own messages, in the console's seven languages (zhCn, en, de, es, fr, pt, ru).

use console_plugin_sdk::PluginError;

fn say(status: u16, field: Option<&str>, texts: [String; 7]) -> PluginError {
    PluginError::localized(status, field, texts)
}

pub fn credentials_of_another_project(project: &str) -> PluginError {
    say(
        400,
        Some("credentials"),
        [
            format!("凭据不属于项目 {project}"),
            format!("These credentials are not for the project {project}."),
            format!("Diese Zugangsdaten gehören nicht zum Projekt {project}."),
            format!("Estas credenciales no son del proyecto {project}."),
            format!("Ces identifiants ne sont pas ceux du projet {project}."),
            format!("Estas credenciais não são do projeto {project}."),
            format!("Эти учётные данные не относятся к проекту {project}."),
        ],
    )
}

pub fn has_modes(count: u64) -> PluginError {
    say(
        409,
        None,
        [
            format!("该助手还有 {count} 个控制模式，请先删除"),
            format!("This assistant still has {count} control modes; delete them first."),
            format!("Dieser Assistent hat noch {count} Steuermodi; bitte zuerst löschen."),
            format!("Este asistente aún tiene {count} modos de control; elimínelos primero."),
            format!("Cet assistant a encore {count} modes de commande ; supprimez-les d’abord."),
            format!("Este assistente ainda tem {count} modos de controlo; elimine-os primeiro."),
            format!("У этого помощника ещё {count} режимов управления; сначала удалите их."),
        ],
    )
}

pub fn has_commands(count: u64) -> PluginError {
    say(
        409,
        None,
        [
            format!("该控制模式还有 {count} 条指令，请先删除"),
            format!("This control mode still has {count} commands; delete them first."),
            format!("Dieser Steuermodus hat noch {count} Befehle; bitte zuerst löschen."),
            format!("Este modo de control aún tiene {count} comandos; elimínelos primero."),
            format!("Ce mode de commande a encore {count} commandes ; supprimez-les d’abord."),
            format!("Este modo de controlo ainda tem {count} comandos; elimine-os primeiro."),
            format!("В этом режиме управления ещё {count} команд; сначала удалите их."),
        ],
    )
}

pub fn bad_condition(intent: &str, detail: &str) -> PluginError {
    say(
        400,
        Some("condition"),
        [
            format!("意图 {intent} 的条件表达式无效：{detail}"),
            format!("The condition of intent {intent} is not valid: {detail}"),
            format!("Die Bedingung der Absicht {intent} ist ungültig: {detail}"),
            format!("La condición de la intención {intent} no es válida: {detail}"),
            format!("La condition de l’intention {intent} n’est pas valide : {detail}"),
            format!("A condição da intenção {intent} não é válida: {detail}"),
            format!("Условие намерения {intent} недопустимо: {detail}"),
        ],
    )
}

pub fn bad_template(field: &str, detail: &str) -> PluginError {
    say(
        400,
        Some(field),
        [
            format!("回复话术无法渲染：{detail}"),
            format!("The reply cannot be rendered: {detail}"),
            format!("Die Antwort kann nicht erzeugt werden: {detail}"),
            format!("No se puede generar la respuesta: {detail}"),
            format!("La réponse ne peut pas être produite : {detail}"),
            format!("Não é possível gerar a resposta: {detail}"),
            format!("Не удаётся сформировать ответ: {detail}"),
        ],
    )
}

pub fn bad_pattern(text: &str, detail: &str) -> PluginError {
    say(
        400,
        Some("texts"),
        [
            format!("语料“{text}”无效：{detail}"),
            format!("The corpus entry “{text}” is not valid: {detail}"),
            format!("Der Korpuseintrag „{text}“ ist ungültig: {detail}"),
            format!("La entrada de corpus «{text}» no es válida: {detail}"),
            format!("L’entrée de corpus « {text} » n’est pas valide : {detail}"),
            format!("A entrada de corpus «{text}» não é válida: {detail}"),
            format!("Запись корпуса «{text}» недопустима: {detail}"),
        ],
    )
}

pub fn undeclared_slot(slot: &str) -> String {
    format!("{{{slot}}} is not a slot of the intent")
}
