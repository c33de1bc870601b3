//! Cat breeds: name, index initial, popular flag, sort weight.

use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Resource, Value, json};
use serde::{Deserialize, Serialize};

use crate::pets::PETS;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
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

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct BreedInput {
    breed_name: String,
    initial: String,
    hot: bool,
    sort_weight: Option<i64>,
    /// Absent, the breed keeps its picture (the page's form does not show it); empty, it has
    /// none.
    avatar: Option<String>,
}

impl BreedInput {
    fn validate(self, current: Option<&Breed>) -> PluginResult<Breed> {
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
            avatar: match &self.avatar {
                Some(avatar) => validate::optional("avatar", avatar, 1024)?,
                None => current.map(|breed| breed.avatar.clone()).unwrap_or_default(),
            },
        })
    }
}

/// A breed in the pet forms' picker.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct BreedOption {
    pub id: String,
    pub breed_name: String,
}

/// Id and name of every breed, for the pet forms of users who may not manage breeds.
pub fn options(call: &mut Call<'_>) -> PluginResult<Value> {
    let page = BREEDS.query(call.host, &Query::new().sort("sortWeight", true).sort("initial", false).page(1, 1000))?;
    let options: Vec<BreedOption> =
        page.list.into_iter().map(|b| BreedOption { id: b.id, breed_name: b.data.breed_name }).collect();
    Ok(json!(options))
}

/// Breeds as a resource: list, add, modify, and delete by name unless pets are of the breed.
pub struct Breeds;

impl Resource for Breeds {
    type Data = Breed;
    type Input = BreedInput;
    const COLLECTION: Collection<Breed> = BREEDS;
    const SEARCH: &'static [&'static str] = &["breedName"];
    const FILTERS: &'static [&'static str] = &["initial", "hot"];
    const SORT: &'static [(&'static str, bool)] = &[("sortWeight", true), ("initial", false)];
    const AUDIT_CREATE: Option<&'static str> = Some("Add a breed");

    fn name(breed: &Breed) -> &str {
        &breed.breed_name
    }

    fn validate(_call: &mut Call<'_>, input: BreedInput, current: Option<&Doc<Breed>>) -> PluginResult<Breed> {
        input.validate(current.map(|doc| &doc.data))
    }

    fn before_delete(call: &mut Call<'_>, breed: &Doc<Breed>) -> PluginResult<()> {
        let in_use = PETS.count(call.host, &Query::new().eq("breedId", breed.id.as_str()))?;
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
        Ok(())
    }
}
