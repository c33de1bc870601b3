//! SN rules of a product model: the attributes an SN group asks for and which of them are spliced
//! into the SN, in their sort order. Sort numbers are unique within a model ("Duplicate sort
//! prompt"); attribute values are letters, digits and hyphens.

use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Resource};
use serde::{Deserialize, Serialize};

use crate::models::MODELS;

pub const INPUT_METHODS: [&str; 2] = ["input", "select"];
pub const MAX_VALUE_LENGTH: u32 = 32;
pub const MAX_OPTIONS: usize = 100;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SnRule {
    pub model_id: String,
    pub form_name: String,
    pub attribute: String,
    /// `input` (a text box) or `select` (a drop-down of `options`).
    pub input_method: String,
    pub options: Vec<String>,
    /// The value may be the year (YYYY) or the month (MM) the group is generated in.
    pub year_option: bool,
    pub month_option: bool,
    /// The longest value (the constraint rule).
    pub max_length: u32,
    pub required: bool,
    pub sort: i64,
    /// Spliced into the SN, in sort order, between the alias prefix and the sequence number.
    pub splice: bool,
}

pub const SN_RULES: Collection<SnRule> = Collection::new("sn_rules");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SnRuleInput {
    model_id: String,
    form_name: String,
    attribute: String,
    input_method: String,
    /// Comma-separated, for a drop-down.
    options: String,
    year_option: bool,
    month_option: bool,
    max_length: Option<u32>,
    required: bool,
    sort: Option<i64>,
    splice: bool,
}

/// An attribute value is a combination of numbers, letters and hyphens.
pub fn attribute_value(field: &str, value: &str, max_length: u32) -> PluginResult<String> {
    let value = validate::required(field, value, max_length as usize)?;
    if value.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
        return Ok(value);
    }
    Err(PluginError::format(
        field,
        [
            "数字、字母和连字符的组合",
            "numbers, letters and hyphens",
            "Ziffern, Buchstaben und Bindestriche",
            "números, letras y guiones",
            "des chiffres, des lettres et des traits d’union",
            "números, letras e hífenes",
            "цифры, буквы и дефисы",
        ],
    ))
}

fn duplicate_sort(sort: i64) -> PluginError {
    PluginError::localized(
        400,
        Some("sort"),
        [
            format!("排序号 {sort} 重复"),
            format!("The sort number {sort} is already used."),
            format!("Die Sortiernummer {sort} ist bereits vergeben."),
            format!("El número de orden {sort} ya está en uso."),
            format!("Le numéro d’ordre {sort} est déjà utilisé."),
            format!("O número de ordem {sort} já está em uso."),
            format!("Порядковый номер {sort} уже занят."),
        ],
    )
}

impl SnRuleInput {
    fn validate(self, call: &mut Call<'_>, current: Option<&Doc<SnRule>>) -> PluginResult<SnRule> {
        let model_id = validate::required("modelId", &self.model_id, 64)?;
        if MODELS.get(call.host, &model_id)?.is_none() {
            return Err(PluginError::format(
                "modelId",
                [
                    "已存在的产品型号",
                    "an existing product model",
                    "ein vorhandenes Produktmodell",
                    "un modelo de producto existente",
                    "un modèle de produit existant",
                    "um modelo de produto existente",
                    "существующая модель продукта",
                ],
            ));
        }
        let form_name = validate::required("formName", &self.form_name, SHORT_TEXT)?;
        let attribute = crate::thing_model::identifier("attribute", &self.attribute)?;
        let input_method = validate::one_of("inputMethod", &self.input_method, &INPUT_METHODS)?;
        let max_length = self.max_length.unwrap_or(MAX_VALUE_LENGTH);
        if !(1..=MAX_VALUE_LENGTH).contains(&max_length) {
            return Err(PluginError::format(
                "maxLength",
                console_plugin_sdk::error::integer_range(1, MAX_VALUE_LENGTH),
            ));
        }
        let mut options = Vec::new();
        for option in self.options.split([',', '，']).map(str::trim).filter(|o| !o.is_empty()) {
            let option = attribute_value("options", option, max_length)?;
            if !options.contains(&option) {
                options.push(option);
            }
        }
        if options.len() > MAX_OPTIONS {
            return Err(PluginError::invalid(
                "options",
                console_plugin_sdk::Message::TooMany { field: "options".into(), max: MAX_OPTIONS },
            ));
        }
        if input_method == "select" && options.is_empty() && !self.year_option && !self.month_option {
            return Err(PluginError::required("options"));
        }
        let sort = validate::some("sort", self.sort)?;
        let same_sort =
            SN_RULES.query(call.host, &Query::new().eq("modelId", model_id.as_str()).eq("sort", sort).page(1, 2))?;
        if same_sort.list.iter().any(|other| Some(other.id.as_str()) != current.map(|c| c.id.as_str())) {
            return Err(duplicate_sort(sort));
        }
        Ok(SnRule {
            model_id,
            form_name,
            attribute,
            input_method,
            options,
            year_option: self.year_option,
            month_option: self.month_option,
            max_length,
            required: self.required,
            sort,
            splice: self.splice,
        })
    }
}

pub struct SnRules;

impl Resource for SnRules {
    type Data = SnRule;
    type Input = SnRuleInput;
    const COLLECTION: Collection<SnRule> = SN_RULES;
    const SEARCH: &'static [&'static str] = &["formName", "attribute"];
    const FILTERS: &'static [&'static str] = &["modelId"];
    const SORT: &'static [(&'static str, bool)] = &[("sort", false)];
    const AUDIT_CREATE: Option<&'static str> = Some("Add an SN rule");

    fn name(rule: &SnRule) -> &str {
        &rule.form_name
    }

    fn validate(call: &mut Call<'_>, input: SnRuleInput, current: Option<&Doc<SnRule>>) -> PluginResult<SnRule> {
        input.validate(call, current)
    }
}
