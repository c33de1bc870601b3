//! `platform` (contract 0.1.6): the enterprises and languages a plugin's records refer to, read
//! in the call's transaction. The signed-in user bounds what is seen: a platform user sees every
//! enterprise, whichever one they act for; anybody else (an enterprise's user, a device, a
//! schedule) only the enterprise of the call.

use crate::db::platform::{accounts, enterprises, language_codes};
use crate::plugins::bindings::console::plugin::platform;
use crate::plugins::runtime::CallState;

const MAX_IDS: usize = 1000;
const MAX_ACCOUNTS: u32 = 100;
const MAX_TEXT: usize = 64;

impl platform::Host for CallState {
    async fn enterprises(&mut self, ids: Vec<i64>) -> wasmtime::Result<Result<Vec<platform::Enterprise>, String>> {
        if ids.len() > MAX_IDS {
            return Ok(Err(format!("at most {MAX_IDS} enterprise ids at once")));
        }
        let only = (!(self.call.platform_user && self.call.user_id > 0)).then_some(self.call.tenant_id);
        let found = enterprises(self.read_conn().await?, &ids, only).await?;
        // In the order asked, each once.
        let mut answer: Vec<platform::Enterprise> = Vec::new();
        for id in ids {
            if let Some(e) = found.iter().find(|e| e.id == id).filter(|_| !answer.iter().any(|a| a.id == id)) {
                answer.push(platform::Enterprise {
                    id: e.id,
                    name: e.tenant_name.clone(),
                    kind: e.kind.clone(),
                    disabled: e.disabled,
                });
            }
        }
        Ok(Ok(answer))
    }

    async fn languages(&mut self) -> wasmtime::Result<Result<Vec<String>, String>> {
        Ok(Ok(language_codes(self.read_conn().await?).await?))
    }

    /// The call's enterprise's accounts only, whoever asks: a seat is an agent of its own
    /// enterprise (contract 0.1.10).
    async fn accounts(&mut self, text: String, limit: u32) -> wasmtime::Result<Result<Vec<platform::Account>, String>> {
        if !(1..=MAX_ACCOUNTS).contains(&limit) || text.chars().count() > MAX_TEXT {
            return Ok(Err(format!("at most {MAX_ACCOUNTS} accounts, found by at most {MAX_TEXT} characters")));
        }
        let tenant = self.call.tenant_id;
        let found = accounts(self.read_conn().await?, tenant, text.trim(), limit).await?;
        Ok(Ok(found
            .into_iter()
            .map(|a| platform::Account { id: a.id, user_name: a.username, name: a.name, disabled: a.disabled })
            .collect()))
    }
}
