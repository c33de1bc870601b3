//! This plugin's own messages, in the console's seven languages (zhCn, en, de, es, fr, pt, ru).

use console_plugin_sdk::PluginError;

fn refused(status: u16, field: Option<&str>, texts: [&str; 7]) -> PluginError {
    PluginError::localized(status, field, texts.map(str::to_string))
}

/// A device whose SN no enabled whitelist names, or whose kind of data it does not collect.
pub fn not_collected() -> PluginError {
    refused(
        403,
        Some("sn"),
        [
            "该设备不在采集白名单中，或白名单未启用此类数据的采集",
            "This device is not on a collection whitelist, or its whitelist does not collect this kind of data.",
            "Dieses Gerät steht auf keiner Erfassungs-Whitelist, oder seine Whitelist erfasst diese Art von Daten nicht.",
            "Este dispositivo no está en ninguna lista blanca de recogida, o su lista no recoge este tipo de datos.",
            "Cet appareil ne figure sur aucune liste blanche de collecte, ou sa liste ne collecte pas ce type de données.",
            "Este dispositivo não está em nenhuma lista de permissões de coleta, ou a lista não coleta este tipo de dado.",
            "Этого устройства нет в белом списке сбора, или его список не собирает такие данные.",
        ],
    )
}

/// The privacy statement a whitelist relies on is no longer on the privacy list.
pub fn privacy_missing() -> PluginError {
    refused(
        409,
        Some("privacyProject"),
        [
            "隐私清单中没有此项，采集前请先在隐私清单中说明",
            "The privacy list has no such entry; state the collection on the privacy list first.",
            "Die Datenschutzliste hat keinen solchen Eintrag; nennen Sie die Erfassung zuerst in der Datenschutzliste.",
            "La lista de privacidad no tiene esa entrada; declare primero la recogida en la lista de privacidad.",
            "La liste de confidentialité ne contient pas cette entrée ; déclarez d’abord la collecte dans la liste de confidentialité.",
            "A lista de privacidade não tem essa entrada; declare primeiro a coleta na lista de privacidade.",
            "В списке конфиденциальности нет такой записи; сначала укажите сбор данных в списке конфиденциальности.",
        ],
    )
}

/// A device handed over more pictures in the last hour than it may.
pub fn too_many() -> PluginError {
    refused(
        429,
        None,
        [
            "该设备最近一小时上传的图片过多，请稍后再试",
            "This device has handed over too many pictures in the last hour; try again later.",
            "Dieses Gerät hat in der letzten Stunde zu viele Bilder übergeben; versuchen Sie es später erneut.",
            "Este dispositivo ha entregado demasiadas imágenes en la última hora; inténtelo más tarde.",
            "Cet appareil a remis trop d’images au cours de la dernière heure ; réessayez plus tard.",
            "Este dispositivo entregou imagens demais na última hora; tente novamente mais tarde.",
            "Это устройство передало слишком много снимков за последний час; повторите попытку позже.",
        ],
    )
}

/// The upload is not an image the host can read.
pub fn not_an_image() -> PluginError {
    refused(
        400,
        Some("uploadId"),
        [
            "上传的文件不是可读取的图片",
            "The uploaded file is not an image that can be read.",
            "Die hochgeladene Datei ist kein lesbares Bild.",
            "El archivo subido no es una imagen legible.",
            "Le fichier envoyé n’est pas une image lisible.",
            "O arquivo enviado não é uma imagem legível.",
            "Загруженный файл не является читаемым изображением.",
        ],
    )
}

/// The annotator may not review their own annotation.
pub fn own_annotation() -> PluginError {
    refused(
        409,
        None,
        [
            "不能审核自己的标注，请由另一位用户审核",
            "You cannot review your own annotation; another user must review it.",
            "Sie können Ihre eigene Annotation nicht prüfen; ein anderer Benutzer muss sie prüfen.",
            "No puede revisar su propia anotación; debe revisarla otro usuario.",
            "Vous ne pouvez pas vérifier votre propre annotation ; un autre utilisateur doit le faire.",
            "Você não pode revisar sua própria anotação; outro usuário deve revisá-la.",
            "Нельзя проверять собственную разметку; её должен проверить другой пользователь.",
        ],
    )
}

/// Only an annotated item is reviewed; a reviewed one is annotated again before another review.
pub fn not_annotated() -> PluginError {
    refused(
        409,
        None,
        [
            "该数据尚未标注，或已审核",
            "This item is not annotated yet, or has been reviewed already.",
            "Dieses Element ist noch nicht annotiert oder wurde bereits geprüft.",
            "Este elemento aún no está anotado o ya se ha revisado.",
            "Cet élément n’est pas encore annoté, ou a déjà été vérifié.",
            "Este item ainda não foi anotado ou já foi revisado.",
            "Этот элемент ещё не размечен или уже проверен.",
        ],
    )
}

/// An export names no item.
pub fn nothing_to_export() -> PluginError {
    refused(
        400,
        None,
        [
            "没有符合条件的数据可导出",
            "No item matches; there is nothing to export.",
            "Kein Element passt; es gibt nichts zu exportieren.",
            "Ningún elemento coincide; no hay nada que exportar.",
            "Aucun élément ne correspond ; il n’y a rien à exporter.",
            "Nenhum item corresponde; não há nada para exportar.",
            "Нет подходящих элементов; экспортировать нечего.",
        ],
    )
}

pub const KINDS: [&str; 7] = [
    "障碍物图片（obstacle）或地图快照（map）",
    "obstacle (an obstacle picture) or map (a map snapshot)",
    "obstacle (Hindernisbild) oder map (Kartenschnappschuss)",
    "obstacle (imagen de obstáculo) o map (instantánea del mapa)",
    "obstacle (image d’obstacle) ou map (instantané de carte)",
    "obstacle (imagem de obstáculo) ou map (instantâneo do mapa)",
    "obstacle (снимок препятствия) или map (снимок карты)",
];

pub const CONFIDENCE: [&str; 7] = [
    "0 到 1 之间的数",
    "a number from 0 to 1",
    "eine Zahl von 0 bis 1",
    "un número de 0 a 1",
    "un nombre de 0 à 1",
    "um número de 0 a 1",
    "число от 0 до 1",
];
