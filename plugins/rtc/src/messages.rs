//! This plugin's own messages, in the console's seven languages (zhCn, en, de, es, fr, pt, ru).

use console_plugin_sdk::PluginError;

fn say(status: u16, field: Option<&str>, texts: [&str; 7]) -> PluginError {
    PluginError::localized(status, field, texts.map(str::to_string))
}

pub fn no_certificate() -> PluginError {
    say(
        409,
        None,
        [
            "该客户端尚未设置 App 证书",
            "This client has no app certificate yet.",
            "Für diesen Client ist noch kein App-Zertifikat hinterlegt.",
            "Este cliente aún no tiene certificado de aplicación.",
            "Ce client n’a pas encore de certificat d’application.",
            "Este cliente ainda não tem certificado de aplicação.",
            "У этого клиента ещё нет сертификата приложения.",
        ],
    )
}

pub fn client_disabled() -> PluginError {
    say(
        409,
        Some("clientId"),
        [
            "该 RTC 客户端已停用",
            "This RTC client is disabled.",
            "Dieser RTC-Client ist deaktiviert.",
            "Este cliente RTC está desactivado.",
            "Ce client RTC est désactivé.",
            "Este cliente RTC está desativado.",
            "Этот RTC-клиент отключён.",
        ],
    )
}

pub fn product_not_whitelisted(product: &str) -> PluginError {
    let texts = [
        format!("产品 {product} 不在该客户端的 RTC 白名单中"),
        format!("Product {product} is not on this client's RTC whitelist."),
        format!("Produkt {product} steht nicht auf der RTC-Whitelist dieses Clients."),
        format!("El producto {product} no está en la lista blanca RTC de este cliente."),
        format!("Le produit {product} n’est pas sur la liste blanche RTC de ce client."),
        format!("O produto {product} não está na lista branca RTC deste cliente."),
        format!("Продукт {product} не входит в белый список RTC этого клиента."),
    ];
    PluginError::localized(400, Some("productId"), texts)
}

pub fn end_before_start() -> PluginError {
    say(
        400,
        Some("endedAt"),
        [
            "结束时间不能早于开始时间",
            "The end cannot be before the start.",
            "Das Ende darf nicht vor dem Beginn liegen.",
            "El fin no puede ser anterior al inicio.",
            "La fin ne peut pas précéder le début.",
            "O fim não pode ser anterior ao início.",
            "Окончание не может быть раньше начала.",
        ],
    )
}

pub fn clients_in_use(count: u64) -> PluginError {
    let texts = [
        format!("该客户端仍有 {count} 条白名单、关系或密钥，不能删除"),
        format!("{count} whitelist entries, relations or keys still use this client; it cannot be deleted."),
        format!(
            "{count} Whitelist-Einträge, Beziehungen oder Schlüssel nutzen diesen Client noch; er kann nicht gelöscht werden."
        ),
        format!("{count} entradas de lista blanca, relaciones o claves aún usan este cliente; no se puede eliminar."),
        format!(
            "{count} entrées de liste blanche, relations ou clés utilisent encore ce client ; suppression impossible."
        ),
        format!(
            "{count} entradas de lista branca, relações ou chaves ainda usam este cliente; não pode ser eliminado."
        ),
        format!("Этот клиент ещё используют {count} записей белого списка, связей или ключей; удалить нельзя."),
    ];
    PluginError::localized(409, None, texts)
}

/// Why a token is refused; the verification answers it as data, not as an error.
pub fn token_refusal(reason: &str, lang: &str) -> String {
    let texts: [&str; 7] = match reason {
        "expired" => [
            "令牌已过期",
            "The token has expired.",
            "Das Token ist abgelaufen.",
            "El token ha caducado.",
            "Le jeton a expiré.",
            "O token expirou.",
            "Срок действия токена истёк.",
        ],
        "signature" => [
            "令牌签名无效",
            "The token's signature is not valid.",
            "Die Signatur des Tokens ist ungültig.",
            "La firma del token no es válida.",
            "La signature du jeton n’est pas valide.",
            "A assinatura do token não é válida.",
            "Подпись токена недействительна.",
        ],
        "client" => [
            "令牌所属的客户端不存在或已停用",
            "The token's client does not exist or is disabled.",
            "Der Client des Tokens existiert nicht oder ist deaktiviert.",
            "El cliente del token no existe o está desactivado.",
            "Le client du jeton n’existe pas ou est désactivé.",
            "O cliente do token não existe ou está desativado.",
            "Клиент токена не существует или отключён.",
        ],
        _ => [
            "令牌格式不正确",
            "The token is malformed.",
            "Das Token ist fehlerhaft.",
            "El token está mal formado.",
            "Le jeton est mal formé.",
            "O token está mal formado.",
            "Токен имеет неверный формат.",
        ],
    };
    let index = console_plugin_sdk::LANGS.iter().position(|l| *l == lang).unwrap_or(1);
    texts[index].to_string()
}

/// A client's product whitelist holds at most `max` entries; it holds `listed`.
pub fn whitelist_full(max: usize, listed: u64) -> PluginError {
    PluginError::localized(
        400,
        Some("productIds"),
        [
            format!("白名单数量不能超过 {max} 个（已有 {listed} 个）"),
            format!("The number of whitelist entries cannot exceed {max} ({listed} listed already)."),
            format!("Die Whitelist darf höchstens {max} Einträge haben ({listed} sind bereits eingetragen)."),
            format!("La lista blanca no puede superar {max} entradas (ya hay {listed})."),
            format!("La liste blanche ne peut pas dépasser {max} entrées ({listed} déjà inscrites)."),
            format!("A lista branca não pode exceder {max} entradas (já tem {listed})."),
            format!("В белом списке не может быть больше {max} записей (уже {listed})."),
        ],
    )
}
