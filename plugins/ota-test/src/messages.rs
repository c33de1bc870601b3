//! This plugin's own messages, in the console's seven languages (zhCn, en, de, es, fr, pt, ru).

use console_plugin_sdk::PluginError;

use crate::lifecycle::Refusal;

fn say(status: u16, field: Option<&str>, texts: [&str; 7]) -> PluginError {
    PluginError::localized(status, field, texts.map(str::to_string))
}

pub fn refused(refusal: Refusal) -> PluginError {
    match refusal {
        Refusal::PausedCannotTerminate => say(
            409,
            None,
            [
                "任务已暂停，无法终止",
                "Mission paused, cannot be terminated.",
                "Aufgabe pausiert, kann nicht beendet werden.",
                "Tarea en pausa, no se puede terminar.",
                "Tâche en pause, impossible de la terminer.",
                "Tarefa em pausa, não pode ser terminada.",
                "Задача приостановлена, её нельзя завершить.",
            ],
        ),
        Refusal::AlreadyRunning => say(
            409,
            None,
            [
                "任务正在进行中",
                "The task is already in progress.",
                "Die Aufgabe läuft bereits.",
                "La tarea ya está en curso.",
                "La tâche est déjà en cours.",
                "A tarefa já está em curso.",
                "Задача уже выполняется.",
            ],
        ),
        Refusal::AlreadyPaused => say(
            409,
            None,
            [
                "任务已处于暂停状态",
                "The task is already paused.",
                "Die Aufgabe ist bereits pausiert.",
                "La tarea ya está en pausa.",
                "La tâche est déjà en pause.",
                "A tarefa já está em pausa.",
                "Задача уже приостановлена.",
            ],
        ),
        Refusal::Finished => say(
            409,
            None,
            [
                "任务已结束，无法再操作；请新建任务",
                "The task has ended; create a new task to test again.",
                "Die Aufgabe ist beendet; legen Sie für einen neuen Test eine neue an.",
                "La tarea ha terminado; cree una nueva para volver a probar.",
                "La tâche est terminée ; créez-en une nouvelle pour tester à nouveau.",
                "A tarefa terminou; crie uma nova para testar de novo.",
                "Задача завершена; для нового теста создайте новую задачу.",
            ],
        ),
    }
}

pub fn not_running() -> PluginError {
    say(
        409,
        None,
        [
            "任务未在进行中，不接收结果",
            "The task is not in progress; results are not accepted.",
            "Die Aufgabe läuft nicht; Ergebnisse werden nicht angenommen.",
            "La tarea no está en curso; no se aceptan resultados.",
            "La tâche n’est pas en cours ; les résultats ne sont pas acceptés.",
            "A tarefa não está em curso; os resultados não são aceites.",
            "Задача не выполняется; результаты не принимаются.",
        ],
    )
}

pub fn unexpected_step(expected: u32) -> PluginError {
    PluginError::localized(
        409,
        Some("step"),
        [
            format!("当前应上报第 {expected} 步"),
            format!("Step {expected} is the one expected now."),
            format!("Erwartet wird jetzt Schritt {expected}."),
            format!("Ahora se espera el paso {expected}."),
            format!("L’étape attendue maintenant est la {expected}."),
            format!("O passo esperado agora é o {expected}."),
            format!("Сейчас ожидается шаг {expected}."),
        ],
    )
}

pub fn versions_equal() -> PluginError {
    say(
        400,
        Some("downgradeVersion"),
        [
            "降级版本须低于升级版本",
            "The downgrade version must be lower than the upgrade version.",
            "Die Downgrade-Version muss niedriger als die Upgrade-Version sein.",
            "La versión de bajada debe ser inferior a la de subida.",
            "La version de rétrogradation doit être inférieure à la version de mise à niveau.",
            "A versão de retrocesso deve ser inferior à de atualização.",
            "Версия отката должна быть ниже версии обновления.",
        ],
    )
}

pub fn unknown_devices(sns: &str) -> PluginError {
    PluginError::localized(
        400,
        Some("deviceSns"),
        [
            format!("以下 SN 不是测试设备：{sns}"),
            format!("These SNs are not test devices: {sns}"),
            format!("Diese SNs sind keine Testgeräte: {sns}"),
            format!("Estos SN no son dispositivos de prueba: {sns}"),
            format!("Ces SN ne sont pas des appareils de test : {sns}"),
            format!("Estes SN não são dispositivos de teste: {sns}"),
            format!("Эти SN не являются тестовыми устройствами: {sns}"),
        ],
    )
}

pub fn not_finished() -> PluginError {
    say(
        409,
        None,
        [
            "进行中或暂停的任务不能删除，请先终止",
            "A task in progress or paused cannot be deleted; terminate it first.",
            "Eine laufende oder pausierte Aufgabe kann nicht gelöscht werden; beenden Sie sie zuerst.",
            "No se puede eliminar una tarea en curso o en pausa; termínela primero.",
            "Une tâche en cours ou en pause ne peut pas être supprimée ; terminez-la d’abord.",
            "Não é possível eliminar uma tarefa em curso ou em pausa; termine-a primeiro.",
            "Нельзя удалить выполняемую или приостановленную задачу; сначала завершите её.",
        ],
    )
}
