//! The texts: a module's entry or a return code, with its text per language. One collection for
//! both kinds; each page is a [`Resource`] over its kind.

use std::collections::BTreeMap;
use std::marker::PhantomData;

use console_plugin_sdk::resource::Resource;
use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Value, json, platform};
use serde::{Deserialize, Serialize};

/// At most this many texts of a kind (a workbook's rows, an app's answer).
pub const MAX_TEXTS: u32 = 5000;
/// A translation's length at most.
pub const MAX_TEXT: usize = 2000;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Text {
    /// `module` or `code`.
    pub kind: String,
    /// The module the key or code belongs to (`app`, `device`, `mail`, ...).
    pub module: String,
    /// The entry's key (`home.title`) or the return code (`10001`, `E1024`).
    pub key: String,
    /// What the key is for, for translators.
    pub description: String,
    /// Language code → text.
    pub texts: BTreeMap<String, String>,
}

pub const TEXTS: Collection<Text> = Collection::new("texts");

/// One of the two kinds, each a page of its own with its own actions.
pub trait Kind: 'static {
    const KIND: &'static str;
    /// What a key must be, in the seven languages.
    const KEY: [&'static str; 7];
    fn key_fits(key: &str) -> bool;
}

pub struct ModuleKind;
pub struct CodeKind;

impl Kind for ModuleKind {
    const KIND: &'static str = "module";
    const KEY: [&'static str; 7] = [
        "字母、数字及 . _ -，最多 128 个字符",
        "letters, digits and . _ -, at most 128 characters",
        "Buchstaben, Ziffern und . _ -, höchstens 128 Zeichen",
        "letras, dígitos y . _ -, como máximo 128 caracteres",
        "des lettres, des chiffres et . _ -, 128 caractères au plus",
        "letras, dígitos e . _ -, no máximo 128 caracteres",
        "буквы, цифры и . _ -, не более 128 символов",
    ];
    fn key_fits(key: &str) -> bool {
        (1..=128).contains(&key.len()) && key.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
    }
}

impl Kind for CodeKind {
    const KIND: &'static str = "code";
    const KEY: [&'static str; 7] = [
        "返回码：字母和数字，最多 32 个字符",
        "a return code: letters and digits, at most 32 characters",
        "ein Rückgabecode: Buchstaben und Ziffern, höchstens 32 Zeichen",
        "un código de retorno: letras y dígitos, como máximo 32 caracteres",
        "un code retour : lettres et chiffres, 32 caractères au plus",
        "um código de retorno: letras e dígitos, no máximo 32 caracteres",
        "код возврата: буквы и цифры, не более 32 символов",
    ];
    fn key_fits(key: &str) -> bool {
        (1..=32).contains(&key.len()) && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
    }
}

#[derive(Debug, Default, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct TextInput {
    pub module: String,
    pub key: String,
    pub description: String,
    pub texts: BTreeMap<String, String>,
}

impl TextInput {
    /// Checked against the platform's `languages`: each text in one of them, at least one given.
    pub fn validate<K: Kind>(self, languages: &[String]) -> PluginResult<Text> {
        let module = validate::required("module", &self.module, 64)?;
        if !ModuleKind::key_fits(&module) {
            return Err(PluginError::format("module", console_plugin_sdk::expected::CODE));
        }
        let key = validate::required("key", &self.key, 128)?;
        if !K::key_fits(&key) {
            return Err(PluginError::format("key", K::KEY));
        }
        let mut texts = BTreeMap::new();
        for (lang, text) in self.texts {
            let text = text.trim();
            if text.is_empty() {
                continue;
            }
            if !languages.contains(&lang) {
                return Err(PluginError::format_values("texts", &languages.join(", ")));
            }
            texts.insert(lang.clone(), validate::required(&format!("texts.{lang}"), text, MAX_TEXT)?);
        }
        if texts.is_empty() {
            return Err(PluginError::required("texts"));
        }
        Ok(Text {
            kind: K::KIND.into(),
            module,
            key,
            description: validate::optional("description", &self.description, SHORT_TEXT * 3)?,
            texts,
        })
    }
}

/// The page of one kind.
pub struct Texts<K>(PhantomData<K>);
pub type Modules = Texts<ModuleKind>;
pub type Codes = Texts<CodeKind>;

impl<K: Kind> Resource for Texts<K> {
    type Data = Text;
    type Input = TextInput;
    const COLLECTION: Collection<Text> = TEXTS;
    const SEARCH: &'static [&'static str] = &["key"];
    const FILTERS: &'static [&'static str] = &["module"];
    const SORT: &'static [(&'static str, bool)] = &[("module", false), ("key", false)];

    fn name(data: &Text) -> &str {
        &data.key
    }

    fn validate(call: &mut Call<'_>, input: TextInput, current: Option<&Doc<Text>>) -> PluginResult<Text> {
        let languages = platform::languages(call.host)?;
        let text = input.validate::<K>(&languages)?;
        let taken = existing(call, K::KIND, &text.module, &text.key)?;
        if taken.is_some_and(|t| current.is_none_or(|c| c.id != t.id)) {
            return Err(PluginError::invalid(
                "key",
                console_plugin_sdk::Message::Duplicate { fields: vec![format!("{}.{}", text.module, text.key)] },
            ));
        }
        Ok(text)
    }

    fn scope(_call: &mut Call<'_>, query: Query) -> PluginResult<Query> {
        Ok(query.eq("kind", K::KIND))
    }

    fn visible(_call: &mut Call<'_>, doc: &Doc<Text>) -> PluginResult<()> {
        if doc.data.kind == K::KIND { Ok(()) } else { Err(PluginError::not_found()) }
    }

    fn after_create(call: &mut Call<'_>, created: &Doc<Text>) -> PluginResult<()> {
        crate::synced::upserted(call, &created.data)
    }

    fn after_update(call: &mut Call<'_>, updated: &Doc<Text>) -> PluginResult<()> {
        crate::synced::upserted(call, &updated.data)
    }

    fn before_delete(call: &mut Call<'_>, doc: &Doc<Text>) -> PluginResult<()> {
        crate::synced::deleted(call, &doc.data)
    }

    /// With the platform languages it still lacks, for the page's "missing" tags.
    fn shown(call: &mut Call<'_>, doc: &Doc<Text>) -> Value {
        let languages = platform::languages(call.host).unwrap_or_default();
        let missing: Vec<&String> = languages.iter().filter(|l| !doc.data.texts.contains_key(*l)).collect();
        let mut shown = json!(doc);
        shown["missing"] = json!(missing);
        shown
    }
}

pub fn existing(call: &mut Call<'_>, kind: &str, module: &str, key: &str) -> PluginResult<Option<Doc<Text>>> {
    let query = Query::new().eq("kind", kind).eq("module", module).eq("key", key).page(1, 1);
    Ok(TEXTS.query(call.host, &query)?.list.into_iter().next())
}

/// Every text of a kind (and module), in key order.
pub fn all_of(call: &mut Call<'_>, kind: &str, module: Option<&str>) -> PluginResult<Vec<Doc<Text>>> {
    let query = Query::new().eq("kind", kind).eq_opt("module", module).sort("module", false).sort("key", false);
    Ok(TEXTS.query(call.host, &query.page(1, MAX_TEXTS))?.list)
}

/// A text in `lang`, else in English, else none.
fn in_language<'a>(text: &'a Text, lang: &str) -> Option<&'a String> {
    text.texts.get(lang).or_else(|| text.texts.get("en"))
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppTexts {
    pub lang: String,
    /// Key (prefixed by its module unless one module was asked) → text.
    pub texts: BTreeMap<String, String>,
}

/// `GET /app/texts?kind=&lang=&module=`: what an app shows, in one language (English where the
/// language has no text yet). The host adds an ETag: asked again unchanged, a 304.
pub fn for_app(call: &mut Call<'_>) -> PluginResult<Value> {
    let kind = validate::one_of("kind", call.query("kind").unwrap_or_default(), &["module", "code"])?;
    let lang = validate::required("lang", call.query("lang").unwrap_or_default(), 16)?;
    let module = call.query("module").filter(|m| !m.is_empty()).map(str::to_string);
    let mut texts = BTreeMap::new();
    for doc in all_of(call, &kind, module.as_deref())? {
        if let Some(text) = in_language(&doc.data, &lang) {
            let key =
                if module.is_some() { doc.data.key.clone() } else { format!("{}.{}", doc.data.module, doc.data.key) };
            texts.insert(key, text.clone());
        }
    }
    Ok(json!(AppTexts { lang, texts }))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CodesAsk {
    pub codes: Vec<String>,
    pub lang: String,
}

/// `POST /internal/return-codes` (other plugins): code → message in `lang`, for the codes that
/// have one (in any module).
pub fn return_codes(call: &mut Call<'_>) -> PluginResult<Value> {
    let ask: CodesAsk = call.body()?;
    if ask.codes.len() > 500 {
        return Err(PluginError::format_values("codes", "≤ 500"));
    }
    let mut found = BTreeMap::new();
    for code in &ask.codes {
        let query = Query::new().eq("kind", "code").eq("key", code.as_str()).page(1, 1);
        if let Some(doc) = TEXTS.query(call.host, &query)?.list.into_iter().next()
            && let Some(text) = in_language(&doc.data, &ask.lang)
        {
            found.insert(code.clone(), text.clone());
        }
    }
    Ok(json!(found))
}
