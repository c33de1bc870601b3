//! How much one device or app may send: what it uploads is stored for the whole enterprise, so
//! one sender (broken or hostile) must not fill the enterprise's files quota or its lists.

use crate::{Call, Collection, PluginError, PluginResult, Query};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Refuses a message of `collection` when the last one `query` finds (the sender's) came less than
/// `every_secs` ago: 429 "at most one every N seconds".
pub fn at_most_every<T: Serialize + DeserializeOwned>(
    call: &mut Call<'_>,
    collection: &Collection<T>,
    query: Query,
    every_secs: i64,
) -> PluginResult<()> {
    let last = collection.query(call.host, &query.sort("createdAt", true).page(1, 1))?;
    let now = call.host.now_ms();
    match last.list.first() {
        Some(doc) if now - doc.created_at < every_secs * 1000 => Err(too_often(every_secs)),
        _ => Ok(()),
    }
}

fn too_often(every_secs: i64) -> PluginError {
    let n = every_secs;
    PluginError::localized(
        429,
        None,
        [
            format!("发送过于频繁：每 {n} 秒最多一条"),
            format!("Too frequent: at most one every {n} seconds."),
            format!("Zu häufig: höchstens eine alle {n} Sekunden."),
            format!("Demasiado frecuente: como máximo uno cada {n} segundos."),
            format!("Trop fréquent : au plus un toutes les {n} secondes."),
            format!("Demasiado frequente: no máximo um a cada {n} segundos."),
            format!("Слишком часто: не чаще одного раза в {n} секунд."),
        ],
    )
}
