//! Cat breeds: name, index initial, popular flag, sort weight.

use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, PluginError, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::pets::PETS;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Breed {
    pub breed_name: String,
    /// A-Z, for the alphabetical index of the app's breed picker.
    pub initial: String,
    /// Shown among the popular breeds.
    pub hot: bool,
    pub sort_weight: i64,
    pub avatar: String,
}

pub const BREEDS: Collection<Breed> = Collection::new("breeds");

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct BreedInput {
    breed_name: String,
    initial: String,
    hot: bool,
    sort_weight: Option<i64>,
    avatar: String,
}

impl BreedInput {
    fn validate(self) -> PluginResult<Breed> {
        let breed_name = validate::required("breedName", &self.breed_name, SHORT_TEXT)?;
        let initial = match self.initial.trim() {
            "" => breed_name
                .chars()
                .find(char::is_ascii_alphabetic)
                .map(|c| c.to_ascii_uppercase().to_string())
                .unwrap_or_else(|| "#".into()),
            given if given.len() == 1 && given.chars().all(|c| c.is_ascii_alphabetic()) => given.to_ascii_uppercase(),
            _ => {
                return Err(PluginError::format(
                    "initial",
                    [
                        "一个字母 A-Z",
                        "one letter A-Z",
                        "ein Buchstabe A–Z",
                        "una letra de la A a la Z",
                        "une lettre de A à Z",
                        "uma letra de A a Z",
                        "одна буква A–Z",
                    ],
                ));
            }
        };
        let sort_weight = self.sort_weight.unwrap_or(0);
        if !(0..=100_000).contains(&sort_weight) {
            return Err(PluginError::format(
                "sortWeight",
                [
                    "0 到 100000 之间的整数",
                    "an integer from 0 to 100000",
                    "eine ganze Zahl von 0 bis 100000",
                    "un entero de 0 a 100000",
                    "un entier de 0 à 100000",
                    "um inteiro de 0 a 100000",
                    "целое число от 0 до 100000",
                ],
            ));
        }
        Ok(Breed {
            breed_name,
            initial,
            hot: self.hot,
            sort_weight,
            avatar: validate::optional("avatar", &self.avatar, 1024)?,
        })
    }
}

pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let mode = call.search_mode();
    let mut query = Query::new()
        .search("breedName", call.query("breedName"), mode)
        .eq_opt("initial", call.query("initial"))
        .sort("sortWeight", true)
        .sort("initial", false)
        .paged_by(call)?;
    if let Some(hot) = call.query("hot") {
        query = query.eq("hot", hot == "true");
    }
    Ok(json!(BREEDS.query(call.host, &query)?))
}

/// Id and name of every breed, for the pet forms of users who may not manage breeds.
pub fn options(call: &mut Call<'_>) -> PluginResult<Value> {
    let page = BREEDS.query(call.host, &Query::new().sort("sortWeight", true).sort("initial", false).page(1, 1000))?;
    Ok(Value::Array(page.list.into_iter().map(|b| json!({ "id": b.id, "breedName": b.data.breed_name })).collect()))
}

pub fn create(call: &mut Call<'_>) -> PluginResult<Value> {
    let breed = call.body::<BreedInput>()?.validate()?;
    let created = BREEDS.insert(call.host, &breed)?;
    call.host.audit("Add a breed", &breed.breed_name);
    Ok(json!(created))
}

pub fn update(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let version = call.version();
    let breed = call.body::<BreedInput>()?.validate()?;
    BREEDS.find(call.host, &id)?;
    Ok(json!(BREEDS.update(call.host, &id, &breed, version)?))
}

pub fn delete(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let breed = BREEDS.find(call.host, &id)?;
    call.confirm_name(&breed.data.breed_name)?;
    let in_use = PETS.count(call.host, &Query::new().eq("breedId", id.as_str()))?;
    if in_use > 0 {
        return Err(PluginError::localized(
            409,
            None,
            [
                format!("该品种仍有 {in_use} 只宠物，不能删除"),
                format!("{in_use} pets are of this breed; it cannot be deleted."),
                format!("{in_use} Haustiere gehören zu dieser Rasse; sie kann nicht gelöscht werden."),
                format!("{in_use} mascotas son de esta raza; no se puede eliminar."),
                format!("{in_use} animaux sont de cette race ; elle ne peut pas être supprimée."),
                format!("{in_use} animais são desta raça; não pode ser eliminada."),
                format!("Животных этой породы: {in_use}; её нельзя удалить."),
            ],
        ));
    }
    BREEDS.delete(call.host, &id)?;
    Ok(Value::Null)
}
