//! Question types (/customerService/questionType): categories of two levels that FAQs and, later,
//! work orders are filed under.

use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Resource, Value, json};
use serde::{Deserialize, Serialize};

use crate::faq::FAQS;
use crate::messages;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuestionType {
    pub name: String,
    /// The category a subcategory belongs to; `None` for a category.
    pub parent_id: Option<String>,
    pub sort: i64,
}

pub const QUESTION_TYPES: Collection<QuestionType> = Collection::new("question_types");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct QuestionTypeInput {
    name: String,
    /// A category's id for a subcategory; empty for a category.
    parent_id: Option<String>,
    sort: Option<i64>,
}

pub struct QuestionTypes;

impl Resource for QuestionTypes {
    type Data = QuestionType;
    type Input = QuestionTypeInput;
    const COLLECTION: Collection<QuestionType> = QUESTION_TYPES;
    const SEARCH: &'static [&'static str] = &["name"];
    const FILTERS: &'static [&'static str] = &["parentId"];
    const SORT: &'static [(&'static str, bool)] = &[("sort", false), ("createdAt", false)];
    const AUDIT_CREATE: Option<&'static str> = Some("Add a question type");

    fn name(data: &QuestionType) -> &str {
        &data.name
    }

    fn validate(
        call: &mut Call<'_>,
        input: QuestionTypeInput,
        current: Option<&Doc<QuestionType>>,
    ) -> PluginResult<QuestionType> {
        let name = validate::required("name", &input.name, SHORT_TEXT)?;
        let parent_id = input.parent_id.map(|p| p.trim().to_string()).filter(|p| !p.is_empty());
        if let Some(parent) = &parent_id {
            let found = QUESTION_TYPES.get(call.host, parent)?;
            // Two levels: a subcategory's parent is a category, and a category with
            // subcategories does not become one.
            let is_category = found.as_ref().is_some_and(|p| p.data.parent_id.is_none());
            if !is_category || current.is_some_and(|c| &c.id == parent) {
                return Err(messages::parent_not_a_category());
            }
            if let Some(current) = current
                && !children(call, &current.id)?.is_empty()
            {
                return Err(messages::parent_not_a_category());
            }
        }
        let mut siblings = Query::new().eq("name", name.as_str()).page(1, 2);
        siblings = match &parent_id {
            Some(parent) => siblings.eq("parentId", parent.as_str()),
            None => siblings.eq("parentId", Value::Null),
        };
        if QUESTION_TYPES.query(call.host, &siblings)?.list.iter().any(|s| current.is_none_or(|c| c.id != s.id)) {
            return Err(messages::type_name_taken());
        }
        let sort = validate::range("sort", input.sort.unwrap_or(0) as f64, 0.0, 9999.0)? as i64;
        Ok(QuestionType { name, parent_id, sort })
    }

    /// A type with subcategories or FAQs stays.
    fn before_delete(call: &mut Call<'_>, doc: &Doc<QuestionType>) -> PluginResult<()> {
        if !children(call, &doc.id)?.is_empty()
            || FAQS.count(call.host, &Query::new().eq("questionTypeId", doc.id.as_str()))? > 0
        {
            return Err(messages::type_in_use());
        }
        Ok(())
    }
}

fn children(call: &mut Call<'_>, id: &str) -> PluginResult<Vec<Doc<QuestionType>>> {
    Ok(QUESTION_TYPES.query(call.host, &Query::new().eq("parentId", id).page(1, 500))?.list)
}

/// The name of a type, "category / subcategory" for a subcategory; refused when it does not exist.
pub fn full_name(call: &mut Call<'_>, id: &str) -> PluginResult<String> {
    let found = QUESTION_TYPES.get(call.host, id)?.ok_or_else(|| PluginError::required("questionTypeId"))?;
    match &found.data.parent_id {
        Some(parent) => {
            let parent = QUESTION_TYPES.get(call.host, parent)?.map(|p| p.data.name).unwrap_or_default();
            Ok(format!("{parent} / {}", found.data.name))
        }
        None => Ok(found.data.name),
    }
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TypeNode {
    pub id: String,
    pub name: String,
    pub children: Vec<TypeNode>,
}

/// `GET /question-types/tree`: the categories with their subcategories, in their order.
pub fn tree(call: &mut Call<'_>) -> PluginResult<Value> {
    Ok(json!(nodes(call)?))
}

pub fn nodes(call: &mut Call<'_>) -> PluginResult<Vec<TypeNode>> {
    let all = QUESTION_TYPES.query(call.host, &Query::new().sort("sort", false).page(1, 500))?.list;
    let node = |d: &Doc<QuestionType>, children| TypeNode { id: d.id.clone(), name: d.data.name.clone(), children };
    let tree: Vec<TypeNode> = all
        .iter()
        .filter(|d| d.data.parent_id.is_none())
        .map(|c| {
            let subs =
                all.iter().filter(|s| s.data.parent_id.as_deref() == Some(c.id.as_str())).map(|s| node(s, Vec::new()));
            node(c, subs.collect())
        })
        .collect();
    Ok(tree)
}
