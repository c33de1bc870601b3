//! The thing model of a template: its properties, events and services and their parameters. The
//! parameter editor's rules hold here too, so a template saved through the API obeys them as one
//! saved in the editor: each parameter is cleaned to the fields its type has, and refused when a
//! rule is broken.

use std::collections::{BTreeMap, BTreeSet};

use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{PluginError, PluginResult};
use serde::Serialize;

pub use console_plugin_sdk::thing_model::*;

/// The unit list: symbol to name.
pub type Units = BTreeMap<String, String>;

/// Where a parameter sits, for the rules that differ (struct members, array elements).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    Top,
    Member,
    Element,
}

fn expected(texts: [&str; 7]) -> [String; 7] {
    texts.map(str::to_string)
}

/// "Please save the array information": an array whose element type was never saved.
pub fn array_not_saved(field: &str) -> PluginError {
    PluginError::localized(
        400,
        Some(field),
        expected([
            "请保存数组信息",
            "Please save the array information.",
            "Bitte speichern Sie die Angaben zum Array.",
            "Guarde la información del array.",
            "Veuillez enregistrer les informations du tableau.",
            "Guarde as informações do array.",
            "Сохраните параметры массива.",
        ]),
    )
}

fn integer_from(field: &str, value: Option<u32>, min: u32, max: u32) -> PluginResult<u32> {
    let value = validate::some(field, value)?;
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(PluginError::format(field, console_plugin_sdk::error::integer_range(min, max)))
    }
}

/// An identifier: a letter, then letters, digits and underscores, at most 50.
pub fn identifier(field: &str, value: &str) -> PluginResult<String> {
    let value = validate::required(field, value, 50)?;
    let mut chars = value.chars();
    let well_formed =
        chars.next().is_some_and(|c| c.is_ascii_alphabetic()) && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !well_formed {
        return Err(PluginError::format(
            field,
            [
                "以字母开头，由字母、数字和下划线组成，不超过 50 个字符",
                "a letter, then letters, digits and underscores, at most 50 characters",
                "ein Buchstabe, dann Buchstaben, Ziffern und Unterstriche, höchstens 50 Zeichen",
                "una letra y después letras, dígitos y guiones bajos, 50 caracteres como máximo",
                "une lettre, puis des lettres, des chiffres et des tirets bas, 50 caractères au plus",
                "uma letra, depois letras, dígitos e sublinhados, no máximo 50 caracteres",
                "буква, затем буквы, цифры и подчёркивания, не больше 50 символов",
            ],
        ));
    }
    if RESERVED_IDENTIFIERS.contains(&value.to_ascii_lowercase().as_str()) {
        return Err(PluginError::format(
            field,
            [
                format!("不是保留字（{}）", RESERVED_IDENTIFIERS.join(", ")),
                format!("not a reserved word ({})", RESERVED_IDENTIFIERS.join(", ")),
                format!("kein reserviertes Wort ({})", RESERVED_IDENTIFIERS.join(", ")),
                format!("una palabra no reservada ({})", RESERVED_IDENTIFIERS.join(", ")),
                format!("un mot non réservé ({})", RESERVED_IDENTIFIERS.join(", ")),
                format!("uma palavra não reservada ({})", RESERVED_IDENTIFIERS.join(", ")),
                format!("не зарезервированное слово ({})", RESERVED_IDENTIFIERS.join(", ")),
            ],
        ));
    }
    Ok(value)
}

fn duplicate(field: &str, identifier: &str) -> PluginError {
    PluginError::localized(
        400,
        Some(field),
        [
            format!("标识符 {identifier} 重复"),
            format!("The identifier {identifier} is used twice."),
            format!("Die Kennung {identifier} kommt doppelt vor."),
            format!("El identificador {identifier} está repetido."),
            format!("L’identifiant {identifier} est utilisé deux fois."),
            format!("O identificador {identifier} está repetido."),
            format!("Идентификатор {identifier} повторяется."),
        ],
    )
}

/// A parameter as saved: its identifier and name, and only the specs of its type (choosing
/// bool clears the enum items; choosing another type drops the bool values).
pub fn clean_param(path: &str, param: &Param, units: &Units) -> PluginResult<Param> {
    clean_param_at(path, param, units, Place::Top)
}

fn clean_param_at(path: &str, param: &Param, units: &Units, place: Place) -> PluginResult<Param> {
    // The type comes first in the editor (required on change); identifier and name after it.
    let data_type = clean_type(path, &param.data_type, units, place)?;
    Ok(Param {
        identifier: identifier(&format!("{path}.identifier"), &param.identifier)?,
        name: validate::required(&format!("{path}.name"), &param.name, SHORT_TEXT)?,
        data_type,
    })
}

fn clean_type(path: &str, data_type: &DataType, units: &Units, place: Place) -> PluginResult<DataType> {
    let field = format!("{path}.dataType.type");
    let allowed: &[&str] = match place {
        Place::Top => &TYPES,
        Place::Member => &MEMBER_TYPES,
        Place::Element => &ELEMENT_TYPES,
    };
    let kind = validate::one_of(&field, &data_type.kind, allowed)?;
    let given = &data_type.specs;
    let specs_path = format!("{path}.dataType.specs");
    // Element specs have no required rules; what is given is still checked.
    let required = place != Place::Element;
    let specs = match kind.as_str() {
        "string" => Specs { length: length(&specs_path, given.length, required)?, ..Specs::default() },
        "int" | "float" | "double" => number_specs(&specs_path, &kind, given, units, required)?,
        "bool" => bool_specs(&specs_path, given)?,
        "enum" => Specs { enum_param: Some(enum_items(&specs_path, given.enum_param.as_deref())?), ..Specs::default() },
        "struct" => Specs { members: Some(members(&specs_path, given.members.as_deref(), units)?), ..Specs::default() },
        _ => array_specs(path, given, units)?,
    };
    Ok(DataType { kind, specs })
}

fn length(path: &str, given: Option<u32>, required: bool) -> PluginResult<Option<u32>> {
    if given.is_none() && !required {
        return Ok(None);
    }
    integer_from(&format!("{path}.length"), given, 1, MAX_STRING_LENGTH).map(Some)
}

fn number_specs(path: &str, kind: &str, given: &Specs, units: &Units, required: bool) -> PluginResult<Specs> {
    let accuracy = match kind {
        "int" => None,
        _ if given.accuracy.is_none() && !required => None,
        _ => Some(integer_from(&format!("{path}.accuracy"), given.accuracy, 0, MAX_ACCURACY)?),
    };
    let unit = given.unit.as_deref().map(str::trim).filter(|u| !u.is_empty());
    let (unit, unit_name) = match unit {
        None if required => return Err(PluginError::required(&format!("{path}.unit"))),
        None => (None, None),
        // Choosing a unit copies its name: the list's name, whatever was sent.
        Some(symbol) => match units.get(symbol) {
            Some(name) => (Some(symbol.to_string()), Some(name.clone())),
            None => {
                return Err(PluginError::format(
                    &format!("{path}.unit"),
                    [
                        "单位列表中的单位",
                        "a unit of the unit list",
                        "eine Einheit aus der Einheitenliste",
                        "una unidad de la lista de unidades",
                        "une unité de la liste des unités",
                        "uma unidade da lista de unidades",
                        "единица из списка единиц",
                    ],
                ));
            }
        },
    };
    let finite = |name: &str, value: Option<f64>| -> PluginResult<Option<f64>> {
        match value {
            Some(v) if !v.is_finite() || (kind == "int" && v.fract() != 0.0) => {
                Err(PluginError::format(&format!("{path}.{name}"), number_expected(kind)))
            }
            other => Ok(other),
        }
    };
    let (min, max, step) = (finite("min", given.min)?, finite("max", given.max)?, finite("step", given.step)?);
    if let (Some(min), Some(max)) = (min, max)
        && min > max
    {
        return Err(PluginError::localized(
            400,
            Some(&format!("{path}.max")),
            expected([
                "最大值不能小于最小值",
                "The maximum cannot be less than the minimum.",
                "Der Höchstwert darf nicht kleiner als der Mindestwert sein.",
                "El máximo no puede ser menor que el mínimo.",
                "Le maximum ne peut pas être inférieur au minimum.",
                "O máximo não pode ser inferior ao mínimo.",
                "Максимум не может быть меньше минимума.",
            ]),
        ));
    }
    if step.is_some_and(|s| s <= 0.0) {
        return Err(PluginError::format(&format!("{path}.step"), number_expected("positive")));
    }
    Ok(Specs { accuracy, unit, unit_name, min, max, step, ..Specs::default() })
}

fn number_expected(kind: &str) -> [String; 7] {
    let texts = match kind {
        "int" => ["整数", "an integer", "eine ganze Zahl", "un entero", "un entier", "um inteiro", "целое число"],
        "positive" => [
            "大于 0 的数字",
            "a number greater than 0",
            "eine Zahl größer als 0",
            "un número mayor que 0",
            "un nombre supérieur à 0",
            "um número maior que 0",
            "число больше 0",
        ],
        _ => ["数字", "a number", "eine Zahl", "un número", "un nombre", "um número", "число"],
    };
    expected(texts)
}

/// bool is 1 for false and 0 for true, read-only: other values are refused, not
/// silently replaced, since the editor never sends them.
fn bool_specs(path: &str, given: &Specs) -> PluginResult<Specs> {
    for (name, value, fixed) in
        [("falseValue", given.false_value, BOOL_FALSE), ("trueValue", given.true_value, BOOL_TRUE)]
    {
        if value.is_some_and(|v| v != fixed) {
            return Err(PluginError::format(
                &format!("{path}.{name}"),
                std::array::from_fn::<String, 7, _>(|_| fixed.to_string()),
            ));
        }
    }
    Ok(Specs { false_value: Some(BOOL_FALSE), true_value: Some(BOOL_TRUE), ..Specs::default() })
}

/// Enum items: each with a text and an integer value, neither repeated. Wholly empty rows are
/// dropped (the editor always leaves one); at least one item must remain.
fn enum_items(path: &str, given: Option<&[EnumItem]>) -> PluginResult<Vec<EnumItem>> {
    let field = format!("{path}.enumParam");
    let rows: Vec<&EnumItem> =
        given.unwrap_or_default().iter().filter(|i| !(i.text.trim().is_empty() && i.value.is_none())).collect();
    if rows.is_empty() {
        return Err(PluginError::required(&field));
    }
    if rows.len() > MAX_ENUM_ITEMS {
        return Err(PluginError::invalid(
            &field,
            console_plugin_sdk::Message::TooMany { field: field.clone(), max: MAX_ENUM_ITEMS },
        ));
    }
    let (mut texts, mut values) = (BTreeSet::new(), BTreeSet::new());
    let mut items = Vec::with_capacity(rows.len());
    for (n, item) in rows.into_iter().enumerate() {
        let text = validate::required(&format!("{field}.{n}.text"), &item.text, SHORT_TEXT)?;
        let value = validate::some(&format!("{field}.{n}.value"), item.value)?;
        if !texts.insert(text.clone()) {
            return Err(duplicate(&format!("{field}.{n}.text"), &text));
        }
        if !values.insert(value) {
            return Err(duplicate(&format!("{field}.{n}.value"), &value.to_string()));
        }
        items.push(EnumItem { text, value: Some(value) });
    }
    Ok(items)
}

/// Struct members: required, each a parameter of its own, identifiers unique.
fn members(path: &str, given: Option<&[Param]>, units: &Units) -> PluginResult<Vec<Param>> {
    let field = format!("{path}.struct");
    let given = given.unwrap_or_default();
    if given.is_empty() {
        return Err(PluginError::required(&field));
    }
    if given.len() > MAX_MEMBERS {
        return Err(PluginError::invalid(
            &field,
            console_plugin_sdk::Message::TooMany { field: field.clone(), max: MAX_MEMBERS },
        ));
    }
    let cleaned = given
        .iter()
        .enumerate()
        .map(|(n, member)| clean_param_at(&format!("{field}.{n}"), member, units, Place::Member))
        .collect::<PluginResult<Vec<Param>>>()?;
    unique_identifiers(&field, cleaned.iter().map(|p| p.identifier.as_str()))?;
    Ok(cleaned)
}

fn array_specs(path: &str, given: &Specs, units: &Units) -> PluginResult<Specs> {
    let specs_path = format!("{path}.dataType.specs");
    let element = given.arr_data_type.as_deref().filter(|e| !e.kind.trim().is_empty());
    let Some(element) = element else { return Err(array_not_saved(&format!("{specs_path}.arrDataType"))) };
    let element = clean_type(&format!("{specs_path}.arrDataType"), element, units, Place::Element)?;
    let size = match given.size {
        None => None,
        size => Some(integer_from(&format!("{specs_path}.size"), size, 1, MAX_ARRAY_SIZE)?),
    };
    Ok(Specs { arr_data_type: Some(Box::new(element)), size, ..Specs::default() })
}

fn unique_identifiers<'a>(field: &str, identifiers: impl Iterator<Item = &'a str>) -> PluginResult<()> {
    let mut seen = BTreeSet::new();
    for identifier in identifiers {
        if !seen.insert(identifier) {
            return Err(duplicate(field, identifier));
        }
    }
    Ok(())
}

fn params(path: &str, given: &[Param], units: &Units) -> PluginResult<Vec<Param>> {
    let cleaned = given
        .iter()
        .enumerate()
        .map(|(n, p)| clean_param(&format!("{path}.{n}"), p, units))
        .collect::<PluginResult<Vec<Param>>>()?;
    unique_identifiers(path, cleaned.iter().map(|p| p.identifier.as_str()))?;
    Ok(cleaned)
}

/// A whole thing model as saved: every feature and parameter cleaned, identifiers unique within
/// the model (properties, events and services share one space: they share the device topics).
pub fn clean(model: &ThingModel, units: &Units) -> PluginResult<ThingModel> {
    let features = model.properties.len() + model.events.len() + model.services.len();
    if features > MAX_FEATURES {
        return Err(PluginError::invalid(
            "content",
            console_plugin_sdk::Message::TooMany { field: "content".into(), max: MAX_FEATURES },
        ));
    }
    let mut properties = Vec::with_capacity(model.properties.len());
    for (n, p) in model.properties.iter().enumerate() {
        let path = format!("properties.{n}");
        let param = clean_param(
            &path,
            &Param { identifier: p.identifier.clone(), name: p.name.clone(), data_type: p.data_type.clone() },
            units,
        )?;
        properties.push(Property {
            identifier: param.identifier,
            name: param.name,
            data_type: param.data_type,
            access_mode: validate::one_of(&format!("{path}.accessMode"), &p.access_mode, &["r", "rw"])?,
            required: p.required,
            consumable: p.consumable,
        });
    }
    let mut events = Vec::with_capacity(model.events.len());
    for (n, e) in model.events.iter().enumerate() {
        let path = format!("events.{n}");
        events.push(Event {
            identifier: identifier(&format!("{path}.identifier"), &e.identifier)?,
            name: validate::required(&format!("{path}.name"), &e.name, SHORT_TEXT)?,
            event_type: validate::one_of(&format!("{path}.eventType"), &e.event_type, &["info", "alert", "fault"])?,
            required: e.required,
            output_data: params(&format!("{path}.outputData"), &e.output_data, units)?,
        });
    }
    let mut services = Vec::with_capacity(model.services.len());
    for (n, s) in model.services.iter().enumerate() {
        let path = format!("services.{n}");
        services.push(Service {
            identifier: identifier(&format!("{path}.identifier"), &s.identifier)?,
            name: validate::required(&format!("{path}.name"), &s.name, SHORT_TEXT)?,
            required: s.required,
            call_type: validate::one_of(&format!("{path}.callType"), &s.call_type, &["async", "sync"])?,
            input_data: params(&format!("{path}.inputData"), &s.input_data, units)?,
            output_data: params(&format!("{path}.outputData"), &s.output_data, units)?,
        });
    }
    let all = properties
        .iter()
        .map(|p| p.identifier.as_str())
        .chain(events.iter().map(|e| e.identifier.as_str()))
        .chain(services.iter().map(|s| s.identifier.as_str()));
    unique_identifiers("content", all)?;
    Ok(ThingModel { properties, events, services })
}

/// What changed from one version of a thing model to another, by feature (`property:power`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Comparison {
    pub added: Vec<String>,
    pub removed: Vec<String>,
    pub changed: Vec<String>,
}

fn features(model: &ThingModel) -> BTreeMap<String, serde_json::Value> {
    let json = |feature: serde_json::Result<serde_json::Value>| feature.unwrap_or_default();
    let properties =
        model.properties.iter().map(|p| (format!("property:{}", p.identifier), json(serde_json::to_value(p))));
    let events = model.events.iter().map(|e| (format!("event:{}", e.identifier), json(serde_json::to_value(e))));
    let services = model.services.iter().map(|s| (format!("service:{}", s.identifier), json(serde_json::to_value(s))));
    properties.chain(events).chain(services).collect()
}

pub fn compare(from: &ThingModel, to: &ThingModel) -> Comparison {
    let (before, after) = (features(from), features(to));
    let mut comparison = Comparison::default();
    for (key, value) in &after {
        match before.get(key) {
            None => comparison.added.push(key.clone()),
            Some(old) if old != value => comparison.changed.push(key.clone()),
            Some(_) => {}
        }
    }
    comparison.removed = before.keys().filter(|k| !after.contains_key(*k)).cloned().collect();
    comparison
}
