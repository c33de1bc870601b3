//! Thing models: the properties, events and services a product's devices have, and the check of
//! what a device reports or a console user sends against them. The product plugin saves thing
//! models (its editor's rules live there); the device plugin and the device simulator read them
//! through these types, so a value is judged the same way everywhere.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::{PluginError, PluginResult};

/// An Alink message's id as the device sent it: devices send text (`"123"`) or a number
/// (`123`), and get it back the way they sent it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum MessageId {
    Text(String),
    Number(serde_json::Number),
}

impl Default for MessageId {
    fn default() -> Self {
        MessageId::Text(String::new())
    }
}

impl std::fmt::Display for MessageId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MessageId::Text(text) => f.write_str(text),
            MessageId::Number(number) => write!(f, "{number}"),
        }
    }
}

/// Parameter types.
pub const TYPES: [&str; 8] = ["struct", "string", "double", "float", "int", "bool", "enum", "array"];
/// What an array may hold (`arrDataType`).
pub const ELEMENT_TYPES: [&str; 5] = ["struct", "string", "double", "float", "int"];
/// What a struct may hold: no struct or array inside a struct (as Alibaba's TSL), so that a
/// reported value stays two levels deep at most.
pub const MEMBER_TYPES: [&str; 6] = ["string", "double", "float", "int", "bool", "enum"];
/// Words a feature's identifier may not be: they are path segments of the device topics
/// (`/thing/service/property/set`, `/thing/event/{identifier}/post`).
pub const RESERVED_IDENTIFIERS: [&str; 8] = ["set", "get", "post", "property", "event", "service", "time", "value"];
/// The editor's bool: false is 1, true is 0, both read-only.
pub const BOOL_FALSE: i64 = 1;
pub const BOOL_TRUE: i64 = 0;
pub const MAX_STRING_LENGTH: u32 = 10_240;
pub const MAX_ACCURACY: u32 = 10;
pub const MAX_ARRAY_SIZE: u32 = 512;
pub const MAX_ENUM_ITEMS: usize = 100;
pub const MAX_MEMBERS: usize = 50;
pub const MAX_FEATURES: usize = 300;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Param {
    #[serde(default)]
    pub identifier: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub data_type: DataType,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct DataType {
    #[serde(rename = "type", default)]
    pub kind: String,
    #[serde(default)]
    pub specs: Specs,
}

/// Every type's specs in one shape, as the editor sends them; saving keeps only the type's own.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Specs {
    /// string: the longest value, in characters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub length: Option<u32>,
    /// float and double: digits after the point.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub accuracy: Option<u32>,
    /// int, float, double: a symbol of the unit list, and its name (copied from the list).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unit_name: Option<String>,
    /// int, float, double: the range a device may report (as every IoT
    /// platform's thing model has it; reports outside are refused).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<f64>,
    /// bool: always 1 and 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub false_value: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub true_value: Option<i64>,
    /// enum: the items.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enum_param: Option<Vec<EnumItem>>,
    /// struct: the members.
    #[serde(rename = "struct", skip_serializing_if = "Option::is_none")]
    pub members: Option<Vec<Param>>,
    /// array: the element type with its own specs, and the most elements.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arr_data_type: Option<Box<DataType>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<u32>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default)]
pub struct EnumItem {
    pub text: String,
    pub value: Option<i64>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Property {
    pub identifier: String,
    pub name: String,
    pub data_type: DataType,
    /// `r` (read-only) or `rw` (read-write).
    pub access_mode: String,
    pub required: bool,
    /// The property counts down a consumable's life (filters, brushes).
    pub consumable: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Event {
    pub identifier: String,
    pub name: String,
    /// `info`, `alert` or `fault`.
    pub event_type: String,
    pub required: bool,
    pub output_data: Vec<Param>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Service {
    pub identifier: String,
    pub name: String,
    pub required: bool,
    /// `async` or `sync`.
    pub call_type: String,
    pub input_data: Vec<Param>,
    pub output_data: Vec<Param>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ThingModel {
    pub properties: Vec<Property>,
    pub events: Vec<Event>,
    pub services: Vec<Service>,
}

impl ThingModel {
    pub fn property(&self, identifier: &str) -> Option<&Property> {
        self.properties.iter().find(|p| p.identifier == identifier)
    }
    pub fn event(&self, identifier: &str) -> Option<&Event> {
        self.events.iter().find(|e| e.identifier == identifier)
    }
    pub fn service(&self, identifier: &str) -> Option<&Service> {
        self.services.iter().find(|s| s.identifier == identifier)
    }
}

/// Which part of the thing model a message names, for "no such identifier".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Feature {
    Property,
    Event,
    Service,
    /// A member of a struct, a parameter of an event or a service.
    Parameter,
}

fn unknown(field: &str, feature: Feature, id: &str) -> PluginError {
    let texts = match feature {
        Feature::Property => [
            format!("物模型中没有属性 {id}"),
            format!("The thing model has no property {id}."),
            format!("Das Dingmodell hat keine Eigenschaft {id}."),
            format!("El modelo de objeto no tiene ninguna propiedad {id}."),
            format!("Le modèle d’objet n’a pas de propriété {id}."),
            format!("O modelo de objeto não tem nenhuma propriedade {id}."),
            format!("В модели объекта нет свойства {id}."),
        ],
        Feature::Event => [
            format!("物模型中没有事件 {id}"),
            format!("The thing model has no event {id}."),
            format!("Das Dingmodell hat kein Ereignis {id}."),
            format!("El modelo de objeto no tiene ningún evento {id}."),
            format!("Le modèle d’objet n’a pas d’événement {id}."),
            format!("O modelo de objeto não tem nenhum evento {id}."),
            format!("В модели объекта нет события {id}."),
        ],
        Feature::Service => [
            format!("物模型中没有服务 {id}"),
            format!("The thing model has no service {id}."),
            format!("Das Dingmodell hat keinen Dienst {id}."),
            format!("El modelo de objeto no tiene ningún servicio {id}."),
            format!("Le modèle d’objet n’a pas de service {id}."),
            format!("O modelo de objeto não tem nenhum serviço {id}."),
            format!("В модели объекта нет сервиса {id}."),
        ],
        Feature::Parameter => [
            format!("物模型中没有参数 {id}"),
            format!("The thing model has no parameter {id} here."),
            format!("Das Dingmodell hat hier keinen Parameter {id}."),
            format!("El modelo de objeto no tiene aquí ningún parámetro {id}."),
            format!("Le modèle d’objet n’a pas de paramètre {id} ici."),
            format!("O modelo de objeto não tem aqui nenhum parâmetro {id}."),
            format!("В модели объекта здесь нет параметра {id}."),
        ],
    };
    PluginError::localized(400, Some(field), texts)
}

/// "`identifier` is read-only": a console user set a property the device only reports.
pub fn read_only(field: &str, identifier: &str) -> PluginError {
    PluginError::localized(
        400,
        Some(field),
        [
            format!("属性 {identifier} 为只读，不能设置"),
            format!("The property {identifier} is read-only and cannot be set."),
            format!("Die Eigenschaft {identifier} ist schreibgeschützt und kann nicht gesetzt werden."),
            format!("La propiedad {identifier} es de solo lectura y no se puede establecer."),
            format!("La propriété {identifier} est en lecture seule et ne peut pas être définie."),
            format!("A propriedade {identifier} é só de leitura e não pode ser definida."),
            format!("Свойство {identifier} только для чтения, его нельзя задать."),
        ],
    )
}

fn range_text(min: Option<f64>, max: Option<f64>) -> Option<(String, String)> {
    match (min, max) {
        (None, None) => None,
        (min, max) => Some((
            min.map_or_else(|| "-∞".to_string(), |v| v.to_string()),
            max.map_or_else(|| "+∞".to_string(), |v| v.to_string()),
        )),
    }
}

/// What a value of `data_type` must be, in the seven languages.
fn expected(data_type: &DataType) -> [String; 7] {
    let specs = &data_type.specs;
    match data_type.kind.as_str() {
        "int" | "float" | "double" => {
            let integer = data_type.kind == "int";
            match range_text(specs.min, specs.max) {
                Some((min, max)) if integer => crate::error::integer_range(min, max),
                Some((min, max)) => [
                    format!("{min} 到 {max} 之间的数字"),
                    format!("a number from {min} to {max}"),
                    format!("eine Zahl von {min} bis {max}"),
                    format!("un número de {min} a {max}"),
                    format!("un nombre de {min} à {max}"),
                    format!("um número de {min} a {max}"),
                    format!("число от {min} до {max}"),
                ],
                None if integer => {
                    ["整数", "an integer", "eine ganze Zahl", "un entero", "un entier", "um inteiro", "целое число"]
                        .map(str::to_string)
                }
                None => ["数字", "a number", "eine Zahl", "un número", "un nombre", "um número", "число"]
                    .map(str::to_string),
            }
        }
        "string" => {
            let n = specs.length.unwrap_or(MAX_STRING_LENGTH);
            [
                format!("不超过 {n} 个字符的文本"),
                format!("a text of at most {n} characters"),
                format!("ein Text von höchstens {n} Zeichen"),
                format!("un texto de {n} caracteres como máximo"),
                format!("un texte de {n} caractères au plus"),
                format!("um texto de no máximo {n} caracteres"),
                format!("текст не длиннее {n} символов"),
            ]
        }
        "bool" => [
            "0（是）或 1（否）",
            "0 (true) or 1 (false)",
            "0 (wahr) oder 1 (falsch)",
            "0 (verdadero) o 1 (falso)",
            "0 (vrai) ou 1 (faux)",
            "0 (verdadeiro) ou 1 (falso)",
            "0 (истина) или 1 (ложь)",
        ]
        .map(str::to_string),
        "enum" => {
            let values = specs
                .enum_param
                .iter()
                .flatten()
                .filter_map(|item| item.value.map(|v| format!("{v} ({})", item.text)))
                .collect::<Vec<_>>()
                .join(", ");
            [
                format!("以下之一：{values}"),
                format!("one of {values}"),
                format!("einer von {values}"),
                format!("uno de {values}"),
                format!("l’un de {values}"),
                format!("um de {values}"),
                format!("одно из значений {values}"),
            ]
        }
        "struct" => {
            let members = specs.members.iter().flatten().map(|m| m.identifier.as_str()).collect::<Vec<_>>().join(", ");
            [
                format!("成员为 {members} 的对象"),
                format!("an object with the members {members}"),
                format!("ein Objekt mit den Feldern {members}"),
                format!("un objeto con los miembros {members}"),
                format!("un objet avec les membres {members}"),
                format!("um objeto com os membros {members}"),
                format!("объект с полями {members}"),
            ]
        }
        _ => {
            let n = specs.size.unwrap_or(MAX_ARRAY_SIZE);
            [
                format!("不超过 {n} 项的数组"),
                format!("a list of at most {n} items"),
                format!("eine Liste von höchstens {n} Einträgen"),
                format!("una lista de {n} elementos como máximo"),
                format!("une liste de {n} éléments au plus"),
                format!("uma lista de no máximo {n} itens"),
                format!("список не длиннее {n} элементов"),
            ]
        }
    }
}

fn in_range(specs: &Specs, v: f64) -> bool {
    specs.min.is_none_or(|min| v >= min) && specs.max.is_none_or(|max| v <= max)
}

/// Checks one value against its parameter's type and specs: the type, the range of numbers,
/// the length of texts, enum values, struct members (unknown ones refused; a report may leave
/// members out) and array items. `field` names the value in the refusal (`params.power`).
pub fn check_value(field: &str, data_type: &DataType, value: &Value) -> PluginResult<()> {
    let specs = &data_type.specs;
    let valid = match data_type.kind.as_str() {
        "int" => value.as_i64().is_some_and(|v| in_range(specs, v as f64)),
        "float" | "double" => value.as_f64().is_some_and(|v| v.is_finite() && in_range(specs, v)),
        "string" => {
            value.as_str().is_some_and(|s| s.chars().count() <= specs.length.unwrap_or(MAX_STRING_LENGTH) as usize)
        }
        "bool" => value.as_i64().is_some_and(|v| v == BOOL_TRUE || v == BOOL_FALSE),
        "enum" => value.as_i64().is_some_and(|v| specs.enum_param.iter().flatten().any(|item| item.value == Some(v))),
        "struct" => {
            let Some(object) = value.as_object() else { return Err(PluginError::format(field, expected(data_type))) };
            return check_params(field, specs.members.as_deref().unwrap_or_default(), object);
        }
        "array" => {
            let (Some(items), Some(element)) = (value.as_array(), specs.arr_data_type.as_deref()) else {
                return Err(PluginError::format(field, expected(data_type)));
            };
            if items.len() > specs.size.unwrap_or(MAX_ARRAY_SIZE) as usize {
                return Err(PluginError::format(field, expected(data_type)));
            }
            for (n, item) in items.iter().enumerate() {
                check_value(&format!("{field}.{n}"), element, item)?;
            }
            true
        }
        _ => false,
    };
    if valid { Ok(()) } else { Err(PluginError::format(field, expected(data_type))) }
}

/// Checks named values against a list of parameters (a struct's members, an event's output,
/// a service's input or output): every name must be a parameter, every value fit it.
pub fn check_params(field: &str, params: &[Param], values: &Map<String, Value>) -> PluginResult<()> {
    for (name, value) in values {
        let path = format!("{field}.{name}");
        let Some(param) = params.iter().find(|p| &p.identifier == name) else {
            return Err(unknown(&path, Feature::Parameter, name));
        };
        check_value(&path, &param.data_type, value)?;
    }
    Ok(())
}

/// Why a message is checked: what a device reports, or what a console user asks of a device.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// A property report: any property of the model.
    Report,
    /// A property set by a user: read-write properties only.
    Set,
}

/// Checks a set of property values (`{"power": 1, "battery": 80}`); none may be empty.
pub fn check_properties(
    model: &ThingModel,
    field: &str,
    values: &Map<String, Value>,
    direction: Direction,
) -> PluginResult<()> {
    if values.is_empty() {
        return Err(PluginError::required(field));
    }
    for (identifier, value) in values {
        let path = format!("{field}.{identifier}");
        let property = model.property(identifier).ok_or_else(|| unknown(&path, Feature::Property, identifier))?;
        if direction == Direction::Set && property.access_mode != "rw" {
            return Err(read_only(&path, identifier));
        }
        check_value(&path, &property.data_type, value)?;
    }
    Ok(())
}

/// Checks an event a device reports: a known event, its output parameters.
pub fn check_event<'m>(
    model: &'m ThingModel,
    field: &str,
    identifier: &str,
    values: &Map<String, Value>,
) -> PluginResult<&'m Event> {
    let event = model.event(identifier).ok_or_else(|| unknown(field, Feature::Event, identifier))?;
    check_params("params", &event.output_data, values)?;
    Ok(event)
}

/// Checks a service call a user sends (`input`) or the reply a device sends (`output`).
pub fn check_service<'m>(
    model: &'m ThingModel,
    field: &str,
    identifier: &str,
    values: &Map<String, Value>,
    output: bool,
) -> PluginResult<&'m Service> {
    let service = model.service(identifier).ok_or_else(|| unknown(field, Feature::Service, identifier))?;
    let params = if output { &service.output_data } else { &service.input_data };
    check_params("params", params, values)?;
    Ok(service)
}
