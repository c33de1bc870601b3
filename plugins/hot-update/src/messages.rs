//! This plugin's own messages, in the console's seven languages (zhCn, en, de, es, fr, pt, ru).

use console_plugin_sdk::PluginError;

pub fn patch_version_too_low(plugin: &str, latest: u32) -> PluginError {
    PluginError::localized(
        400,
        Some("patchVersion"),
        [
            format!("补丁版本须大于 {latest}（{plugin} 在该基线上的最新补丁）"),
            format!("The patch version must be greater than {latest}, the latest patch of {plugin} for this baseline."),
            format!("Die Patch-Version muss größer als {latest} sein, der letzte Patch von {plugin} für diese Basis."),
            format!("La versión del parche debe ser mayor que {latest}, el último parche de {plugin} para esta base."),
            format!(
                "La version du correctif doit être supérieure à {latest}, le dernier correctif de {plugin} pour cette base."
            ),
            format!("A versão do patch deve ser maior que {latest}, o último patch de {plugin} para esta base."),
            format!("Версия патча должна быть больше {latest} — последнего патча {plugin} для этой базовой версии."),
        ],
    )
}

pub fn wrong_state(status: &str) -> PluginError {
    PluginError::localized(
        409,
        None,
        [
            format!("补丁当前状态（{status}）不允许此操作"),
            format!("This cannot be done to a patch that is {status}."),
            format!("Das ist bei einem Patch im Zustand „{status}“ nicht möglich."),
            format!("No es posible con un parche en estado «{status}»."),
            format!("Impossible pour un correctif à l’état « {status} »."),
            format!("Não é possível com um patch no estado «{status}»."),
            format!("Это недоступно для патча в состоянии «{status}»."),
        ],
    )
}

pub fn baseline_in_use(count: u64) -> PluginError {
    PluginError::localized(
        409,
        None,
        [
            format!("该基线包仍有 {count} 个补丁，不能删除"),
            format!("{count} patches target this baseline; it cannot be deleted."),
            format!("{count} Patches zielen auf diese Basis; sie kann nicht gelöscht werden."),
            format!("{count} parches apuntan a esta base; no se puede eliminar."),
            format!("{count} correctifs visent cette base ; suppression impossible."),
            format!("{count} patches visam esta base; não pode ser eliminada."),
            format!("На эту базовую версию ссылаются {count} патчей; удалить нельзя."),
        ],
    )
}

pub fn url_or_file() -> PluginError {
    PluginError::localized(
        400,
        Some("patchUrl"),
        [
            "请填写补丁地址或上传补丁文件（二选一）".to_string(),
            "Give either a patch URL or an uploaded patch file, not both.".to_string(),
            "Geben Sie entweder eine Patch-URL oder eine hochgeladene Patch-Datei an, nicht beides.".to_string(),
            "Indique una URL de parche o un archivo subido, no ambos.".to_string(),
            "Indiquez soit une URL de correctif, soit un fichier envoyé, pas les deux.".to_string(),
            "Indique um URL de patch ou um ficheiro carregado, não ambos.".to_string(),
            "Укажите либо адрес патча, либо загруженный файл, но не оба.".to_string(),
        ],
    )
}

pub fn sha_mismatch(computed: &str) -> PluginError {
    PluginError::localized(
        400,
        Some("patchSha256"),
        [
            format!("sha256 与上传文件不符（文件为 {computed}）"),
            format!("The sha256 does not match the uploaded file ({computed})."),
            format!("Die sha256 passt nicht zur hochgeladenen Datei ({computed})."),
            format!("El sha256 no coincide con el archivo subido ({computed})."),
            format!("Le sha256 ne correspond pas au fichier envoyé ({computed})."),
            format!("O sha256 não corresponde ao ficheiro carregado ({computed})."),
            format!("sha256 не совпадает с загруженным файлом ({computed})."),
        ],
    )
}
