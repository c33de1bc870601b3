//! Flash-event orders: a device whose firmware must be flashed by hand (an upgrade that left it
//! unable to boot, a repair, a re-flash at the factory) gets an order a service site works through:
//! open → flashing → done or failed; a failed flash may be tried again, and an order that is not
//! needed is cancelled while still open.

use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Resource, random};
use serde::{Deserialize, Serialize};

/// Why a device is flashed by hand.
pub const REASONS: [&str; 4] = ["upgrade-failure", "repair", "factory", "other"];
/// An order's states; `done`, `failed` and `cancelled` record when they were reached.
pub const STATES: [&str; 5] = ["open", "flashing", "done", "failed", "cancelled"];

/// Whether an order in `from` may move to `to` (staying is always allowed).
pub fn may_move(from: &str, to: &str) -> bool {
    from == to
        || matches!(
            (from, to),
            ("open", "flashing")
                | ("open", "cancelled")
                | ("flashing", "done")
                | ("flashing", "failed")
                | ("failed", "flashing")
        )
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FlashOrder {
    /// `F` and ten characters, given once.
    pub order_no: String,
    pub sn: String,
    pub product_id: String,
    pub product_name: String,
    /// What the device runs (or ran when it stopped booting), and what it is flashed with.
    pub from_version: String,
    pub to_version: String,
    /// One of [`REASONS`].
    pub reason: String,
    /// The service site or line that flashes it.
    pub site: String,
    pub description: String,
    /// One of [`STATES`].
    pub state: String,
    /// What came of it (required for a failure).
    pub result: String,
    /// When it was done, failed or cancelled.
    pub finished_at: Option<i64>,
}

pub const FLASH_ORDERS: Collection<FlashOrder> = Collection::new("flash_orders");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct FlashOrderInput {
    sn: String,
    product_id: String,
    from_version: String,
    to_version: String,
    reason: String,
    site: String,
    description: String,
    /// On a change: the state it moves to.
    state: String,
    result: String,
}

fn version(field: &str, value: &str, required: bool) -> PluginResult<String> {
    let text = if required { validate::required(field, value, 32)? } else { validate::optional(field, value, 32)? };
    if text.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_')) {
        Ok(text)
    } else {
        Err(PluginError::format(field, console_plugin_sdk::expected::CODE))
    }
}

const NO_SUCH_MOVE: [&str; 7] = [
    "工单不能从当前状态转到该状态。",
    "The order cannot move from its state to that one.",
    "Der Auftrag kann von seinem Status nicht in diesen wechseln.",
    "La orden no puede pasar de su estado a ese.",
    "L’ordre ne peut pas passer de son état à celui-ci.",
    "A ordem não pode passar do seu estado para esse.",
    "Заказ не может перейти из текущего состояния в это.",
];

pub struct FlashOrders;

impl Resource for FlashOrders {
    type Data = FlashOrder;
    type Input = FlashOrderInput;
    const COLLECTION: Collection<FlashOrder> = FLASH_ORDERS;
    const SEARCH: &'static [&'static str] = &["sn", "orderNo"];
    const FILTERS: &'static [&'static str] = &["state", "reason", "productId"];
    const SORT: &'static [(&'static str, bool)] = &[("createdAt", true)];
    const AUDIT_CREATE: Option<&'static str> = Some("Open a flash-event order");

    fn name(data: &FlashOrder) -> &str {
        &data.order_no
    }

    fn validate(
        call: &mut Call<'_>,
        input: FlashOrderInput,
        current: Option<&Doc<FlashOrder>>,
    ) -> PluginResult<FlashOrder> {
        let sn = validate::required("sn", &input.sn, 64)?;
        if !sn.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_')) {
            return Err(PluginError::format("sn", console_plugin_sdk::expected::CODE));
        }
        let product_id = validate::required("productId", &input.product_id, SHORT_TEXT)?;
        let product_name = match current {
            Some(doc) if doc.data.product_id == product_id => doc.data.product_name.clone(),
            _ => console_plugin_sdk::products::name(call.host, "productId", &product_id)?,
        };
        let from = current.map_or("open", |c| c.data.state.as_str());
        let state =
            if current.is_none() { "open".to_string() } else { validate::one_of("state", &input.state, &STATES)? };
        if !may_move(from, &state) {
            return Err(PluginError::localized(409, Some("state"), NO_SUCH_MOVE.map(str::to_string)));
        }
        let result = validate::optional("result", &input.result, 500)?;
        if state == "failed" && result.is_empty() {
            return Err(PluginError::required("result"));
        }
        let finishing = matches!(state.as_str(), "done" | "failed" | "cancelled");
        let finished_at = match (finishing, current.and_then(|c| c.data.finished_at)) {
            (false, _) => None,
            (true, Some(at)) if from == state => Some(at),
            (true, _) => Some(call.host.now_ms()),
        };
        Ok(FlashOrder {
            order_no: match current {
                Some(doc) => doc.data.order_no.clone(),
                None => format!("F{}", random::token(10)?),
            },
            sn,
            product_id,
            product_name,
            from_version: version("fromVersion", &input.from_version, false)?,
            to_version: version("toVersion", &input.to_version, true)?,
            reason: validate::one_of("reason", &input.reason, &REASONS)?,
            site: validate::required("site", &input.site, 64)?,
            description: validate::optional("description", &input.description, 500)?,
            state,
            result,
            finished_at,
        })
    }

    /// Only an order that never started goes: the others are the device's history.
    fn before_delete(_call: &mut Call<'_>, doc: &Doc<FlashOrder>) -> PluginResult<()> {
        if matches!(doc.data.state.as_str(), "open" | "cancelled") {
            Ok(())
        } else {
            Err(PluginError::localized(409, Some("state"), NO_SUCH_MOVE.map(str::to_string)))
        }
    }
}
