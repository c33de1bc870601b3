//! The firmware package flow, as one table.
//!
//! An uploaded package waits for review in the process centre; once approved it is tested on
//! test devices; a tested package is applied to go online and then awaits official release;
//! release starts a gray rollout, which is paused (by hand, or by itself when too many devices
//! fail), resumed, revoked, or released to every device. A released package is final: it cannot
//! be revoked or deleted. Editing a package's content sends it back to review.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum Status {
    PendingReview,
    Approved,
    PendingTest,
    UnderTest,
    TestComplete,
    PendingRelease,
    InGray,
    GrayPaused,
    Released,
    Unpublished,
    Rejected,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum Action {
    /// The process centre's decisions.
    Approve,
    Reject,
    /// A rejected package, edited, goes back to review.
    Resubmit,
    StartTest,
    CancelTest,
    PassTest,
    FailTest,
    /// Apply to go online.
    Apply,
    CancelApplication,
    /// Confirm release: a pending package starts its gray rollout; a gray one goes to everyone.
    Release,
    Pause,
    Resume,
    /// Revoke release.
    Revoke,
}

pub const STATUSES: [Status; 11] = [
    Status::PendingReview,
    Status::Approved,
    Status::PendingTest,
    Status::UnderTest,
    Status::TestComplete,
    Status::PendingRelease,
    Status::InGray,
    Status::GrayPaused,
    Status::Released,
    Status::Unpublished,
    Status::Rejected,
];

pub const ACTIONS: [Action; 13] = [
    Action::Approve,
    Action::Reject,
    Action::Resubmit,
    Action::StartTest,
    Action::CancelTest,
    Action::PassTest,
    Action::FailTest,
    Action::Apply,
    Action::CancelApplication,
    Action::Release,
    Action::Pause,
    Action::Resume,
    Action::Revoke,
];

/// Every allowed move; anything else is refused.
const TABLE: [(Status, Action, Status); 19] = [
    (Status::PendingReview, Action::Approve, Status::Approved),
    (Status::PendingReview, Action::Reject, Status::Rejected),
    (Status::Rejected, Action::Resubmit, Status::PendingReview),
    (Status::Approved, Action::StartTest, Status::UnderTest),
    (Status::PendingTest, Action::StartTest, Status::UnderTest),
    (Status::UnderTest, Action::CancelTest, Status::PendingTest),
    (Status::UnderTest, Action::PassTest, Status::TestComplete),
    (Status::UnderTest, Action::FailTest, Status::PendingTest),
    (Status::TestComplete, Action::Apply, Status::PendingRelease),
    (Status::PendingRelease, Action::CancelApplication, Status::TestComplete),
    (Status::PendingRelease, Action::Release, Status::InGray),
    (Status::InGray, Action::Release, Status::Released),
    (Status::InGray, Action::Pause, Status::GrayPaused),
    (Status::GrayPaused, Action::Resume, Status::InGray),
    (Status::InGray, Action::Revoke, Status::Unpublished),
    (Status::GrayPaused, Action::Revoke, Status::Unpublished),
    // Editing a package before it is tested or released sends it back to review.
    (Status::Approved, Action::Resubmit, Status::PendingReview),
    (Status::PendingTest, Action::Resubmit, Status::PendingReview),
    (Status::TestComplete, Action::Resubmit, Status::PendingReview),
];

pub fn next(from: Status, action: Action) -> Option<Status> {
    TABLE.iter().find(|(f, a, _)| *f == from && *a == action).map(|(_, _, to)| *to)
}

/// Deleted only where nothing depends on it: not while reviewed, tested, awaiting release or
/// rolling out, and never once released.
pub fn may_delete(status: Status) -> bool {
    matches!(
        status,
        Status::Rejected | Status::Approved | Status::PendingTest | Status::TestComplete | Status::Unpublished
    )
}

/// Its test devices change before and while it is tested.
pub fn may_change_test_devices(status: Status) -> bool {
    matches!(status, Status::Approved | Status::PendingTest | Status::UnderTest | Status::TestComplete)
}

/// Gray ratio, lists, rate and abort rules change until it is released to everyone.
pub fn may_change_rollout(status: Status) -> bool {
    !matches!(status, Status::Released | Status::Unpublished)
}

/// Devices are offered the package: test devices while under test, the gray while rolling out,
/// everyone once released.
pub fn offered(status: Status) -> bool {
    matches!(status, Status::UnderTest | Status::InGray | Status::Released)
}

impl Status {
    pub fn key(self) -> &'static str {
        match self {
            Status::PendingReview => "pendingReview",
            Status::Approved => "approved",
            Status::PendingTest => "pendingTest",
            Status::UnderTest => "underTest",
            Status::TestComplete => "testComplete",
            Status::PendingRelease => "pendingRelease",
            Status::InGray => "inGray",
            Status::GrayPaused => "grayPaused",
            Status::Released => "released",
            Status::Unpublished => "unpublished",
            Status::Rejected => "rejected",
        }
    }

    /// The label the console shows, in zhCn, en, de, es, fr, pt, ru (for messages).
    pub fn labels(self) -> [&'static str; 7] {
        match self {
            Status::PendingReview => [
                "待审核",
                "pending review",
                "Prüfung ausstehend",
                "pendiente de revisión",
                "en attente de revue",
                "a aguardar revisão",
                "ожидает проверки",
            ],
            Status::Approved => ["已审核", "approved", "genehmigt", "aprobado", "approuvé", "aprovado", "одобрен"],
            Status::PendingTest => [
                "待测试",
                "pending test",
                "Test ausstehend",
                "pendiente de prueba",
                "en attente de test",
                "a aguardar teste",
                "ожидает теста",
            ],
            Status::UnderTest => {
                ["测试中", "under test", "im Test", "en prueba", "en test", "em teste", "на тестировании"]
            }
            Status::TestComplete => [
                "测试完成",
                "test complete",
                "Test abgeschlossen",
                "prueba completada",
                "test terminé",
                "teste concluído",
                "тест завершён",
            ],
            Status::PendingRelease => [
                "待上线",
                "awaiting release",
                "Freigabe ausstehend",
                "pendiente de publicación",
                "en attente de publication",
                "a aguardar publicação",
                "ожидает выпуска",
            ],
            Status::InGray => [
                "灰度中",
                "in gray release",
                "in Graufreigabe",
                "en publicación gradual",
                "en déploiement progressif",
                "em publicação gradual",
                "в поэтапном выпуске",
            ],
            Status::GrayPaused => [
                "灰度暂停",
                "gray paused",
                "Graufreigabe pausiert",
                "publicación gradual en pausa",
                "déploiement progressif en pause",
                "publicação gradual em pausa",
                "поэтапный выпуск приостановлен",
            ],
            Status::Released => ["已发布", "released", "freigegeben", "publicado", "publié", "publicado", "выпущен"],
            Status::Unpublished => {
                ["已下线", "unpublished", "zurückgezogen", "retirado", "retiré", "retirado", "снят с выпуска"]
            }
            Status::Rejected => ["已驳回", "rejected", "abgelehnt", "rechazado", "rejeté", "rejeitado", "отклонён"],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every (status, action) pair: exactly the table's moves are allowed.
    #[test]
    fn every_pair_follows_the_table() {
        let expected = |from: Status, action: Action| -> Option<Status> {
            use Action as A;
            use Status as S;
            match (from, action) {
                (S::PendingReview, A::Approve) => Some(S::Approved),
                (S::PendingReview, A::Reject) => Some(S::Rejected),
                (S::Rejected | S::Approved | S::PendingTest | S::TestComplete, A::Resubmit) => Some(S::PendingReview),
                (S::Approved | S::PendingTest, A::StartTest) => Some(S::UnderTest),
                (S::UnderTest, A::CancelTest | A::FailTest) => Some(S::PendingTest),
                (S::UnderTest, A::PassTest) => Some(S::TestComplete),
                (S::TestComplete, A::Apply) => Some(S::PendingRelease),
                (S::PendingRelease, A::CancelApplication) => Some(S::TestComplete),
                (S::PendingRelease, A::Release) => Some(S::InGray),
                (S::InGray, A::Release) => Some(S::Released),
                (S::InGray, A::Pause) => Some(S::GrayPaused),
                (S::GrayPaused, A::Resume) => Some(S::InGray),
                (S::InGray | S::GrayPaused, A::Revoke) => Some(S::Unpublished),
                _ => None,
            }
        };
        let mut allowed = 0;
        for from in STATUSES {
            for action in ACTIONS {
                assert_eq!(next(from, action), expected(from, action), "{from:?} + {action:?}");
                allowed += usize::from(next(from, action).is_some());
            }
        }
        assert_eq!(allowed, TABLE.len());
    }

    #[test]
    fn a_released_package_is_final() {
        for action in ACTIONS {
            assert_eq!(next(Status::Released, action), None, "{action:?}");
        }
        assert!(!may_delete(Status::Released) && !may_change_rollout(Status::Released));
    }

    #[test]
    fn nothing_waiting_or_rolling_out_is_deleted() {
        for status in
            [Status::PendingReview, Status::UnderTest, Status::PendingRelease, Status::InGray, Status::GrayPaused]
        {
            assert!(!may_delete(status), "{status:?}");
        }
        for status in
            [Status::Rejected, Status::Approved, Status::PendingTest, Status::TestComplete, Status::Unpublished]
        {
            assert!(may_delete(status), "{status:?}");
        }
    }

    #[test]
    fn keys_match_the_serialised_names() {
        for status in STATUSES {
            assert_eq!(serde_json::to_value(status).expect("json"), serde_json::json!(status.key()));
        }
    }
}
