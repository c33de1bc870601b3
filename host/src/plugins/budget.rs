//! What plugin calls may take of the host at once, per host and per tenant: instance slots and
//! guest memory (`CONSOLE_PLUGIN_MEMORY_MIB`). One tenant holds at most a quarter of the slots and
//! half of the memory, so that another tenant's calls start at once however many of the first are
//! running (24 spinning calls of one tenant put every other tenant at 1.7 s before). A call that
//! calls another plugin takes the callee's memory from the same shares, without waiting (it holds
//! permits already). No call waits for its permits past its own deadline.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::engine::INSTANCE_SLOTS;

/// Calls one tenant may have under way at once: a quarter of the instance slots.
const TENANT_SLOTS: usize = INSTANCE_SLOTS as usize / 4;

/// One tenant's shares.
struct Share {
    slots: Arc<Semaphore>,
    memory: Arc<Semaphore>,
}

pub struct Budget {
    slots: Arc<Semaphore>,
    /// MiB of guest memory the calls under way may take together: 110 concurrent memory-hungry
    /// calls took the host to 4.45 GiB before.
    memory: Arc<Semaphore>,
    memory_mib: u32,
    shares: Mutex<HashMap<i64, Share>>,
}

/// What a call holds while it runs; given back when dropped.
#[derive(Debug)]
pub struct Held {
    _permits: Vec<OwnedSemaphorePermit>,
}

impl Budget {
    pub fn new(memory_mib: u32) -> Budget {
        let memory_mib = memory_mib.max(1);
        Budget {
            slots: Arc::new(Semaphore::new(INSTANCE_SLOTS as usize)),
            memory: Arc::new(Semaphore::new(memory_mib as usize)),
            memory_mib,
            shares: Mutex::default(),
        }
    }

    /// A grant's memory as the budget counts it: one larger than a tenant's share takes all of
    /// it (it would wait forever).
    fn mib_of(&self, grant_mib: u64) -> u32 {
        u32::try_from(grant_mib).unwrap_or(u32::MAX).min(self.tenant_memory_mib())
    }

    /// Half the budget, and at least one MiB.
    fn tenant_memory_mib(&self) -> u32 {
        (self.memory_mib / 2).max(1)
    }

    fn share(&self, tenant: i64) -> (Arc<Semaphore>, Arc<Semaphore>) {
        let mut shares = self.shares.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let share = shares.entry(tenant).or_insert_with(|| Share {
            slots: Arc::new(Semaphore::new(TENANT_SLOTS)),
            memory: Arc::new(Semaphore::new(self.tenant_memory_mib() as usize)),
        });
        (share.slots.clone(), share.memory.clone())
    }

    /// A call's slot and memory, the tenant's share first; `None` when they are not free within
    /// `wait` (the host is busy: 503).
    pub async fn enter(&self, tenant: i64, grant_mib: u64, wait: Duration) -> Option<Held> {
        let mib = self.mib_of(grant_mib);
        let (tenant_slots, tenant_memory) = self.share(tenant);
        let acquired = tokio::time::timeout(wait, async {
            Some(vec![
                tenant_slots.acquire_owned().await.ok()?,
                tenant_memory.acquire_many_owned(mib).await.ok()?,
                self.slots.clone().acquire_owned().await.ok()?,
                self.memory.clone().acquire_many_owned(mib).await.ok()?,
            ])
        })
        .await;
        acquired.ok().flatten().map(|permits| Held { _permits: permits })
    }

    /// The memory of a callee's instance for a call that holds permits already. It waits at
    /// most `wait`: calls that each hold permits and each wait for a callee's could otherwise
    /// wait for one another until their deadlines.
    pub async fn enter_nested(&self, tenant: i64, grant_mib: u64, wait: Duration) -> Option<Held> {
        let mib = self.mib_of(grant_mib);
        let (_, tenant_memory) = self.share(tenant);
        let acquired = tokio::time::timeout(wait, async {
            Some(vec![
                tenant_memory.acquire_many_owned(mib).await.ok()?,
                self.slots.clone().acquire_owned().await.ok()?,
                self.memory.clone().acquire_many_owned(mib).await.ok()?,
            ])
        })
        .await;
        acquired.ok().flatten().map(|permits| Held { _permits: permits })
    }

    /// Memory free in the whole budget now (metrics, tests).
    pub fn free_mib(&self) -> usize {
        self.memory.available_permits()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOON: Duration = Duration::from_millis(50);

    #[tokio::test]
    async fn one_tenant_takes_at_most_half_the_memory_and_another_still_enters() {
        let budget = Budget::new(256);
        let mut held = Vec::new();
        while let Some(call) = budget.enter(1, 64, SOON).await {
            held.push(call);
        }
        assert_eq!(held.len(), 2, "two calls of 64 MiB fill the tenant's 128 MiB");
        assert_eq!(budget.free_mib(), 128);
        assert!(budget.enter(2, 64, SOON).await.is_some(), "another tenant enters at once");
    }

    #[tokio::test]
    async fn a_tenant_has_a_quarter_of_the_slots() {
        let budget = Budget::new(1 << 20);
        let mut held = Vec::new();
        while let Some(call) = budget.enter(1, 1, SOON).await {
            held.push(call);
        }
        assert_eq!(held.len(), TENANT_SLOTS);
        assert!(budget.enter(2, 1, SOON).await.is_some());
    }

    #[tokio::test]
    async fn a_nested_call_counts_against_its_callers_share_and_waits_a_bounded_time() {
        let budget = Budget::new(256);
        let outer = budget.enter(1, 64, SOON).await.expect("outer");
        let inner = budget.enter_nested(1, 64, SOON).await.expect("its callee");
        assert_eq!(budget.free_mib(), 128, "the callee's memory is counted");
        assert!(budget.enter_nested(1, 64, SOON).await.is_none(), "past the tenant's share: refused within the wait");
        drop((outer, inner));
        assert_eq!(budget.free_mib(), 256, "all given back");
    }

    #[test]
    fn a_grant_larger_than_a_share_takes_the_share_not_forever() {
        let budget = Budget::new(100);
        assert_eq!(budget.mib_of(256), 50);
    }
}
