//! Litter-box records of a pet: usage, clearing and taste.

use console_plugin_sdk::validate;
use console_plugin_sdk::{Call, Collection, PluginError, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::pets::PETS;

pub const KINDS: [&str; 3] = ["usage", "clearing", "taste"];

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PetRecord {
    pub pet_id: String,
    pub device_sn: String,
    /// usage, clearing or taste.
    pub kind: String,
    /// Unix milliseconds.
    pub start_time: i64,
    pub duration_s: i64,
    pub litter_weight_g: f64,
    /// The cat's weight measured during the visit.
    pub weight_g: f64,
    /// How the box was cleared (auto, manual, scheduled) for clearing records.
    pub clear_type: String,
}

pub const RECORDS: Collection<PetRecord> = Collection::new("records");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct RecordInput {
    pet_id: String,
    kind: String,
    start_time: Option<i64>,
    duration_s: Option<i64>,
    litter_weight_g: Option<f64>,
    weight_g: Option<f64>,
    clear_type: String,
}

pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let number = |call: &Call<'_>, name: &str| -> PluginResult<Option<i64>> {
        call.query(name)
            .map(|v| {
                v.parse::<i64>().map_err(|_| {
                    PluginError::format(
                        name,
                        [
                            "Unix 毫秒时间戳",
                            "unix milliseconds",
                            "Unix-Millisekunden",
                            "milisegundos Unix",
                            "des millisecondes Unix",
                            "milissegundos Unix",
                            "миллисекунды Unix",
                        ],
                    )
                })
            })
            .transpose()
    };
    let mut query = Query::new()
        .eq_opt("petId", call.query("petId"))
        .eq_opt("kind", call.query("kind"))
        .eq_opt("deviceSn", call.query("deviceSn"))
        .sort("startTime", true);
    if let Some(from) = number(call, "startTime")? {
        query = query.gte("startTime", from);
    }
    if let Some(to) = number(call, "endTime")? {
        query = query.lte("startTime", to);
    }
    let query = query.paged_by(call)?;
    Ok(json!(RECORDS.query(call.host, &query)?))
}

pub fn create(call: &mut Call<'_>) -> PluginResult<Value> {
    let input = call.body::<RecordInput>()?;
    let pet_id = validate::required("petId", &input.pet_id, 64)?;
    let pet = PETS.get(call.host, &pet_id)?.ok_or_else(|| {
        PluginError::format(
            "petId",
            [
                "已存在的宠物",
                "an existing pet",
                "ein vorhandenes Haustier",
                "una mascota existente",
                "un animal existant",
                "um animal existente",
                "существующий питомец",
            ],
        )
    })?;
    let kind = validate::one_of("kind", &input.kind, &KINDS)?;
    let clear_type = if kind == "clearing" {
        validate::one_of("clearType", &input.clear_type, &["auto", "manual", "scheduled"])?
    } else {
        String::new()
    };
    let record = PetRecord {
        device_sn: pet.data.device_sn.unwrap_or_default(),
        start_time: validate::some("startTime", input.start_time.filter(|t| *t > 0))?,
        duration_s: validate::range("durationS", input.duration_s.unwrap_or(0) as f64, 0.0, 86_400.0)? as i64,
        litter_weight_g: validate::range("litterWeightG", input.litter_weight_g.unwrap_or(0.0), 0.0, 50_000.0)?,
        weight_g: validate::range("weightG", input.weight_g.unwrap_or(0.0), 0.0, 30_000.0)?,
        pet_id,
        kind,
        clear_type,
    };
    Ok(json!(RECORDS.insert(call.host, &record)?))
}
