//! The app package flow, as one table.
//!
//! An uploaded package is under development; it is submitted to test, and the test passes
//! (with a report and a conclusion) or fails back to development; a passed package is submitted
//! for review in the process centre, which passes it (reviewed) or returns it to development. A
//! reviewed package is released at a time later than now; until then the release may be
//! cancelled, and once out it may be revoked (and released again). A package is discarded for
//! good, or deleted and restored.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum AppStatus {
    Development,
    Testing,
    /// The test passed: ready for review.
    Tested,
    UnderReview,
    Reviewed,
    Discarded,
}

/// Where a reviewed package stands with its users.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum Publication {
    Unpublished,
    /// Released at `releaseAt`, still ahead.
    Scheduled,
    Published,
    Revoked,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum AppAction {
    SubmitTest,
    PassTest,
    FailTest,
    SubmitReview,
    /// The process centre's decisions.
    Approve,
    Return,
    Release,
    CancelRelease,
    Revoke,
    Discard,
}

pub const APP_STATUSES: [AppStatus; 6] = [
    AppStatus::Development,
    AppStatus::Testing,
    AppStatus::Tested,
    AppStatus::UnderReview,
    AppStatus::Reviewed,
    AppStatus::Discarded,
];

pub const PUBLICATIONS: [Publication; 4] =
    [Publication::Unpublished, Publication::Scheduled, Publication::Published, Publication::Revoked];

pub const APP_ACTIONS: [AppAction; 10] = [
    AppAction::SubmitTest,
    AppAction::PassTest,
    AppAction::FailTest,
    AppAction::SubmitReview,
    AppAction::Approve,
    AppAction::Return,
    AppAction::Release,
    AppAction::CancelRelease,
    AppAction::Revoke,
    AppAction::Discard,
];

type State = (AppStatus, Publication);

/// Every allowed move of (status, publication); anything else is refused.
pub fn next(from: State, action: AppAction) -> Option<State> {
    use AppAction as A;
    use AppStatus as S;
    use Publication as P;
    let (status, publication) = from;
    let to = match (status, publication, action) {
        (S::Development, P::Unpublished, A::SubmitTest) => (S::Testing, P::Unpublished),
        (S::Testing, P::Unpublished, A::PassTest) => (S::Tested, P::Unpublished),
        (S::Testing, P::Unpublished, A::FailTest) => (S::Development, P::Unpublished),
        (S::Tested, P::Unpublished, A::SubmitReview) => (S::UnderReview, P::Unpublished),
        (S::UnderReview, P::Unpublished, A::Approve) => (S::Reviewed, P::Unpublished),
        (S::UnderReview, P::Unpublished, A::Return) => (S::Development, P::Unpublished),
        (S::Reviewed, P::Unpublished | P::Revoked, A::Release) => (S::Reviewed, P::Scheduled),
        (S::Reviewed, P::Scheduled, A::CancelRelease) => (S::Reviewed, P::Unpublished),
        (S::Reviewed, P::Published, A::Revoke) => (S::Reviewed, P::Revoked),
        // Anything not out with users may be discarded; discarded is final.
        (S::Development | S::Testing | S::Tested, P::Unpublished, A::Discard)
        | (S::Reviewed, P::Unpublished | P::Revoked, A::Discard) => (S::Discarded, publication),
        _ => return None,
    };
    Some(to)
}

/// Deleted (and restored) while not waiting for a review or out with users.
pub fn may_delete(from: State) -> bool {
    !matches!(from, (AppStatus::UnderReview, _) | (_, Publication::Scheduled | Publication::Published))
}

/// Edited while under development only.
pub fn may_edit(from: State) -> bool {
    from == (AppStatus::Development, Publication::Unpublished)
}

impl AppStatus {
    /// The label in zhCn, en, de, es, fr, pt, ru (under development, testing, under review,
    /// reviewed, discarded; and tested).
    pub fn labels(self) -> [&'static str; 7] {
        match self {
            AppStatus::Development => [
                "开发中",
                "under development",
                "in Entwicklung",
                "en desarrollo",
                "en développement",
                "em desenvolvimento",
                "в разработке",
            ],
            AppStatus::Testing => {
                ["测试中", "testing", "im Test", "en prueba", "en test", "em teste", "на тестировании"]
            }
            AppStatus::Tested => [
                "测试通过",
                "test passed",
                "Test bestanden",
                "prueba superada",
                "test réussi",
                "teste aprovado",
                "тест пройден",
            ],
            AppStatus::UnderReview => {
                ["审核中", "under review", "in Prüfung", "en revisión", "en revue", "em revisão", "на проверке"]
            }
            AppStatus::Reviewed => ["已审核", "reviewed", "geprüft", "revisado", "revu", "revisto", "проверен"],
            AppStatus::Discarded => {
                ["已废弃", "discarded", "verworfen", "descartado", "abandonné", "descartado", "отбракован"]
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every (status, publication, action): exactly the listed moves.
    #[test]
    fn every_pair_follows_the_table() {
        use AppAction as A;
        use AppStatus as S;
        use Publication as P;
        let allowed: [(State, AppAction, State); 12] = [
            ((S::Development, P::Unpublished), A::SubmitTest, (S::Testing, P::Unpublished)),
            ((S::Testing, P::Unpublished), A::PassTest, (S::Tested, P::Unpublished)),
            ((S::Testing, P::Unpublished), A::FailTest, (S::Development, P::Unpublished)),
            ((S::Tested, P::Unpublished), A::SubmitReview, (S::UnderReview, P::Unpublished)),
            ((S::UnderReview, P::Unpublished), A::Approve, (S::Reviewed, P::Unpublished)),
            ((S::UnderReview, P::Unpublished), A::Return, (S::Development, P::Unpublished)),
            ((S::Reviewed, P::Unpublished), A::Release, (S::Reviewed, P::Scheduled)),
            ((S::Reviewed, P::Revoked), A::Release, (S::Reviewed, P::Scheduled)),
            ((S::Reviewed, P::Scheduled), A::CancelRelease, (S::Reviewed, P::Unpublished)),
            ((S::Reviewed, P::Published), A::Revoke, (S::Reviewed, P::Revoked)),
            ((S::Reviewed, P::Unpublished), A::Discard, (S::Discarded, P::Unpublished)),
            ((S::Reviewed, P::Revoked), A::Discard, (S::Discarded, P::Revoked)),
        ];
        let discard_early = [S::Development, S::Testing, S::Tested];
        let mut count = 0;
        for status in APP_STATUSES {
            for publication in PUBLICATIONS {
                for action in APP_ACTIONS {
                    let from = (status, publication);
                    let expected = allowed
                        .iter()
                        .find(|(f, a, _)| *f == from && *a == action)
                        .map(|(_, _, to)| *to)
                        .or_else(|| {
                            (action == A::Discard && publication == P::Unpublished && discard_early.contains(&status))
                                .then_some((S::Discarded, P::Unpublished))
                        });
                    assert_eq!(next(from, action), expected, "{from:?} + {action:?}");
                    count += usize::from(expected.is_some());
                }
            }
        }
        assert_eq!(count, 15);
    }

    #[test]
    fn what_is_out_with_users_or_waiting_is_neither_deleted_nor_discarded() {
        use AppStatus as S;
        use Publication as P;
        for from in [(S::Reviewed, P::Published), (S::Reviewed, P::Scheduled), (S::UnderReview, P::Unpublished)] {
            assert!(!may_delete(from), "{from:?}");
            assert_eq!(next(from, AppAction::Discard), None, "{from:?}");
        }
        for status in APP_STATUSES {
            for action in APP_ACTIONS {
                assert_eq!(next((S::Discarded, P::Unpublished), action), None, "discarded is final: {status:?}");
            }
        }
        assert!(may_edit((S::Development, P::Unpublished)) && !may_edit((S::Tested, P::Unpublished)));
    }
}
