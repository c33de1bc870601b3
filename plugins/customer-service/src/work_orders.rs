//! Work orders (the flow in `order_flow`). Users submit them from their app (offline) or an agent
//! files one from a chat (online); an enterprise's staff submit theirs in the console. The four
//! lists: records (every order), my work orders (my seat's), user work orders (from end users) and
//! enterprise work orders. Each order also has SLA targets (first response and resolution, from the
//! enterprise's settings) with the time left shown and breaches marked by the `sla` schedule.

use console_plugin_sdk::export::{ExportedFile, XLSX};
use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{
    Call, Collection, Doc, PageOf, PluginError, PluginResult, Query, Value, json, live, services,
};
use serde::{Deserialize, Serialize};

use crate::chats::{self, CHATS};
use crate::order_flow::{self, Action, Status};
use crate::seats::{self, SEATS, Seat};
use crate::{end_users, messages, question_types, settings};

pub const ONLINE: &str = "online";
pub const OFFLINE: &str = "offline";
/// Steps kept in an order's history at most (the oldest go first).
const MAX_STEPS: usize = 200;
const MINUTE_MS: i64 = 60_000;
const HOUR_MS: i64 = 3_600_000;
/// The topic of an order given to an agent, for his console.
pub const ORDER_TOPIC: &str = "customer-service.order";

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Rating {
    /// `satisfied`, `average` or `unsatisfied`.
    pub score: String,
    /// Whether the user's problem is solved.
    pub solved: bool,
    pub comment: String,
    pub rated_at: i64,
}

/// One step of an order's history.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Step {
    pub at: i64,
    pub by: String,
    pub action: String,
    pub from: String,
    pub to: String,
    pub note: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorkOrder {
    pub number: String,
    pub status: Status,
    /// `online` (from a chat) or `offline`.
    #[serde(rename = "type")]
    pub kind: String,
    /// `user` (an end user's) or `enterprise` (submitted by an enterprise's staff).
    pub origin: String,
    /// `chat`, `app` or `console`.
    pub channel: String,
    pub description: String,
    pub product_id: String,
    pub product_name: String,
    pub device_sn: String,
    /// The question category.
    pub question_type_id: String,
    pub question_type_name: String,
    /// The end user it is for, when there is one.
    pub username: String,
    pub nickname: String,
    pub submitted_at: i64,
    pub submitter: String,
    /// The console account that submitted it; 0 for an end user.
    pub submitter_id: i64,
    pub handler_seat_id: String,
    pub handler_seat_number: String,
    /// The handler's console account; 0 while unassigned.
    pub handler_id: i64,
    pub handler_name: String,
    /// The engineer it was sent to.
    pub engineer: String,
    pub summary_title: String,
    pub summary_content: String,
    pub summarised_at: i64,
    pub rating: Option<Rating>,
    pub urged: bool,
    pub resolved: bool,
    pub chat_id: String,
    pub first_response_at: i64,
    pub resolved_at: i64,
    /// SLA: when the first response and the resolution are due.
    pub due_first_response: i64,
    pub due_resolution: i64,
    /// Not yet handled or closed (kept beside the status for the `sla` schedule's index).
    #[serde(default)]
    pub open: bool,
    /// A target was missed (marked by the `sla` schedule, or when acted on late).
    pub breached: bool,
    pub breached_first_response: bool,
    pub breached_resolution: bool,
    pub history: Vec<Step>,
}

pub const WORK_ORDERS: Collection<WorkOrder> = Collection::new("work_orders");

/// What a new order is about.
#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct OrderInput {
    description: String,
    product_id: String,
    device_sn: String,
    question_type_id: String,
    /// `online` or `offline` (console orders; the app's are offline, a chat's online).
    #[serde(rename = "type")]
    kind: String,
    /// The end user it is for, if any (console orders).
    username: String,
}

impl OrderInput {
    /// A chat's order: what the user wrote, in the category the agent chose (if any).
    pub fn for_chat(description: String, question_type_id: String) -> Self {
        OrderInput { description, question_type_id, kind: ONLINE.into(), ..Default::default() }
    }
}

/// The parts of an order every channel checks the same way; asks the product and device
/// plugins, so before anything is written.
struct About {
    description: String,
    product_id: String,
    product_name: String,
    device_sn: String,
    question_type_id: String,
    question_type_name: String,
}

/// The question category is required but of an order filed from a chat, whose agent may not
/// know it yet.
fn about(call: &mut Call<'_>, input: &OrderInput) -> PluginResult<About> {
    let description = validate::required("description", &input.description, 2000)?;
    let question_type_id = if input.kind == ONLINE {
        validate::optional("questionTypeId", &input.question_type_id, 64)?
    } else {
        validate::required("questionTypeId", &input.question_type_id, 64)?
    };
    let question_type_name =
        if question_type_id.is_empty() { String::new() } else { question_types::full_name(call, &question_type_id)? };
    let device_sn = validate::optional("deviceSn", &input.device_sn, 64)?;
    if !device_sn.chars().all(|c| c.is_ascii_alphanumeric() || ".-_".contains(c)) {
        return Err(messages::unknown_device());
    }
    let mut product_id = validate::optional("productId", &input.product_id, 64)?;
    let mut product_name = String::new();
    if !device_sn.is_empty() {
        // The device's own product, from the device plugin.
        let device: PluginResult<Value> =
            services::get(call.host, "device-service", &format!("/internal/devices/{device_sn}"));
        let device = device.map_err(|_| messages::unknown_device())?;
        product_id = device["productId"].as_str().unwrap_or_default().to_string();
        product_name = device["productName"].as_str().unwrap_or_default().to_string();
    } else if !product_id.is_empty() {
        product_name = console_plugin_sdk::products::name(call.host, "productId", &product_id)?;
    }
    Ok(About { description, product_id, product_name, device_sn, question_type_id, question_type_name })
}

/// A new order, unassigned, its SLA due times from the enterprise's targets.
fn new_order(call: &mut Call<'_>, about: About, kind: &str, origin: &str, channel: &str) -> PluginResult<WorkOrder> {
    let now = call.host.now_ms();
    let targets = settings::current(call)?;
    let day = console_plugin_sdk::time::day_label(now).replace('-', "");
    Ok(WorkOrder {
        number: format!("WO{day}{}", console_plugin_sdk::random::token(6)?),
        status: Status::Unassigned,
        kind: kind.into(),
        origin: origin.into(),
        channel: channel.into(),
        description: about.description,
        product_id: about.product_id,
        product_name: about.product_name,
        device_sn: about.device_sn,
        question_type_id: about.question_type_id,
        question_type_name: about.question_type_name,
        username: String::new(),
        nickname: String::new(),
        submitted_at: now,
        submitter: String::new(),
        submitter_id: 0,
        handler_seat_id: String::new(),
        handler_seat_number: String::new(),
        handler_id: 0,
        handler_name: String::new(),
        engineer: String::new(),
        summary_title: String::new(),
        summary_content: String::new(),
        summarised_at: 0,
        rating: None,
        urged: false,
        resolved: false,
        chat_id: String::new(),
        first_response_at: 0,
        resolved_at: 0,
        due_first_response: now + i64::from(targets.first_response_minutes) * MINUTE_MS,
        due_resolution: now + i64::from(targets.resolution_hours) * HOUR_MS,
        open: true,
        breached: false,
        breached_first_response: false,
        breached_resolution: false,
        history: Vec::new(),
    })
}

fn step(order: &mut WorkOrder, at: i64, by: &str, action: &str, from: Status, note: &str) {
    order.history.push(Step {
        at,
        by: by.into(),
        action: action.into(),
        from: order_flow::status_code(from).into(),
        to: order_flow::status_code(order.status).into(),
        note: note.chars().take(500).collect(),
    });
    if order.history.len() > MAX_STEPS {
        order.history.remove(0);
    }
}

/// `POST /work-orders` (companyOrder): an enterprise's staff submit an order.
pub fn create(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: OrderInput = call.body()?;
    let about = about(call, &input)?;
    let kind = match input.kind.trim() {
        "" => OFFLINE.to_string(),
        kind => validate::one_of("type", kind, &[ONLINE, OFFLINE])?,
    };
    let mut order = new_order(call, about, &kind, "enterprise", "console")?;
    order.username = validate::optional("username", &input.username, SHORT_TEXT)?;
    order.nickname = order.username.clone();
    order.submitter = call.context.user_name.clone();
    order.submitter_id = call.context.user_id;
    let now = order.submitted_at;
    step(&mut order, now, &call.context.user_name, "submit", Status::Unassigned, "");
    let saved = WORK_ORDERS.insert(call.host, &order)?;
    call.host.audit("Submit a work order", &saved.data.number);
    Ok(json!(saved))
}

/// An order filed from a chat by its agent: online, in progress and his, for the chat's user.
pub fn from_chat(
    call: &mut Call<'_>,
    chat: &Doc<chats::Chat>,
    seat: &Doc<Seat>,
    input: &OrderInput,
) -> PluginResult<Doc<WorkOrder>> {
    let mut with_chat = OrderInput {
        description: input.description.clone(),
        product_id: input.product_id.clone(),
        device_sn: input.device_sn.clone(),
        question_type_id: input.question_type_id.clone(),
        kind: ONLINE.into(),
        username: String::new(),
    };
    if with_chat.device_sn.trim().is_empty() {
        with_chat.device_sn = chat.data.device_sn.clone();
    }
    if with_chat.product_id.trim().is_empty() && with_chat.device_sn.is_empty() {
        with_chat.product_id = chat.data.product_id.clone();
    }
    let about = about(call, &with_chat)?;
    let mut order = new_order(call, about, ONLINE, "user", "chat")?;
    order.username = chat.data.username.clone();
    order.nickname = chat.data.username.clone();
    order.submitter = chat.data.username.clone();
    order.chat_id = chat.id.clone();
    let now = order.submitted_at;
    give_to(&mut order, seat);
    order.status = Status::InProgress;
    order.first_response_at = now;
    step(&mut order, now, &seat.data.agent_name, "fromChat", Status::Unassigned, "");
    WORK_ORDERS.insert(call.host, &order)
}

fn give_to(order: &mut WorkOrder, seat: &Doc<Seat>) {
    order.handler_seat_id = seat.id.clone();
    order.handler_seat_number = seat.data.number.clone();
    order.handler_id = seat.data.account_id;
    order.handler_name = seat.data.agent_name.clone();
}

/// What an action takes besides the order.
#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ActionInput {
    /// Transfer: the seat it goes to.
    seat_id: String,
    /// Send to an engineer: who.
    engineer: String,
    summary_title: String,
    summary_content: String,
    /// Why, for the history (a transfer's or an engineer's note).
    note: String,
    version: Option<i64>,
}

impl ActionInput {
    /// A summary, for ending or closing.
    pub fn summary(title: &str, content: &str) -> Self {
        ActionInput { summary_title: title.into(), summary_content: content.into(), ..Default::default() }
    }
}

fn action_of(code: &str) -> PluginResult<Action> {
    order_flow::ACTIONS
        .into_iter()
        .find(|a| order_flow::action_code(*a) == code)
        .filter(|a| !matches!(a, Action::Rate | Action::Urge))
        .ok_or_else(PluginError::not_found)
}

/// `POST /work-orders/{id}/{action}` (assign, process, transfer, engineer, summarise, close): an
/// agent acts on an order by the table. An order with a handler is his alone to act on, but for
/// a transfer (dispatching is anyone's who handles orders).
pub fn act(call: &mut Call<'_>) -> PluginResult<Value> {
    let action = action_of(call.param("action")?)?;
    let id = call.param("id")?.to_string();
    let input: ActionInput = call.body()?;
    let doc = WORK_ORDERS.find(call.host, &id)?;
    let saved = apply(call, doc, action, &input)?;
    Ok(json!(saved))
}

fn refused(order: &WorkOrder, action: Action) -> PluginError {
    messages::order_action_refused(order_flow::status_code(order.status), order_flow::action_code(action))
}

/// Moves an order by the table, as the calling agent.
pub fn apply(
    call: &mut Call<'_>,
    doc: Doc<WorkOrder>,
    action: Action,
    input: &ActionInput,
) -> PluginResult<Doc<WorkOrder>> {
    let mut order = doc.data.clone();
    let from = order.status;
    let to = order_flow::next(from, action).ok_or_else(|| refused(&order, action))?;
    let me = call.context.user_id;
    if order.handler_id == 0 {
        // Nobody handles it yet: it is assigned or transferred first (or closed as it is).
        if !matches!(action, Action::Assign | Action::Transfer | Action::Close) {
            return Err(messages::assign_first());
        }
    } else if order.handler_id != me && action != Action::Transfer {
        return Err(messages::not_your_order());
    }
    let now = call.host.now_ms();
    let by = call.context.user_name.clone();
    let mut note = input.note.trim().to_string();
    match action {
        Action::Assign => give_to(&mut order, &seats::mine(call)?),
        Action::Transfer => {
            let seat_id = validate::required("seatId", &input.seat_id, 64)?;
            let seat = SEATS.get(call.host, &seat_id)?.ok_or_else(|| PluginError::required("seatId"))?;
            give_to(&mut order, &seat);
            note = format!("{} {}", seat.data.number, note).trim().to_string();
            let notice = json!({ "type": "given", "number": order.number, "id": doc.id });
            live::notify(call.host, seat.data.account_id, ORDER_TOPIC, &notice)?;
        }
        Action::Engineer => {
            order.engineer = validate::required("engineer", &input.engineer, SHORT_TEXT)
                .map_err(|_| messages::engineer_required())?;
            note = format!("{} {}", order.engineer, note).trim().to_string();
        }
        Action::Summarise | Action::Close => {
            let content = input.summary_content.trim();
            if content.is_empty() && (action == Action::Summarise || order.summary_content.is_empty()) {
                return Err(messages::summary_required());
            }
            if !content.is_empty() {
                order.summary_title = validate::optional("summaryTitle", &input.summary_title, SHORT_TEXT)?;
                order.summary_content = validate::required("summaryContent", content, 5000)?;
                order.summarised_at = now;
            }
        }
        Action::Process | Action::Urge | Action::Rate => {}
    }
    order.status = to;
    order.open = order_flow::is_open(to);
    // Taking an order or passing it on is no response to the user; working on it is.
    if order.first_response_at == 0 && !matches!(action, Action::Assign | Action::Transfer) {
        order.first_response_at = now;
        if now > order.due_first_response {
            order.breached = true;
            order.breached_first_response = true;
        }
    }
    if !order_flow::is_open(to) && order_flow::is_open(from) {
        order.resolved_at = now;
        if now > order.due_resolution {
            order.breached = true;
            order.breached_resolution = true;
        }
    }
    step(&mut order, now, &by, order_flow::action_code(action), from, &note);
    let saved = WORK_ORDERS.update(call.host, &doc.id, &order, input.version)?;
    if matches!(action, Action::Summarise | Action::Close) {
        tell_user(call, &saved)?;
    }
    call.host.audit(&format!("Work order: {}", order_flow::action_code(action)), &saved.data.number);
    Ok(saved)
}

/// The summary is sent to the user: into the chat the order came from, where the user's app
/// shows it with the rating.
fn tell_user(call: &mut Call<'_>, order: &Doc<WorkOrder>) -> PluginResult<()> {
    if order.data.chat_id.is_empty() {
        return Ok(());
    }
    let Some(chat) = CHATS.get(call.host, &order.data.chat_id)? else { return Ok(()) };
    let detail = json!({
        "id": order.id, "number": order.data.number, "status": order.data.status,
        "summaryTitle": order.data.summary_title, "summaryContent": order.data.summary_content,
    });
    chats::note(call, &chat, "workOrder", detail)
}

/// Query parameters of the lists.
const LIST_FILTERS: [&str; 5] = ["status", "type", "channel", "questionTypeId", "productId"];

fn listed(call: &mut Call<'_>, scope: Query) -> PluginResult<Value> {
    let mut query = scope.search("number", call.query("number"), call.search_mode());
    for field in LIST_FILTERS {
        if let Some(value) = call.query(field) {
            query = query.eq(field, value);
        }
    }
    if let Some(user) = call.query("username") {
        query = query.eq("username", user);
    }
    if call.query("breached") == Some("true") {
        query = query.eq("breached", true);
    }
    if call.query("urged") == Some("true") {
        query = query.eq("urged", true);
    }
    if let Some(from) = call.query("from").and_then(|v| v.parse::<i64>().ok()) {
        query = query.gte("submittedAt", from);
    }
    if let Some(to) = call.query("to").and_then(|v| v.parse::<i64>().ok()) {
        query = query.lte("submittedAt", to);
    }
    let query = query.sort("submittedAt", true).paged_by(call)?;
    let page: PageOf<Doc<WorkOrder>> = WORK_ORDERS.query(call.host, &query)?;
    let now = call.host.now_ms();
    let list: Vec<Value> = page.list.iter().map(|o| shown(o, now)).collect();
    Ok(json!({ "list": list, "total": page.total, "page": page.page, "pageSize": page.page_size }))
}

/// An order as its end user gets it: what was done and said to him, not the staff's notes,
/// accounts or the engineer.
pub fn for_user(order: &Doc<WorkOrder>) -> Value {
    let o = &order.data;
    json!({
        "id": order.id, "number": o.number, "status": o.status, "type": o.kind, "channel": o.channel,
        "description": o.description, "productName": o.product_name, "deviceSn": o.device_sn,
        "questionTypeName": o.question_type_name, "submittedAt": o.submitted_at, "handlerName": o.handler_name,
        "summaryTitle": o.summary_title, "summaryContent": o.summary_content, "rating": o.rating,
        "urged": o.urged, "resolved": o.resolved, "chatId": o.chat_id,
    })
}

/// An order as the pages get it: with the time left to each open target (negative: overdue).
pub fn shown(order: &Doc<WorkOrder>, now: i64) -> Value {
    let mut shown = json!(order);
    let o = &order.data;
    let open = order_flow::is_open(o.status);
    shown["firstResponseLeftMs"] =
        if o.first_response_at == 0 && open { json!(o.due_first_response - now) } else { Value::Null };
    shown["resolutionLeftMs"] = if open { json!(o.due_resolution - now) } else { Value::Null };
    shown
}

/// `GET /work-orders` (orderRecord): every order.
pub fn records(call: &mut Call<'_>) -> PluginResult<Value> {
    listed(call, Query::new())
}

/// `GET /work-orders/mine` (myOrderRecord): my seat's orders.
pub fn mine(call: &mut Call<'_>) -> PluginResult<Value> {
    let me = call.context.user_id;
    listed(call, Query::new().eq("handlerId", me))
}

/// `GET /work-orders/user` (userOrder): the end users' orders.
pub fn of_users(call: &mut Call<'_>) -> PluginResult<Value> {
    listed(call, Query::new().eq("origin", "user"))
}

/// `GET /work-orders/enterprise` (companyOrder): the enterprise's own orders.
pub fn of_enterprise(call: &mut Call<'_>) -> PluginResult<Value> {
    listed(call, Query::new().eq("origin", "enterprise"))
}

/// `POST /work-orders/{id}/urge` (companyOrder): the enterprise urges an order it submitted.
pub fn urge(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let doc = WORK_ORDERS.find(call.host, &id)?;
    if doc.data.origin != "enterprise" {
        return Err(PluginError::not_found());
    }
    let by = call.context.user_name.clone();
    Ok(json!(urged(call, doc, &by)?))
}

fn urged(call: &mut Call<'_>, doc: Doc<WorkOrder>, by: &str) -> PluginResult<Doc<WorkOrder>> {
    let mut order = doc.data.clone();
    let from = order.status;
    order.status = order_flow::next(from, Action::Urge).ok_or_else(|| refused(&order, Action::Urge))?;
    order.urged = true;
    let now = call.host.now_ms();
    step(&mut order, now, by, "urge", from, "");
    let saved = WORK_ORDERS.update(call.host, &doc.id, &order, Some(doc.version))?;
    if saved.data.handler_id > 0 {
        let notice = json!({ "type": "urged", "number": saved.data.number, "id": saved.id });
        live::notify(call.host, saved.data.handler_id, ORDER_TOPIC, &notice)?;
    }
    Ok(saved)
}

// What an app's signed-in user does with his orders.

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AppOrderInput {
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    user_token: String,
    description: String,
    product_id: String,
    device_sn: String,
    question_type_id: String,
}

/// `POST /app/work-orders`: the user submits an order from the app (offline).
pub fn app_submit(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: AppOrderInput = call.body()?;
    let user = end_users::signed_in(call, &input.user_token)?;
    let order_input = OrderInput {
        description: input.description,
        product_id: input.product_id,
        device_sn: input.device_sn,
        question_type_id: input.question_type_id,
        kind: OFFLINE.into(),
        username: String::new(),
    };
    // One a minute per user, before anything else is asked: an app cannot flood the agents'
    // lists, nor use the device lookup to learn which SNs exist.
    let last = Query::new().eq("username", user.username.as_str()).eq("channel", "app");
    console_plugin_sdk::limits::at_most_every(call, &WORK_ORDERS, last, 60)?;
    let about = about(call, &order_input)?;
    let mut order = new_order(call, about, OFFLINE, "user", "app")?;
    order.username = user.username.clone();
    order.nickname = user.username.clone();
    order.submitter = user.username;
    let now = order.submitted_at;
    let by = order.submitter.clone();
    step(&mut order, now, &by, "submit", Status::Unassigned, "");
    Ok(for_user(&WORK_ORDERS.insert(call.host, &order)?))
}

/// `POST /app/work-orders/list`: the user's own orders, newest first.
pub fn app_list(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: crate::app_chat::UserAsk = call.body()?;
    let user = end_users::signed_in(call, &input.user_token)?;
    let query = Query::new().eq("username", user.username.as_str()).sort("submittedAt", true).page(1, 50);
    let page = WORK_ORDERS.query(call.host, &query)?;
    Ok(json!(page.list.iter().map(for_user).collect::<Vec<_>>()))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct UrgeInput {
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    user_token: String,
}

/// `POST /app/work-orders/{id}/urge`: the user urges his open order.
pub fn app_urge(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: UrgeInput = call.body()?;
    let user = end_users::signed_in(call, &input.user_token)?;
    let id = call.param("id")?.to_string();
    let doc = WORK_ORDERS.get(call.host, &id)?.filter(|o| o.data.username == user.username);
    let doc = doc.ok_or_else(PluginError::not_found)?;
    Ok(for_user(&urged(call, doc, &user.username)?))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct RateInput {
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    user_token: String,
    /// The order rated (one must be chosen).
    work_order_id: String,
    /// `satisfied`, `average` or `unsatisfied`.
    score: String,
    /// Whether the problem is solved (required).
    solved: Option<bool>,
    comment: String,
}

pub const SCORES: [&str; 3] = ["satisfied", "average", "unsatisfied"];

/// `POST /app/work-orders/rate`: the user rates a handled or closed order of his, once.
pub fn app_rate(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: RateInput = call.body()?;
    let user = end_users::signed_in(call, &input.user_token)?;
    if input.work_order_id.trim().is_empty() {
        return Err(messages::pick_an_order_to_rate());
    }
    let solved = input.solved.ok_or_else(messages::pick_solved)?;
    let score = validate::one_of("score", &input.score, &SCORES)?;
    let doc = WORK_ORDERS.get(call.host, input.work_order_id.trim())?.filter(|o| o.data.username == user.username);
    let doc = doc.ok_or_else(messages::pick_an_order_to_rate)?;
    if doc.data.rating.is_some() {
        return Err(messages::already_rated());
    }
    let mut order = doc.data.clone();
    let from = order.status;
    order.status = order_flow::next(from, Action::Rate).ok_or_else(|| refused(&order, Action::Rate))?;
    let now = call.host.now_ms();
    order.rating =
        Some(Rating { score, solved, comment: validate::optional("comment", &input.comment, 500)?, rated_at: now });
    order.resolved = solved;
    order.open = order_flow::is_open(order.status);
    step(&mut order, now, &user.username, "rate", from, "");
    let saved = WORK_ORDERS.update(call.host, &doc.id, &order, Some(doc.version))?;
    if saved.data.handler_id > 0 {
        let notice = json!({ "type": "rated", "number": saved.data.number, "id": saved.id });
        live::notify(call.host, saved.data.handler_id, ORDER_TOPIC, &notice)?;
    }
    Ok(for_user(&saved))
}

/// Orders the `sla` schedule marks in one run at most, per target (each may notify its handler;
/// a call sends at most 100).
const BREACHES_PER_RUN: u32 = 40;

/// The `sla` schedule: orders past a due time they have not met are marked breached (the lists
/// filter them), earliest due first, and their handlers told. An order changed meanwhile is left
/// to the next run.
pub fn mark_breaches(call: &mut Call<'_>) -> PluginResult<()> {
    let now = call.host.now_ms();
    let unanswered = Query::new()
        .eq("breachedFirstResponse", false)
        .eq("firstResponseAt", 0)
        .lt("dueFirstResponse", now)
        .sort("dueFirstResponse", false)
        .page(1, BREACHES_PER_RUN);
    let unresolved = Query::new()
        .eq("open", true)
        .eq("breachedResolution", false)
        .lt("dueResolution", now)
        .sort("dueResolution", false)
        .page(1, BREACHES_PER_RUN);
    for (query, first_response) in [(unanswered, true), (unresolved, false)] {
        for doc in WORK_ORDERS.query(call.host, &query)?.list {
            let mut order = doc.data.clone();
            order.breached = true;
            order.breached_first_response |= first_response;
            order.breached_resolution |= !first_response;
            let Some(saved) = chats::unless_changed(WORK_ORDERS.update(call.host, &doc.id, &order, Some(doc.version)))?
            else {
                continue;
            };
            if saved.data.handler_id > 0 {
                let notice = json!({ "type": "breached", "number": saved.data.number, "id": saved.id });
                live::notify(call.host, saved.data.handler_id, ORDER_TOPIC, &notice)?;
            }
        }
    }
    Ok(())
}

/// `GET /work-orders/export` (orderRecord): the filtered records as an Excel workbook, every
/// cell a string (safe to open: nothing a user typed runs as a formula).
pub fn export(call: &mut Call<'_>) -> PluginResult<Value> {
    use rust_xlsxwriter::{Workbook, XlsxError};
    let mut rows = Vec::new();
    let mut page = 1;
    loop {
        call.query.retain(|(k, _)| k != "page" && k != "pageSize");
        call.query.push(("page".into(), page.to_string()));
        call.query.push(("pageSize".into(), "500".into()));
        let answer = records(call)?;
        let list = answer["list"].as_array().cloned().unwrap_or_default();
        let done = list.len() < 500 || rows.len() >= 10_000;
        rows.extend(list);
        if done {
            break;
        }
        page += 1;
    }
    let lang = console_plugin_sdk::LANGS.iter().position(|l| *l == call.lang()).unwrap_or(1);
    let titles = crate::messages::export_titles(lang);
    let failed = |e: XlsxError| PluginError::internal(e.to_string());
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet();
    for (column, title) in titles.iter().enumerate() {
        sheet.write_string(0, column as u16, *title).map_err(failed)?;
    }
    for (n, order) in rows.iter().enumerate() {
        let text = |key: &str| order[key].as_str().unwrap_or_default().to_string();
        let status = order_flow::status_name(order["status"].as_str().unwrap_or_default(), lang).to_string();
        let submitted = console_plugin_sdk::time::second_label(order["submittedAt"].as_i64().unwrap_or_default());
        let rating = order["rating"]["score"].as_str().unwrap_or_default().to_string();
        let cells = [
            text("number"),
            status,
            text("type"),
            text("description"),
            text("productName"),
            text("deviceSn"),
            text("questionTypeName"),
            text("nickname"),
            submitted,
            text("handlerName"),
            text("submitter"),
            text("channel"),
            text("summaryTitle"),
            text("summaryContent"),
            rating,
            order["urged"].as_bool().unwrap_or(false).to_string(),
            order["resolved"].as_bool().unwrap_or(false).to_string(),
            order["breached"].as_bool().unwrap_or(false).to_string(),
        ];
        for (column, cell) in cells.iter().enumerate() {
            sheet.write_string(n as u32 + 1, column as u16, cell).map_err(failed)?;
        }
    }
    let bytes = workbook.save_to_buffer().map_err(failed)?;
    call.host.audit("Export work orders", &rows.len().to_string());
    Ok(json!(ExportedFile::new("work-orders.xlsx", XLSX, &bytes)))
}

/// What the dashboards read of the work orders (`GET /internal/figures`, other plugins only).
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderFigures {
    pub open: u64,
    /// Orders that passed a service-level deadline, open or closed.
    pub breached: u64,
}

/// `GET /internal/figures`: counts the host keeps per value of a counted field.
pub fn figures(call: &mut Call<'_>) -> PluginResult<Value> {
    let open = WORK_ORDERS.count(call.host, &Query::new().eq("open", true))?;
    let breached = WORK_ORDERS.count(call.host, &Query::new().eq("breached", true))?;
    Ok(json!(OrderFigures { open, breached }))
}
