//! The FAQ (/customerService/faq): questions and answers with an image, a question type, a product,
//! an ID group, the role they are for, a sort weight and the end users' solved and unsolved votes.
//! They are searched through the host's full-text index (contract 0.1.9), which the index actions
//! create, fill from the database, empty and delete; while the index exists every FAQ written is
//! written to it in the same call.

use console_plugin_sdk::search::{Document, Index};
use console_plugin_sdk::upload::{self, ImageFormat, StoredFile};
use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Resource, Value, json};
use serde::{Deserialize, Serialize};

use crate::{end_users, languages, messages, question_types};

pub const FAQ_INDEX: Index = Index::new("faq");
/// Who an FAQ is for; empty: everyone.
pub const ROLES: [&str; 6] = ["", "endUser", "agent", "engineer", "enterprise", "admin"];
/// What an app is answered with at most.
const APP_HITS: u32 = 5;
/// The tag of FAQs an end user may read (for everyone, or for end users).
const PUBLIC: &str = "public";

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Faq {
    pub question: String,
    pub answer: String,
    pub image: Option<StoredFile>,
    pub question_type_id: String,
    pub question_type_name: String,
    pub product_id: String,
    pub product_name: String,
    /// The ID group (a content FAQ group) the entry belongs to.
    pub group_id: String,
    /// One of [`ROLES`].
    pub role: String,
    pub sort_weight: i64,
    pub solved: u64,
    pub unsolved: u64,
    pub language: String,
}

pub const FAQS: Collection<Faq> = Collection::new("faqs");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct FaqInput {
    question: String,
    answer: String,
    /// Upload id (purpose `faq-image`): an image of at most 2 MB; kept when empty.
    image: String,
    question_type_id: String,
    product_id: String,
    group_id: String,
    role: String,
    sort_weight: Option<i64>,
    language: String,
}

impl FaqInput {
    fn validate(self, call: &mut Call<'_>, current: Option<&Doc<Faq>>) -> PluginResult<Faq> {
        // Another plugin is asked before anything is written.
        let product_id = self.product_id.trim().to_string();
        let product_name = if product_id.is_empty() {
            String::new()
        } else {
            console_plugin_sdk::products::name(call.host, "productId", &product_id)?
        };
        let question_type_id = validate::required("questionTypeId", &self.question_type_id, 64)?;
        let question_type_name = question_types::full_name(call, &question_type_id)?;
        let language = languages::check(call, "language", &self.language)?;
        let image = match (self.image.trim(), current) {
            ("", Some(current)) => current.data.image.clone(),
            ("", None) => None,
            (upload_id, _) => {
                let file = upload::claim(call.host, "image", upload_id, "faq-image")?;
                let formats = [ImageFormat::Png, ImageFormat::Jpeg, ImageFormat::Gif, ImageFormat::Webp];
                upload::require_image_of("image", &file, 0, 0, &formats, false, 2000)?;
                Some(StoredFile::from(&file))
            }
        };
        Ok(Faq {
            question: validate::required("question", &self.question, 500)?,
            answer: validate::required("answer", &self.answer, 5000)?,
            image,
            question_type_id,
            question_type_name,
            product_id,
            product_name,
            group_id: validate::optional("groupId", &self.group_id, SHORT_TEXT)?,
            role: match self.role.trim() {
                "" => String::new(),
                role => validate::one_of("role", role, &ROLES[1..])?,
            },
            sort_weight: validate::range("sortWeight", self.sort_weight.unwrap_or(0) as f64, 0.0, 9999.0)? as i64,
            solved: current.map_or(0, |c| c.data.solved),
            unsolved: current.map_or(0, |c| c.data.unsolved),
            language,
        })
    }
}

/// An FAQ as the index keeps it: the question as its title, the answer as its body, and tags for
/// its language, product, question type and whether end users may read it.
fn document(doc: &Doc<Faq>) -> Document {
    let f = &doc.data;
    let mut tags = vec![format!("lang:{}", f.language), format!("type:{}", f.question_type_id)];
    if !f.product_id.is_empty() {
        tags.push(format!("product:{}", f.product_id));
    }
    if f.role.is_empty() || f.role == "endUser" {
        tags.push(PUBLIC.to_string());
    }
    Document {
        id: doc.id.clone(),
        language: f.language.clone(),
        title: f.question.clone(),
        body: f.answer.clone(),
        tags,
    }
}

/// Writes the FAQ to the index, if it exists.
fn index(call: &mut Call<'_>, doc: &Doc<Faq>) -> PluginResult<()> {
    if FAQ_INDEX.info(call.host)?.is_some() {
        FAQ_INDEX.put(call.host, &[document(doc)])?;
    }
    Ok(())
}

pub struct Faqs;

impl Resource for Faqs {
    type Data = Faq;
    type Input = FaqInput;
    const COLLECTION: Collection<Faq> = FAQS;
    const SEARCH: &'static [&'static str] = &["question"];
    const FILTERS: &'static [&'static str] = &["questionTypeId", "language", "productId", "role"];
    const SORT: &'static [(&'static str, bool)] = &[("sortWeight", true), ("createdAt", true)];
    const AUDIT_CREATE: Option<&'static str> = Some("Add an FAQ");

    fn name(data: &Faq) -> &str {
        &data.question
    }

    fn validate(call: &mut Call<'_>, input: FaqInput, current: Option<&Doc<Faq>>) -> PluginResult<Faq> {
        input.validate(call, current)
    }

    fn after_create(call: &mut Call<'_>, created: &Doc<Faq>) -> PluginResult<()> {
        index(call, created)
    }

    fn after_update(call: &mut Call<'_>, updated: &Doc<Faq>) -> PluginResult<()> {
        index(call, updated)
    }

    fn before_delete(call: &mut Call<'_>, doc: &Doc<Faq>) -> PluginResult<()> {
        if FAQ_INDEX.info(call.host)?.is_some() {
            FAQ_INDEX.remove(call.host, std::slice::from_ref(&doc.id))?;
        }
        if let Some(image) = &doc.data.image {
            call.host.file_delete(&image.object).map_err(PluginError::internal)?;
        }
        Ok(())
    }
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct IndexState {
    pub exists: bool,
    pub documents: u64,
    /// FAQs in the database, to compare with the documents.
    pub faqs: u64,
    pub updated_at: Option<i64>,
}

/// `GET /faq-index`: whether the index exists, and what it holds beside the database.
pub fn index_state(call: &mut Call<'_>) -> PluginResult<Value> {
    let info = FAQ_INDEX.info(call.host)?;
    let faqs = FAQS.count(call.host, &Query::new())?;
    Ok(json!(IndexState {
        exists: info.is_some(),
        documents: info.as_ref().map_or(0, |i| i.documents),
        faqs,
        updated_at: info.map(|i| i.updated_at),
    }))
}

/// `POST /faq-index/create`: create the index.
pub fn create_index(call: &mut Call<'_>) -> PluginResult<Value> {
    let created = FAQ_INDEX.create(call.host)?;
    call.host.audit("Create the FAQ index", "");
    Ok(json!({ "created": created }))
}

/// `POST /faq-index/import`: import FAQs from the database into the index, every FAQ in pages,
/// replacing what the index had for it.
pub fn import_index(call: &mut Call<'_>) -> PluginResult<Value> {
    let mut imported = 0;
    let mut page = 1;
    loop {
        let found = FAQS.query(call.host, &Query::new().page(page, 500))?;
        let documents: Vec<Document> = found.list.iter().map(document).collect();
        FAQ_INDEX.put(call.host, &documents)?;
        imported += documents.len();
        if found.list.len() < 500 {
            break;
        }
        page += 1;
    }
    call.host.audit("Import FAQs into the index", &imported.to_string());
    Ok(json!({ "imported": imported }))
}

/// `POST /faq-index/clear`: empty the index.
pub fn clear_index(call: &mut Call<'_>) -> PluginResult<Value> {
    let removed = FAQ_INDEX.clear(call.host)?;
    call.host.audit("Empty the FAQ index", &removed.to_string());
    Ok(json!({ "removed": removed }))
}

/// `POST /faq-index/delete`: delete the index.
pub fn delete_index(call: &mut Call<'_>) -> PluginResult<Value> {
    let deleted = FAQ_INDEX.drop(call.host)?;
    call.host.audit("Delete the FAQ index", "");
    Ok(json!({ "deleted": deleted }))
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Answer {
    pub id: String,
    pub question: String,
    pub answer: String,
    pub score: f64,
}

/// The FAQs of `hits`, in their order (an FAQ deleted meanwhile is left out); for an end user
/// only those for everyone or for end users, as stored (an import racing an edit may leave the
/// index's tags behind).
fn answers(
    call: &mut Call<'_>,
    hits: Vec<console_plugin_sdk::search::Hit>,
    end_user: bool,
) -> PluginResult<Vec<Answer>> {
    let mut found = Vec::with_capacity(hits.len());
    for hit in hits {
        let faq = FAQS.get(call.host, &hit.id)?;
        if let Some(faq) = faq.filter(|f| !end_user || f.data.role.is_empty() || f.data.role == "endUser") {
            found.push(Answer { id: faq.id, question: faq.data.question, answer: faq.data.answer, score: hit.score });
        }
    }
    Ok(found)
}

/// `GET /faqs/search?q=&language=`: what a question finds, best first (the console's try-out).
pub fn search(call: &mut Call<'_>) -> PluginResult<Value> {
    let question = validate::required("q", call.query("q").unwrap_or(""), 500)?;
    let language = call.query("language").unwrap_or("").to_string();
    let tags: Vec<String> = if language.is_empty() { Vec::new() } else { vec![format!("lang:{language}")] };
    let stemmed_in = if language.is_empty() { call.lang().to_string() } else { language };
    let hits = FAQ_INDEX.search(call.host, &question, &stemmed_in, &tags, 10)?;
    Ok(json!(answers(call, hits, false)?))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AppQuestion {
    question: String,
    /// The app's language: only FAQs in it are answered.
    language: String,
    /// The user's product, when the app knows it: its FAQs only.
    product_id: String,
}

/// `POST /app/faq/search`: the FAQs an end user's question finds in the user's language, best
/// first, those for agents, engineers and administrators left out (what the bot answers with).
pub fn app_search(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: AppQuestion = call.body()?;
    let question = validate::required("question", &input.question, 500)?;
    let language = validate::required("language", &input.language, 16)?;
    Ok(json!(end_user_answers(call, &question, &language, input.product_id.trim(), APP_HITS)?))
}

/// The FAQs an end user's question finds in `language` (and of `product_id`, when given), best
/// first, only those an end user may read; none while the index does not exist.
pub fn end_user_answers(
    call: &mut Call<'_>,
    question: &str,
    language: &str,
    product_id: &str,
    limit: u32,
) -> PluginResult<Vec<Answer>> {
    if FAQ_INDEX.info(call.host)?.is_none() {
        return Ok(Vec::new());
    }
    let mut tags = vec![PUBLIC.to_string(), format!("lang:{language}")];
    if !product_id.is_empty() {
        tags.push(format!("product:{product_id}"));
    }
    let hits = FAQ_INDEX.search(call.host, question, language, &tags, limit)?;
    answers(call, hits, true)
}

#[derive(Debug, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Vote {
    pub faq_id: String,
    pub username: String,
    pub solved: bool,
}

pub const VOTES: Collection<Vote> = Collection::new("faq_votes");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct VoteInput {
    /// The signed-in app user's session token (the app plugin's sign-in).
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    user_token: String,
    /// Whether the answer solved the problem.
    solved: bool,
}

/// `POST /app/faq/{id}/vote`: a signed-in end user says whether an answer solved the problem,
/// once per FAQ.
pub fn vote(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: VoteInput = call.body()?;
    // Asked before anything is written: only the app plugin's session names the user.
    let user = end_users::signed_in(call, &input.user_token)?;
    let id = call.param("id")?.to_string();
    let mut faq = FAQS.find(call.host, &id)?;
    let mine = Query::new().eq("faqId", id.as_str()).eq("username", user.username.as_str());
    if VOTES.count(call.host, &mine)? > 0 {
        return Err(messages::already_voted());
    }
    VOTES.insert(call.host, &Vote { faq_id: id.clone(), username: user.username, solved: input.solved })?;
    if input.solved {
        faq.data.solved += 1;
    } else {
        faq.data.unsolved += 1;
    }
    let saved = FAQS.update(call.host, &faq.id, &faq.data, Some(faq.version))?;
    Ok(json!({ "solved": saved.data.solved, "unsolved": saved.data.unsolved }))
}

/// `GET /products`: the products an FAQ can be for (those with a released model).
pub fn products(call: &mut Call<'_>) -> PluginResult<Value> {
    Ok(json!(console_plugin_sdk::products::options(call.host)?))
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LanguageOption {
    pub code: String,
    pub name: String,
    pub is_default: bool,
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FaqOptions {
    pub question_types: Vec<question_types::TypeNode>,
    pub languages: Vec<LanguageOption>,
}

/// `GET /faq-options`: what an FAQ is filed under, for whoever may read the FAQ (the question
/// type and language pages have view actions of their own): the question type tree and the
/// service languages, or the platform's while none is configured.
pub fn options(call: &mut Call<'_>) -> PluginResult<Value> {
    let question_types = question_types::nodes(call)?;
    let configured = languages::LANGUAGES.query(call.host, &Query::new().sort("code", false).page(1, 100))?.list;
    let languages: Vec<LanguageOption> = if configured.is_empty() {
        let codes = console_plugin_sdk::platform::languages(call.host)?;
        codes
            .into_iter()
            .enumerate()
            .map(|(i, code)| LanguageOption { name: code.clone(), code, is_default: i == 0 })
            .collect()
    } else {
        configured
            .into_iter()
            .map(|l| LanguageOption { code: l.data.code, name: l.data.name, is_default: l.data.is_default })
            .collect()
    };
    Ok(json!(FaqOptions { question_types, languages }))
}
