//! Pets: a cat bound to a litter box (device SN and the cat's id on it).

use console_plugin_sdk::time;
use console_plugin_sdk::upload::{self, StoredFile};
use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Resource, Value, json};
use serde::{Deserialize, Serialize};

use crate::breeds::BREEDS;
use crate::records::RECORDS;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PetInfo {
    pub pet_name: String,
    pub nickname: String,
    pub breed_id: String,
    pub breed_name: String,
    pub sterilized: bool,
    /// YYYY-MM-DD.
    pub birthday: String,
    /// The avatar, uploaded (200 × 200 PNG, JPEG or GIF, at most 500 KB).
    #[serde(default, deserialize_with = "stored_or_none")]
    pub avatar: Option<StoredFile>,
    /// The litter box the cat is bound to, and the cat's id on it; absent for an unbound pet
    /// (absent, not empty, so that unbound pets never collide on the unique key).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub device_sn: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cat_id: Option<String>,
    /// Registered weight in kg.
    pub weight_kg: f64,
}

pub const PETS: Collection<PetInfo> = Collection::new("pets");

/// Pets stored before avatars were uploads held an address typed in: read as no avatar.
fn stored_or_none<'de, D: serde::Deserializer<'de>>(value: D) -> Result<Option<StoredFile>, D::Error> {
    Ok(match Value::deserialize(value)? {
        stored @ Value::Object(_) => serde_json::from_value(stored).ok(),
        _ => None,
    })
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PetInput {
    pet_name: String,
    nickname: String,
    breed_id: String,
    sterilized: bool,
    birthday: String,
    /// The upload id of a new avatar; empty keeps the current one.
    avatar: String,
    device_sn: String,
    cat_id: String,
    weight_kg: Option<f64>,
}

/// Parses YYYY-MM-DD into (year, month, day), checking the calendar.
impl PetInput {
    fn validate(self, call: &mut Call<'_>, current: Option<&Doc<PetInfo>>) -> PluginResult<PetInfo> {
        let birthday = validate::required("birthday", &self.birthday, 10)?;
        let date = time::parse_date(&birthday).ok_or_else(|| {
            PluginError::format(
                "birthday",
                [
                    "YYYY-MM-DD 格式的日期",
                    "a date YYYY-MM-DD",
                    "ein Datum JJJJ-MM-TT",
                    "una fecha AAAA-MM-DD",
                    "une date AAAA-MM-JJ",
                    "uma data AAAA-MM-DD",
                    "дата в формате ГГГГ-ММ-ДД",
                ],
            )
        })?;
        if date > time::date_at(call.host.now_ms()) {
            return Err(PluginError::format(
                "birthday",
                [
                    "不晚于今天的日期",
                    "a date not in the future",
                    "ein Datum, das nicht in der Zukunft liegt",
                    "una fecha que no sea futura",
                    "une date qui n’est pas dans le futur",
                    "uma data que não seja futura",
                    "дата не в будущем",
                ],
            ));
        }
        let weight_kg = validate::range("weightKg", validate::some("weightKg", self.weight_kg)?, 0.1, 30.0)?;
        let breed_id = validate::required("breedId", &self.breed_id, 64)?;
        let breed = BREEDS.get(call.host, &breed_id)?.ok_or_else(|| {
            PluginError::format(
                "breedId",
                [
                    "已存在的品种",
                    "an existing breed",
                    "eine vorhandene Rasse",
                    "una raza existente",
                    "une race existante",
                    "uma raça existente",
                    "существующая порода",
                ],
            )
        })?;
        let device_sn = validate::optional("deviceSn", &self.device_sn, 64)?;
        let cat_id = validate::optional("catId", &self.cat_id, 64)?;
        if device_sn.is_empty() != cat_id.is_empty() {
            let field = if device_sn.is_empty() { "deviceSn" } else { "catId" };
            return Err(PluginError::required(field));
        }
        Ok(PetInfo {
            pet_name: validate::length("petName", &self.pet_name, 1, 32)?,
            nickname: validate::optional("nickname", &self.nickname, SHORT_TEXT)?,
            breed_id,
            breed_name: breed.data.breed_name,
            sterilized: self.sterilized,
            birthday,
            avatar: match self.avatar.trim() {
                "" => current.and_then(|pet| pet.data.avatar.clone()),
                upload_id => {
                    let file = upload::claim(call.host, "avatar", upload_id, "pet-avatar")?;
                    upload::require_avatar("avatar", &file)?;
                    Some(StoredFile::from(&file))
                }
            },
            device_sn: Some(device_sn).filter(|sn| !sn.is_empty()),
            cat_id: Some(cat_id).filter(|id| !id.is_empty()),
            weight_kg,
        })
    }
}

/// A pet as the pages show it: with its age on the day of `now_ms` and a link to its avatar,
/// valid for an hour.
fn shown_pet(call: &mut Call<'_>, pet: &console_plugin_sdk::Doc<PetInfo>) -> Value {
    let mut value = json!(pet);
    if let Some(birthday) = time::parse_date(&pet.data.birthday) {
        value["age"] = json!(time::whole_years(birthday, time::date_at(call.host.now_ms())));
    }
    if let Some(avatar) = &pet.data.avatar
        && let Ok(url) = call.host.file_access_url(&avatar.object, &avatar.file_name, 3600)
    {
        value["avatarUrl"] = json!(url);
    }
    value
}

pub fn detail(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let pet = PETS.find(call.host, &id)?;
    let latest =
        RECORDS.query(call.host, &Query::new().eq("petId", id.as_str()).sort("startTime", true).page(1, 10))?;
    let mut value = shown_pet(call, &pet);
    value["latestRecords"] = json!(latest.list);
    Ok(value)
}

/// Pets as a resource: their age computed for the pages, `pet.created` published, and their
/// records deleted with them (in the same transaction as the call).
pub struct Pets;

impl Resource for Pets {
    type Data = PetInfo;
    type Input = PetInput;
    const COLLECTION: Collection<PetInfo> = PETS;
    const SEARCH: &'static [&'static str] = &["petName", "deviceSn"];
    const FILTERS: &'static [&'static str] = &["breedId", "sterilized"];
    // In stored order: sorting a breed's 20,000 pets by time took a 1M-record page from 4 ms to
    // 106 ms (`make bench`), the filter's index cannot give that order.
    const SORT: &'static [(&'static str, bool)] = &[];

    fn name(pet: &PetInfo) -> &str {
        &pet.pet_name
    }

    fn validate(call: &mut Call<'_>, input: PetInput, current: Option<&Doc<PetInfo>>) -> PluginResult<PetInfo> {
        input.validate(call, current)
    }

    fn after_create(call: &mut Call<'_>, created: &Doc<PetInfo>) -> PluginResult<()> {
        let event = json!({ "id": created.id, "petName": created.data.pet_name });
        call.host.publish("pet.created", &event.to_string()).map_err(PluginError::internal)
    }

    fn before_delete(call: &mut Call<'_>, pet: &Doc<PetInfo>) -> PluginResult<()> {
        loop {
            let batch = RECORDS.query(call.host, &Query::new().eq("petId", pet.id.as_str()).page(1, 500))?;
            if batch.list.is_empty() {
                return Ok(());
            }
            for record in batch.list {
                RECORDS.delete(call.host, &record.id)?;
            }
        }
    }

    fn shown(call: &mut Call<'_>, pet: &Doc<PetInfo>) -> Value {
        shown_pet(call, pet)
    }
}
