//! This plugin's own messages, in the console's seven languages (zhCn, en, de, es, fr, pt, ru).

use console_plugin_sdk::PluginError;

fn say(status: u16, field: Option<&str>, texts: [&str; 7]) -> PluginError {
    PluginError::localized(status, field, texts.map(str::to_string))
}

/// What a host-name field expects (after "should be").
pub const HOST_NAME: [&str; 7] = [
    "域名，如 api.example.com",
    "a host name, such as api.example.com",
    "ein Hostname, etwa api.example.com",
    "un nombre de host, como api.example.com",
    "un nom d’hôte, par exemple api.example.com",
    "um nome de host, como api.example.com",
    "имя хоста, например api.example.com",
];

pub const COUNTRY: [&str; 7] = [
    "两位国家代码（ISO 3166），如 CN、DE，留空表示所有国家",
    "a two-letter country code (ISO 3166) such as CN or DE, or empty for every country",
    "ein zweistelliger Ländercode (ISO 3166) wie CN oder DE, leer für alle Länder",
    "un código de país de dos letras (ISO 3166) como CN o DE, o vacío para todos los países",
    "un code pays à deux lettres (ISO 3166) comme CN ou DE, ou vide pour tous les pays",
    "um código de país de duas letras (ISO 3166) como CN ou DE, ou vazio para todos os países",
    "двухбуквенный код страны (ISO 3166), например CN или DE, либо пусто для всех стран",
];

pub const UNCHANGED: [&str; 7] =
    ["不可修改", "unchanged", "unverändert", "sin cambios", "inchangé", "inalterado", "неизменным"];

pub const EXISTING_SSL: [&str; 7] = [
    "已上传的 SSL 证书",
    "an uploaded SSL certificate",
    "ein hochgeladenes SSL-Zertifikat",
    "un certificado SSL subido",
    "un certificat SSL téléversé",
    "um certificado SSL carregado",
    "загруженный SSL-сертификат",
];

pub fn validity_reversed() -> PluginError {
    say(
        400,
        Some("validUntil"),
        [
            "有效期结束时间须晚于开始时间",
            "The end of the validity period must come after its start.",
            "Das Ende der Gültigkeit muss nach ihrem Beginn liegen.",
            "El fin del periodo de validez debe ser posterior a su inicio.",
            "La fin de la période de validité doit suivre son début.",
            "O fim do período de validade deve ser posterior ao início.",
            "Окончание срока действия должно быть позже его начала.",
        ],
    )
}

pub fn permanently_disabled() -> PluginError {
    say(
        409,
        Some("permanentlyDisabled"),
        [
            "该域名已永久停用，不可重新启用",
            "This domain is permanently disabled and cannot be enabled again.",
            "Diese Domain ist dauerhaft deaktiviert und kann nicht wieder aktiviert werden.",
            "Este dominio está desactivado de forma permanente y no puede volver a activarse.",
            "Ce domaine est désactivé définitivement et ne peut pas être réactivé.",
            "Este domínio está desativado permanentemente e não pode ser reativado.",
            "Этот домен отключён навсегда и не может быть включён снова.",
        ],
    )
}

pub fn not_covered(domain: &str) -> PluginError {
    PluginError::localized(
        400,
        Some("sslCertificateId"),
        [
            format!("所选 SSL 证书不包含域名 {domain}"),
            format!("The chosen SSL certificate does not cover {domain}."),
            format!("Das gewählte SSL-Zertifikat gilt nicht für {domain}."),
            format!("El certificado SSL elegido no cubre {domain}."),
            format!("Le certificat SSL choisi ne couvre pas {domain}."),
            format!("O certificado SSL escolhido não abrange {domain}."),
            format!("Выбранный SSL-сертификат не распространяется на {domain}."),
        ],
    )
}

pub fn no_domain() -> PluginError {
    say(
        404,
        None,
        [
            "没有适用于该国家和服务的有效域名",
            "No domain in use serves this country and service.",
            "Keine gültige Domain bedient dieses Land und diesen Dienst.",
            "Ningún dominio vigente sirve a este país y servicio.",
            "Aucun domaine en service ne dessert ce pays et ce service.",
            "Nenhum domínio em uso atende a este país e serviço.",
            "Нет действующего домена для этой страны и службы.",
        ],
    )
}

pub fn already_revoked() -> PluginError {
    say(
        409,
        None,
        [
            "该证书已吊销",
            "This certificate is already revoked.",
            "Dieses Zertifikat ist bereits widerrufen.",
            "Este certificado ya está revocado.",
            "Ce certificat est déjà révoqué.",
            "Este certificado já foi revogado.",
            "Этот сертификат уже отозван.",
        ],
    )
}

pub fn still_valid() -> PluginError {
    say(
        409,
        None,
        [
            "证书仍然有效，请先吊销再删除",
            "The certificate is still valid: revoke it before deleting it.",
            "Das Zertifikat ist noch gültig: Widerrufen Sie es, bevor Sie es löschen.",
            "El certificado sigue siendo válido: revóquelo antes de eliminarlo.",
            "Le certificat est encore valide : révoquez-le avant de le supprimer.",
            "O certificado ainda é válido: revogue-o antes de excluí-lo.",
            "Сертификат ещё действителен: отзовите его перед удалением.",
        ],
    )
}

pub fn wrong_password() -> PluginError {
    say(
        400,
        Some("password"),
        [
            "私钥密码错误",
            "The private key password is wrong.",
            "Das Passwort des privaten Schlüssels ist falsch.",
            "La contraseña de la clave privada es incorrecta.",
            "Le mot de passe de la clé privée est erroné.",
            "A senha da chave privada está errada.",
            "Неверный пароль закрытого ключа.",
        ],
    )
}

pub fn not_a_chain() -> PluginError {
    say(
        400,
        Some("chainPem"),
        [
            "无法读取证书或私钥：请粘贴 PEM 格式的证书链和未加密的 PKCS#8 私钥",
            "The certificate or key cannot be read: paste a PEM certificate chain and an unencrypted PKCS#8 private key.",
            "Zertifikat oder Schlüssel sind nicht lesbar: Fügen Sie eine PEM-Zertifikatskette und einen unverschlüsselten PKCS#8-Schlüssel ein.",
            "No se puede leer el certificado o la clave: pegue una cadena de certificados PEM y una clave privada PKCS#8 sin cifrar.",
            "Le certificat ou la clé est illisible : collez une chaîne de certificats PEM et une clé privée PKCS#8 non chiffrée.",
            "Não é possível ler o certificado ou a chave: cole uma cadeia de certificados PEM e uma chave privada PKCS#8 não cifrada.",
            "Не удаётся прочитать сертификат или ключ: вставьте цепочку сертификатов PEM и незашифрованный закрытый ключ PKCS#8.",
        ],
    )
}

pub fn key_mismatch() -> PluginError {
    say(
        400,
        Some("keyPem"),
        [
            "私钥与证书不匹配",
            "The private key does not belong to the certificate.",
            "Der private Schlüssel gehört nicht zu diesem Zertifikat.",
            "La clave privada no corresponde al certificado.",
            "La clé privée ne correspond pas au certificat.",
            "A chave privada não corresponde ao certificado.",
            "Закрытый ключ не соответствует сертификату.",
        ],
    )
}

pub fn broken_chain() -> PluginError {
    say(
        400,
        Some("chainPem"),
        [
            "证书链不完整或顺序错误：每个证书须由其后的证书签发，服务器证书在最前",
            "The chain is broken or out of order: each certificate must be signed by the next, the server's first.",
            "Die Kette ist unvollständig oder falsch geordnet: Jedes Zertifikat muss vom nächsten signiert sein, das des Servers zuerst.",
            "La cadena está rota o desordenada: cada certificado debe estar firmado por el siguiente, el del servidor primero.",
            "La chaîne est rompue ou dans le désordre : chaque certificat doit être signé par le suivant, celui du serveur en premier.",
            "A cadeia está quebrada ou fora de ordem: cada certificado deve ser assinado pelo seguinte, o do servidor primeiro.",
            "Цепочка нарушена или не по порядку: каждый сертификат должен быть подписан следующим, сертификат сервера первым.",
        ],
    )
}

pub fn expired() -> PluginError {
    say(
        400,
        Some("chainPem"),
        [
            "该证书已过期",
            "This certificate has expired.",
            "Dieses Zertifikat ist abgelaufen.",
            "Este certificado ha caducado.",
            "Ce certificat a expiré.",
            "Este certificado expirou.",
            "Срок действия этого сертификата истёк.",
        ],
    )
}

pub fn ssl_in_use() -> PluginError {
    say(
        409,
        None,
        [
            "仍有自有域名使用该证书，不可删除",
            "Own domains still use this certificate: it cannot be deleted.",
            "Eigene Domains verwenden dieses Zertifikat noch: Es kann nicht gelöscht werden.",
            "Aún hay dominios propios que usan este certificado: no se puede eliminar.",
            "Des domaines propres utilisent encore ce certificat : il ne peut pas être supprimé.",
            "Domínios próprios ainda usam este certificado: não pode ser excluído.",
            "Этот сертификат ещё используют собственные домены: удалить его нельзя.",
        ],
    )
}
