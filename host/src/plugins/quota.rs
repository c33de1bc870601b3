//! Quotas per enterprise and plugin on what calls keep: records and their bytes, counters,
//! device keys and requests waiting for a decision (the operator's grants, `max_records` …),
//! beside the search and files quotas their capabilities keep exactly.
//!
//! A quota holds what is committed plus what the call writes. The committed totals are read
//! once a call, beside its transaction ([`crate::db::Db::plugin_usage`]), so calls of one
//! enterprise never conflict over them on either engine; what the call writes is counted as it
//! writes it, and counted as new (a rewrite counts its whole size). No call writes more than
//! [`Quota::per_call`] of a kind, so calls running at once overshoot a quota by at most their
//! number (an enterprise's share of the call slots) times that.

use crate::db::plugin_usage::Usage;
use crate::i18n::Msg;
use crate::plugins::installation::Grants;

/// What a quota bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quota {
    Records,
    RecordBytes,
    Counters,
    DeviceKeys,
    WaitingRequests,
    SearchDocuments,
    SearchBytes,
}

impl Quota {
    /// The quotas counted per call (search counts exactly in its own tables).
    const COUNTED: [Quota; 5] =
        [Quota::Records, Quota::RecordBytes, Quota::Counters, Quota::DeviceKeys, Quota::WaitingRequests];

    /// What the operator allows, in the quota's unit (bytes for the sizes).
    pub fn allowed(self, grants: &Grants) -> u64 {
        match self {
            Quota::Records => grants.max_records,
            Quota::RecordBytes => grants.max_records_mib.saturating_mul(1 << 20),
            Quota::Counters => grants.max_counters,
            Quota::DeviceKeys => grants.max_device_keys,
            Quota::WaitingRequests => grants.max_waiting_requests,
            Quota::SearchDocuments => grants.max_search_documents,
            Quota::SearchBytes => grants.max_search_mib.saturating_mul(1 << 20),
        }
    }

    /// The most one call may write of it.
    pub fn per_call(self) -> u64 {
        match self {
            Quota::Records => 100_000,
            Quota::RecordBytes => 64 << 20,
            Quota::Counters => 100_000,
            Quota::DeviceKeys => 10_000,
            Quota::WaitingRequests => 1_000,
            Quota::SearchDocuments => 100_000,
            Quota::SearchBytes => 64 << 20,
        }
    }

    /// The grant that sets it, as an operator writes it in plugins.toml.
    pub fn setting(self) -> &'static str {
        match self {
            Quota::Records => "max_records",
            Quota::RecordBytes => "max_records_mib",
            Quota::Counters => "max_counters",
            Quota::DeviceKeys => "max_device_keys",
            Quota::WaitingRequests => "max_waiting_requests",
            Quota::SearchDocuments => "max_search_documents",
            Quota::SearchBytes => "max_search_mib",
        }
    }

    fn committed(self, usage: &Usage) -> u64 {
        let used = match self {
            Quota::Records => usage.records,
            Quota::RecordBytes => usage.record_bytes,
            Quota::Counters => usage.counters,
            Quota::DeviceKeys => usage.device_keys,
            Quota::WaitingRequests => usage.approvals,
            Quota::SearchDocuments | Quota::SearchBytes => 0,
        };
        u64::try_from(used).unwrap_or(0)
    }

    /// The refusal the user reads, with the limit in the unit the grant is written in.
    pub fn refusal(self, grants: &Grants) -> Msg {
        let (allowed, mib) = match self {
            Quota::RecordBytes => (grants.max_records_mib, true),
            Quota::SearchBytes => (grants.max_search_mib, true),
            other => (other.allowed(grants), false),
        };
        match self {
            Quota::Records => Msg::OverQuota { what: "Stored records", allowed, mib },
            Quota::RecordBytes => Msg::OverQuota { what: "Stored data", allowed, mib },
            Quota::Counters => Msg::OverQuota { what: "Counters", allowed, mib },
            Quota::DeviceKeys => Msg::OverQuota { what: "Device keys", allowed, mib },
            Quota::WaitingRequests => Msg::OverQuota { what: "Requests waiting for a decision", allowed, mib },
            Quota::SearchDocuments => Msg::OverQuota { what: "Indexed documents", allowed, mib },
            Quota::SearchBytes => Msg::OverQuota { what: "Search index data", allowed, mib },
        }
    }
}

/// What one call has written of each counted quota, and the committed totals it started from.
#[derive(Debug, Default)]
pub struct CallUsage {
    committed: Option<Usage>,
    written: [u64; Quota::COUNTED.len()],
}

/// Why a write was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// The enterprise would keep more than the operator allows.
    OverQuota(Quota),
    /// The call would write more than one call may.
    PerCall(Quota),
}

impl Refused {
    /// What the guest reads (the user reads [`Quota::refusal`] when the call ends).
    pub fn explained(self, grants: &Grants) -> String {
        match self {
            Refused::OverQuota(quota) => format!(
                "the enterprise would keep more than the operator allows for this plugin (`{}` = {})",
                quota.setting(),
                quota.allowed(grants)
            ),
            Refused::PerCall(quota) => {
                format!("one call writes at most {} of what `{}` bounds", quota.per_call(), quota.setting())
            }
        }
    }
}

impl CallUsage {
    /// Whether the committed totals are still to be read.
    pub fn needs_committed(&self) -> bool {
        self.committed.is_none()
    }

    pub fn set_committed(&mut self, usage: Usage) {
        self.committed = Some(usage);
    }

    /// Counts the amounts as written if every one fits; nothing is counted otherwise.
    pub fn charge(&mut self, grants: &Grants, amounts: &[(Quota, u64)]) -> Result<(), Refused> {
        let committed = self.committed.unwrap_or_default();
        for &(quota, amount) in amounts {
            let slot = Self::slot(quota);
            let written = self.written[slot].saturating_add(amount);
            if written > quota.per_call() {
                return Err(Refused::PerCall(quota));
            }
            if quota.committed(&committed).saturating_add(written) > quota.allowed(grants) {
                return Err(Refused::OverQuota(quota));
            }
        }
        for &(quota, amount) in amounts {
            let slot = Self::slot(quota);
            self.written[slot] = self.written[slot].saturating_add(amount);
        }
        Ok(())
    }

    fn slot(quota: Quota) -> usize {
        Quota::COUNTED.iter().position(|q| *q == quota).expect("a quota counted per call")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grants() -> Grants {
        Grants { max_records: 10, max_records_mib: 1, ..Grants::default() }
    }

    #[test]
    fn a_call_is_refused_past_what_is_committed_plus_what_it_wrote() {
        let grants = grants();
        let mut usage = CallUsage::default();
        usage.set_committed(Usage { records: 7, ..Usage::default() });
        assert_eq!(usage.charge(&grants, &[(Quota::Records, 2), (Quota::RecordBytes, 100)]), Ok(()));
        assert_eq!(usage.charge(&grants, &[(Quota::Records, 2)]), Err(Refused::OverQuota(Quota::Records)));
        // A refused write counts nothing: one more record still fits.
        assert_eq!(usage.charge(&grants, &[(Quota::Records, 1)]), Ok(()));
        assert_eq!(
            usage.charge(&grants, &[(Quota::Records, 0), (Quota::RecordBytes, 1 << 20)]),
            Err(Refused::OverQuota(Quota::RecordBytes))
        );
    }

    #[test]
    fn one_call_writes_at_most_its_share_whatever_the_quota() {
        let grants = Grants { max_device_keys: u64::MAX, ..Grants::default() };
        let mut usage = CallUsage::default();
        usage.set_committed(Usage::default());
        let most = Quota::DeviceKeys.per_call();
        assert_eq!(usage.charge(&grants, &[(Quota::DeviceKeys, most)]), Ok(()));
        assert_eq!(usage.charge(&grants, &[(Quota::DeviceKeys, 1)]), Err(Refused::PerCall(Quota::DeviceKeys)));
    }

    #[test]
    fn every_quota_names_its_grant_and_has_a_refusal() {
        let grants = Grants::default();
        for quota in [
            Quota::Records,
            Quota::RecordBytes,
            Quota::Counters,
            Quota::DeviceKeys,
            Quota::WaitingRequests,
            Quota::SearchDocuments,
            Quota::SearchBytes,
        ] {
            assert!(quota.allowed(&grants) > 0, "{quota:?}");
            assert!(quota.per_call() <= quota.allowed(&grants), "{quota:?}");
            let refusal = quota.refusal(&grants);
            assert_ne!(refusal.render(crate::i18n::Lang::De), refusal.render(crate::i18n::Lang::En), "{quota:?}");
        }
    }
}
