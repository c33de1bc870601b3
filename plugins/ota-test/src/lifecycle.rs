//! The stress-test task's states and actions: in progress, completed, paused, terminated;
//! restart, pause, terminate. Every pair is in one
//! table; a refused pair names why.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum Status {
    Running,
    Paused,
    Completed,
    Terminated,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum Action {
    /// Resumes a paused task.
    Restart,
    Pause,
    Terminate,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    AlreadyRunning,
    AlreadyPaused,
    /// A paused task cannot be terminated: "Mission paused, cannot be terminated".
    PausedCannotTerminate,
    Finished,
}

use Action::*;
use Status::*;

/// Every (state, action) pair and its outcome.
pub const TRANSITIONS: [(Status, Action, Result<Status, Refusal>); 12] = [
    (Running, Restart, Err(Refusal::AlreadyRunning)),
    (Running, Pause, Ok(Paused)),
    (Running, Terminate, Ok(Terminated)),
    (Paused, Restart, Ok(Running)),
    (Paused, Pause, Err(Refusal::AlreadyPaused)),
    (Paused, Terminate, Err(Refusal::PausedCannotTerminate)),
    (Completed, Restart, Err(Refusal::Finished)),
    (Completed, Pause, Err(Refusal::Finished)),
    (Completed, Terminate, Err(Refusal::Finished)),
    (Terminated, Restart, Err(Refusal::Finished)),
    (Terminated, Pause, Err(Refusal::Finished)),
    (Terminated, Terminate, Err(Refusal::Finished)),
];

pub fn apply(status: Status, action: Action) -> Result<Status, Refusal> {
    TRANSITIONS
        .iter()
        .find(|(from, act, _)| *from == status && *act == action)
        .map(|(_, _, outcome)| *outcome)
        .expect("the table has every pair")
}

impl Status {
    pub fn finished(self) -> bool {
        matches!(self, Completed | Terminated)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_has_each_pair_once() {
        for status in [Running, Paused, Completed, Terminated] {
            for action in [Restart, Pause, Terminate] {
                let count = TRANSITIONS.iter().filter(|(s, a, _)| *s == status && *a == action).count();
                assert_eq!(count, 1, "{status:?} {action:?}");
            }
        }
    }

    #[test]
    fn every_pair_has_the_specified_outcome() {
        let expected = [
            (Running, Restart, Err(Refusal::AlreadyRunning)),
            (Running, Pause, Ok(Paused)),
            (Running, Terminate, Ok(Terminated)),
            (Paused, Restart, Ok(Running)),
            (Paused, Pause, Err(Refusal::AlreadyPaused)),
            (Paused, Terminate, Err(Refusal::PausedCannotTerminate)),
            (Completed, Restart, Err(Refusal::Finished)),
            (Completed, Pause, Err(Refusal::Finished)),
            (Completed, Terminate, Err(Refusal::Finished)),
            (Terminated, Restart, Err(Refusal::Finished)),
            (Terminated, Pause, Err(Refusal::Finished)),
            (Terminated, Terminate, Err(Refusal::Finished)),
        ];
        for (status, action, outcome) in expected {
            assert_eq!(apply(status, action), outcome, "{status:?} {action:?}");
        }
    }
}
