//! The work-order flow as one table: its statuses, its actions and the order they come in:
//!
//! - A new order is **unassigned**. An agent **assigns** it to his own seat, or anyone who
//!   handles orders **transfers** it to a seat: it is **assigned**.
//! - Its handler **processes** it (**in progress**), or **sends it to an engineer** (in progress,
//!   with the engineer named), or **transfers** it to another seat (assigned again).
//! - The handler **summarises** it: the summary is sent to the user and the order is **handled**;
//!   the user can rate it then. **End or close** needs a summary too (the one given, or the one
//!   written before): **closed** is final.
//! - The user or the submitter **urges** an open order: it is **urgent** (and stays marked urged)
//!   until its handler acts on it again. A handled order is **processed** again if the user's
//!   problem came back.
//! - The user **rates** a handled or closed order once (satisfied, average, unsatisfied, with
//!   whether the problem is solved): a handled order is closed by it.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum Status {
    Unassigned,
    Assigned,
    InProgress,
    Urgent,
    Handled,
    Closed,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum Action {
    /// Assign to one's own seat.
    Assign,
    Process,
    /// Transfer to another seat.
    Transfer,
    /// Send to an engineer.
    Engineer,
    Summarise,
    /// End or close.
    Close,
    Urge,
    Rate,
}

pub const STATUSES: [Status; 6] =
    [Status::Unassigned, Status::Assigned, Status::InProgress, Status::Urgent, Status::Handled, Status::Closed];

pub const ACTIONS: [Action; 8] = [
    Action::Assign,
    Action::Process,
    Action::Transfer,
    Action::Engineer,
    Action::Summarise,
    Action::Close,
    Action::Urge,
    Action::Rate,
];

/// Every allowed move; anything else is refused.
const TABLE: [(Status, Action, Status); 28] = [
    (Status::Unassigned, Action::Assign, Status::Assigned),
    (Status::Unassigned, Action::Transfer, Status::Assigned),
    (Status::Unassigned, Action::Close, Status::Closed),
    (Status::Unassigned, Action::Urge, Status::Urgent),
    (Status::Assigned, Action::Process, Status::InProgress),
    (Status::Assigned, Action::Transfer, Status::Assigned),
    (Status::Assigned, Action::Engineer, Status::InProgress),
    (Status::Assigned, Action::Summarise, Status::Handled),
    (Status::Assigned, Action::Close, Status::Closed),
    (Status::Assigned, Action::Urge, Status::Urgent),
    (Status::InProgress, Action::Transfer, Status::Assigned),
    (Status::InProgress, Action::Engineer, Status::InProgress),
    (Status::InProgress, Action::Summarise, Status::Handled),
    (Status::InProgress, Action::Close, Status::Closed),
    (Status::InProgress, Action::Urge, Status::Urgent),
    (Status::Urgent, Action::Assign, Status::Assigned),
    (Status::Urgent, Action::Process, Status::InProgress),
    (Status::Urgent, Action::Transfer, Status::Assigned),
    (Status::Urgent, Action::Engineer, Status::InProgress),
    (Status::Urgent, Action::Summarise, Status::Handled),
    (Status::Urgent, Action::Close, Status::Closed),
    (Status::Handled, Action::Process, Status::InProgress),
    (Status::Handled, Action::Summarise, Status::Handled),
    (Status::Handled, Action::Close, Status::Closed),
    (Status::Handled, Action::Rate, Status::Closed),
    (Status::Closed, Action::Rate, Status::Closed),
    // An urgent order assigned is still the handler's to process; one already assigned to the
    // caller's seat is taken again without change.
    (Status::Assigned, Action::Assign, Status::Assigned),
    (Status::InProgress, Action::Process, Status::InProgress),
];

pub fn next(from: Status, action: Action) -> Option<Status> {
    TABLE.iter().find(|(f, a, _)| *f == from && *a == action).map(|(_, _, to)| *to)
}

/// Still open: urged, rated and counted against the resolution target.
pub fn is_open(status: Status) -> bool {
    !matches!(status, Status::Handled | Status::Closed)
}

pub fn status_code(status: Status) -> &'static str {
    match status {
        Status::Unassigned => "unassigned",
        Status::Assigned => "assigned",
        Status::InProgress => "inProgress",
        Status::Urgent => "urgent",
        Status::Handled => "handled",
        Status::Closed => "closed",
    }
}

pub fn action_code(action: Action) -> &'static str {
    match action {
        Action::Assign => "assign",
        Action::Process => "process",
        Action::Transfer => "transfer",
        Action::Engineer => "engineer",
        Action::Summarise => "summarise",
        Action::Close => "close",
        Action::Urge => "urge",
        Action::Rate => "rate",
    }
}

/// A status's name in the language at `lang` of [`console_plugin_sdk::LANGS`].
pub fn status_name(code: &str, lang: usize) -> &'static str {
    let names: [&str; 7] = match code {
        "unassigned" => {
            ["未分配", "unassigned", "nicht zugewiesen", "sin asignar", "non attribué", "por atribuir", "не назначена"]
        }
        "assigned" => ["已分配", "assigned", "zugewiesen", "asignada", "attribué", "atribuída", "назначена"],
        "inProgress" => ["处理中", "in progress", "in Bearbeitung", "en curso", "en cours", "em curso", "в работе"],
        "urgent" => ["加急", "urgent", "dringend", "urgente", "urgent", "urgente", "срочная"],
        "handled" => ["已处理", "handled", "erledigt", "atendida", "traité", "tratada", "обработана"],
        _ => ["已关闭", "closed", "geschlossen", "cerrada", "fermé", "fechada", "закрыта"],
    };
    names[lang.min(6)]
}

/// An action's name in the language at `lang` of [`console_plugin_sdk::LANGS`].
pub fn action_name(code: &str, lang: usize) -> &'static str {
    let names: [&str; 7] = match code {
        "assign" => {
            ["分配给自己", "assign to me", "mir zuweisen", "asignarme", "m’attribuer", "atribuir a mim", "взять себе"]
        }
        "process" => ["处理", "process", "bearbeiten", "procesar", "traiter", "tratar", "взять в работу"],
        "transfer" => [
            "转给其他坐席",
            "transfer to another seat",
            "an einen anderen Platz übergeben",
            "transferir a otro puesto",
            "transférer à un autre poste",
            "transferir para outro posto",
            "передать другому месту",
        ],
        "engineer" => [
            "派给工程师",
            "send to an engineer",
            "an einen Techniker senden",
            "enviar a un ingeniero",
            "envoyer à un ingénieur",
            "enviar a um engenheiro",
            "передать инженеру",
        ],
        "summarise" => ["总结", "summarise", "zusammenfassen", "resumir", "résumer", "resumir", "подвести итог"],
        "close" => [
            "结束或关闭",
            "end or close",
            "beenden oder schließen",
            "finalizar o cerrar",
            "terminer ou fermer",
            "terminar ou fechar",
            "завершить или закрыть",
        ],
        "urge" => ["催单", "urge", "anmahnen", "urgir", "relancer", "insistir", "поторопить"],
        _ => ["评价", "rate", "bewerten", "valorar", "évaluer", "avaliar", "оценить"],
    };
    names[lang.min(6)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_has_one_answer_per_pair_and_closed_is_final_but_for_a_rating() {
        for status in STATUSES {
            for action in ACTIONS {
                let answers = TABLE.iter().filter(|(f, a, _)| *f == status && *a == action).count();
                assert!(answers <= 1, "{status:?} × {action:?} has {answers} answers");
            }
        }
        for action in ACTIONS {
            let allowed = next(Status::Closed, action);
            assert_eq!(allowed.is_some(), action == Action::Rate, "{action:?} on a closed order");
        }
    }
}
