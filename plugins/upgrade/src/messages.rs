//! This plugin's own messages, in the console's seven languages (zhCn, en, de, es, fr, pt, ru).

use console_plugin_sdk::PluginError;

use crate::flow::Status;

pub fn wrong_status(status: Status) -> PluginError {
    let [zh, en, de, es, fr, pt, ru] = status.labels();
    PluginError::localized(
        409,
        None,
        [
            format!("升级包当前状态（{zh}）不允许此操作"),
            format!("This cannot be done to a package that is {en}."),
            format!("Das ist bei einem Paket im Zustand „{de}“ nicht möglich."),
            format!("No es posible con un paquete en estado «{es}»."),
            format!("Impossible pour un paquet à l’état « {fr} »."),
            format!("Não é possível com um pacote no estado «{pt}»."),
            format!("Это недоступно для пакета в состоянии «{ru}»."),
        ],
    )
}

/// "Please wait for the audit."
pub fn wait_for_review() -> PluginError {
    texts(
        409,
        None,
        [
            "请等待审核",
            "Please wait for the audit.",
            "Bitte warten Sie die Prüfung ab.",
            "Espere a la revisión.",
            "Veuillez attendre l’audit.",
            "Aguarde a auditoria.",
            "Дождитесь проверки.",
        ],
    )
}

/// "Application needs SN deleted."
pub fn delete_test_devices_first(count: usize) -> PluginError {
    PluginError::localized(
        409,
        Some("testSns"),
        [
            format!("申请上线前请先删除 {count} 个测试 SN"),
            format!("Delete the {count} test SNs before applying to go online."),
            format!("Löschen Sie vor dem Freigabeantrag die {count} Test-SNs."),
            format!("Elimine los {count} SN de prueba antes de solicitar la publicación."),
            format!("Supprimez les {count} SN de test avant de demander la mise en ligne."),
            format!("Elimine os {count} SN de teste antes de pedir a publicação."),
            format!("Перед заявкой на выпуск удалите {count} тестовых SN."),
        ],
    )
}

/// A development or test package applies to go online only when reconfirmed.
pub fn not_a_formal_package() -> PluginError {
    texts(
        400,
        Some("confirm"),
        [
            "非正式包，请再次确认上线申请",
            "This is not a formal (production) package; reconfirm the go-online application.",
            "Dies ist kein offizielles (Produktions-)Paket; bestätigen Sie den Freigabeantrag erneut.",
            "No es un paquete oficial (de producción); vuelva a confirmar la solicitud de publicación.",
            "Ce n’est pas un paquet officiel (de production) ; confirmez de nouveau la demande de mise en ligne.",
            "Não é um pacote oficial (de produção); volte a confirmar o pedido de publicação.",
            "Это не официальный (производственный) пакет; подтвердите заявку на выпуск ещё раз.",
        ],
    )
}

/// The target version must be greater than the current one.
pub fn target_not_greater(current: i64) -> PluginError {
    PluginError::localized(
        400,
        Some("targetVersionCode"),
        [
            format!("目标版本号须大于当前版本号 {current}"),
            format!("The target version code must be greater than the current version code {current}."),
            format!("Der Zielversionscode muss größer als der aktuelle Versionscode {current} sein."),
            format!("El código de la versión de destino debe ser mayor que el de la versión actual, {current}."),
            format!("Le code de la version cible doit être supérieur au code de la version actuelle, {current}."),
            format!("O código da versão de destino deve ser maior que o da versão atual, {current}."),
            format!("Код целевой версии должен быть больше кода текущей версии {current}."),
        ],
    )
}

pub fn version_exists(version: &str) -> PluginError {
    PluginError::localized(
        409,
        Some("targetVersionCode"),
        [
            format!("该型号已有目标版本 {version} 的升级包"),
            format!("This model already has a package for target version {version}."),
            format!("Für dieses Modell gibt es bereits ein Paket mit der Zielversion {version}."),
            format!("Este modelo ya tiene un paquete para la versión de destino {version}."),
            format!("Ce modèle a déjà un paquet pour la version cible {version}."),
            format!("Este modelo já tem um pacote para a versão de destino {version}."),
            format!("Для этой модели уже есть пакет целевой версии {version}."),
        ],
    )
}

pub fn model_of_product() -> PluginError {
    texts(
        400,
        Some("modelId"),
        [
            "请选择该产品的型号",
            "Choose a model of this product.",
            "Wählen Sie ein Modell dieses Produkts.",
            "Elija un modelo de este producto.",
            "Choisissez un modèle de ce produit.",
            "Escolha um modelo deste produto.",
            "Выберите модель этого продукта.",
        ],
    )
}

pub fn device_busy() -> PluginError {
    texts(
        409,
        None,
        [
            "该设备正在进行另一项升级",
            "This device is already in another upgrade.",
            "Dieses Gerät ist bereits in einer anderen Aktualisierung.",
            "Este dispositivo ya está en otra actualización.",
            "Cet appareil est déjà dans une autre mise à jour.",
            "Este dispositivo já está noutra atualização.",
            "Это устройство уже участвует в другом обновлении.",
        ],
    )
}

pub fn report_out_of_order(from: &str, to: &str) -> PluginError {
    PluginError::localized(
        409,
        Some("state"),
        [
            format!("升级状态不能从 {from} 变为 {to}"),
            format!("An upgrade cannot go from {from} to {to}."),
            format!("Eine Aktualisierung kann nicht von {from} zu {to} wechseln."),
            format!("Una actualización no puede pasar de {from} a {to}."),
            format!("Une mise à jour ne peut pas passer de {from} à {to}."),
            format!("Uma atualização não pode passar de {from} para {to}."),
            format!("Обновление не может перейти из {from} в {to}."),
        ],
    )
}

/// A publish time must be later than now.
pub fn release_time_past() -> PluginError {
    texts(
        400,
        Some("releaseAt"),
        [
            "发布时间必须晚于当前时间",
            "The release time must be later than now.",
            "Der Veröffentlichungszeitpunkt muss in der Zukunft liegen.",
            "La hora de publicación debe ser posterior a la actual.",
            "L’heure de publication doit être postérieure à maintenant.",
            "A hora de publicação deve ser posterior à atual.",
            "Время выпуска должно быть позже текущего.",
        ],
    )
}

pub fn app_version_exists(code: i64) -> PluginError {
    PluginError::localized(
        409,
        Some("versionCode"),
        [
            format!("该应用在此平台已有版本号 {code} 的升级包"),
            format!("This app already has a package with version code {code} on this platform."),
            format!("Diese App hat auf dieser Plattform bereits ein Paket mit Versionscode {code}."),
            format!("Esta aplicación ya tiene un paquete con el código de versión {code} en esta plataforma."),
            format!("Cette application a déjà un paquet de code de version {code} sur cette plateforme."),
            format!("Esta aplicação já tem um pacote com o código de versão {code} nesta plataforma."),
            format!("У этого приложения уже есть пакет с кодом версии {code} на этой платформе."),
        ],
    )
}

/// "The number of whitelists cannot exceed 20" (and the same for the other lists).
pub fn too_many_in_list(field: &str, max: usize) -> PluginError {
    let white = field == "whitelist";
    let (zh, en, de, es, fr, pt, ru) = if white {
        (
            "白名单",
            "whitelist entries",
            "Whitelist-Einträge",
            "entradas de la lista blanca",
            "entrées de la liste blanche",
            "entradas da lista branca",
            "записей белого списка",
        )
    } else if field == "blacklist" {
        (
            "黑名单",
            "blacklist entries",
            "Blacklist-Einträge",
            "entradas de la lista negra",
            "entrées de la liste noire",
            "entradas da lista negra",
            "записей чёрного списка",
        )
    } else {
        ("SN", "SNs", "SNs", "SN", "SN", "SN", "SN")
    };
    PluginError::localized(
        400,
        Some(field),
        [
            format!("{zh}数量不能超过 {max}"),
            format!("The number of {en} cannot exceed {max}."),
            format!("Die Anzahl der {de} darf {max} nicht überschreiten."),
            format!("El número de {es} no puede superar {max}."),
            format!("Le nombre d’{fr} ne peut pas dépasser {max}.").replace("d’SN", "de SN"),
            format!("O número de {pt} não pode exceder {max}."),
            format!("Число {ru} не может превышать {max}."),
        ],
    )
}

fn texts(status: u16, field: Option<&str>, texts: [&str; 7]) -> PluginError {
    PluginError::localized(status, field, texts.map(str::to_string))
}
