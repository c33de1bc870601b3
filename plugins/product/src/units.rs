//! The unit list the parameter editor offers: each unit has a symbol and a name.

use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginResult, Query, Resource};
use serde::{Deserialize, Serialize};

use crate::thing_model::Units;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
pub struct Unit {
    pub symbol: String,
    pub name: String,
}

pub const UNITS: Collection<Unit> = Collection::new("units");
pub const MAX_UNITS: u32 = 1000;

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(default)]
pub struct UnitInput {
    symbol: String,
    name: String,
}

/// The enterprise's units, symbol to name, as thing models are checked against them.
pub fn all(call: &mut Call<'_>) -> PluginResult<Units> {
    let page = UNITS.query(call.host, &Query::new().page(1, MAX_UNITS))?;
    Ok(page.list.into_iter().map(|u| (u.data.symbol, u.data.name)).collect())
}

pub struct UnitList;

impl Resource for UnitList {
    type Data = Unit;
    type Input = UnitInput;
    const COLLECTION: Collection<Unit> = UNITS;
    const SEARCH: &'static [&'static str] = &["symbol", "name"];
    const SORT: &'static [(&'static str, bool)] = &[("symbol", false)];

    fn name(unit: &Unit) -> &str {
        &unit.symbol
    }

    fn validate(_call: &mut Call<'_>, input: UnitInput, _current: Option<&Doc<Unit>>) -> PluginResult<Unit> {
        Ok(Unit {
            symbol: validate::required("symbol", &input.symbol, 16)?,
            name: validate::required("name", &input.name, SHORT_TEXT)?,
        })
    }
}
