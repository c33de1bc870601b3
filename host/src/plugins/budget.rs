//! What plugin calls may take of the host at once, per host and per tenant: instance slots and
//! guest memory (`CONSOLE_PLUGIN_MEMORY_MIB`). One tenant holds at most a quarter of the slots and
//! half of the memory, so that another tenant's calls start at once however many of the first are
//! running (24 spinning calls of one tenant put every other tenant at 1.7 s before). A call that
//! calls another plugin takes the callee's memory from the same shares (it holds permits already).
//! Calls that come in from outside may fill only three quarters of each share and of the host's
//! slots and memory: the last quarter is for the plugin-to-plugin calls they make, which would
//! otherwise wait for permits their own callers hold (64 device activations of one enterprise at
//! once, each asking the product plugin, failed every nested call). No call waits for its
//! permits past its own deadline.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::engine::INSTANCE_SLOTS;

/// Calls one tenant may have under way at once: a quarter of the instance slots.
const TENANT_SLOTS: usize = INSTANCE_SLOTS as usize / 4;

/// The part of a pool that calls from outside may hold; the rest waits for their callees.
fn outer_part(whole: usize) -> usize {
    (whole - whole / 4).max(1)
}

/// A pool of permits, and the part of it calls from outside may take.
#[derive(Clone)]
struct Pool {
    whole: Arc<Semaphore>,
    outer: Arc<Semaphore>,
    outer_capacity: u32,
}

impl Pool {
    fn new(capacity: usize) -> Pool {
        let outer = outer_part(capacity);
        Pool {
            whole: Arc::new(Semaphore::new(capacity)),
            outer: Arc::new(Semaphore::new(outer)),
            outer_capacity: u32::try_from(outer).unwrap_or(u32::MAX),
        }
    }

    /// `n` permits for a call from outside: from its part, then from the whole.
    async fn outer(&self, n: u32, into: &mut Vec<OwnedSemaphorePermit>) -> Option<()> {
        into.push(self.outer.clone().acquire_many_owned(n.min(self.outer_capacity)).await.ok()?);
        into.push(self.whole.clone().acquire_many_owned(n).await.ok()?);
        Some(())
    }

    /// `n` permits for a callee: from the whole.
    async fn nested(&self, n: u32, into: &mut Vec<OwnedSemaphorePermit>) -> Option<()> {
        into.push(self.whole.clone().acquire_many_owned(n).await.ok()?);
        Some(())
    }
}

/// One tenant's shares.
struct Share {
    slots: Pool,
    memory: Pool,
}

pub struct Budget {
    slots: Pool,
    /// MiB of guest memory the calls under way may take together: 110 concurrent memory-hungry
    /// calls took the host to 4.45 GiB before.
    memory: Pool,
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
            slots: Pool::new(INSTANCE_SLOTS as usize),
            memory: Pool::new(memory_mib as usize),
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

    fn share(&self, tenant: i64) -> (Pool, Pool) {
        let mut shares = self.shares.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let share = shares.entry(tenant).or_insert_with(|| Share {
            slots: Pool::new(TENANT_SLOTS),
            memory: Pool::new(self.tenant_memory_mib() as usize),
        });
        (share.slots.clone(), share.memory.clone())
    }

    /// A call's slot and memory, the tenant's share first; `None` when they are not free within
    /// `wait` (the host is busy: 503).
    pub async fn enter(&self, tenant: i64, grant_mib: u64, wait: Duration) -> Option<Held> {
        let mib = self.mib_of(grant_mib);
        let (tenant_slots, tenant_memory) = self.share(tenant);
        let acquired = tokio::time::timeout(wait, async {
            let mut permits = Vec::with_capacity(8);
            tenant_slots.outer(1, &mut permits).await?;
            tenant_memory.outer(mib, &mut permits).await?;
            self.slots.outer(1, &mut permits).await?;
            self.memory.outer(mib, &mut permits).await?;
            Some(permits)
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
            let mut permits = Vec::with_capacity(3);
            tenant_memory.nested(mib, &mut permits).await?;
            self.slots.nested(1, &mut permits).await?;
            self.memory.nested(mib, &mut permits).await?;
            Some(permits)
        })
        .await;
        acquired.ok().flatten().map(|permits| Held { _permits: permits })
    }

    /// Memory free in the whole budget now (metrics, tests).
    pub fn free_mib(&self) -> usize {
        self.memory.whole.available_permits()
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
        assert_eq!(held.len(), 1, "calls from outside fill three quarters of the tenant's 128 MiB");
        assert_eq!(budget.free_mib(), 192);
        assert!(budget.enter(2, 64, SOON).await.is_some(), "another tenant enters at once");
    }

    #[tokio::test]
    async fn a_tenant_has_a_quarter_of_the_slots() {
        let budget = Budget::new(1 << 20);
        let mut held = Vec::new();
        while let Some(call) = budget.enter(1, 1, SOON).await {
            held.push(call);
        }
        assert_eq!(held.len(), outer_part(TENANT_SLOTS));
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

    #[tokio::test]
    async fn calls_from_outside_that_fill_their_share_leave_room_for_their_callees() {
        let budget = Budget::new(1024);
        let mut callers = Vec::new();
        while let Some(call) = budget.enter(1, 64, SOON).await {
            callers.push(call);
        }
        assert_eq!(callers.len(), 6, "three quarters of the tenant's 512 MiB");
        let callees = futures_util::future::join_all((0..2).map(|_| budget.enter_nested(1, 64, SOON))).await;
        assert!(callees.iter().all(Option::is_some), "the callers' callees still run");
    }

    #[test]
    fn a_grant_larger_than_a_share_takes_the_share_not_forever() {
        let budget = Budget::new(100);
        assert_eq!(budget.mib_of(256), 50);
    }
}
