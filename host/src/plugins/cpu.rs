//! Fair shares of CPU between tenants' plugin calls.
//!
//! A guest yields to tokio at every epoch tick; that alone let four busy loops of one tenant
//! raise another tenant's p50 from 2 to 499 ms, since every await of the other tenant's call
//! queued behind a full slice of each loop. Here a call runs its first ticks freely (light calls,
//! nearly all of them, never wait); past them it needs a *turn* for each further slice:
//! - at most `turns` long-running guests run at once (one core fewer than the machine has), so
//!   the rest of the host always has a worker;
//! - each tenant has at most `tenant_turns` of them, waiting or running, so the turns go round
//!   the tenants (the global queue is first in, first out) and not round the calls.

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Ticks a call runs before it needs turns (at 10 ms a tick, a call that ran guest code in
/// three slices is not a light call).
pub const FREE_TICKS: u32 = 2;

/// The turn a call holds for its current slice, if any: given back at its next tick.
pub type HeldTurn = Arc<Mutex<Option<(OwnedSemaphorePermit, OwnedSemaphorePermit)>>>;

pub struct CpuGate {
    turns: Arc<Semaphore>,
    tenant_turns: usize,
    tenants: Mutex<HashMap<i64, Arc<Semaphore>>>,
}

impl CpuGate {
    /// Turns for a machine of `cores` cores: one core is left to everything else.
    pub fn for_cores(cores: usize) -> CpuGate {
        let turns = cores.saturating_sub(1).max(1);
        CpuGate { turns: Arc::new(Semaphore::new(turns)), tenant_turns: (turns / 2).max(1), tenants: Mutex::default() }
    }

    pub fn for_this_machine() -> CpuGate {
        Self::for_cores(std::thread::available_parallelism().map_or(2, usize::from))
    }

    /// Gives back the turn `held` (if any) and waits for the tenant's next one, leaving it in
    /// `held`. Waiting ends at `deadline` without a turn: the call is then stopped at its next
    /// tick, not kept queued past its deadline.
    pub fn next_turn(
        &self,
        tenant: i64,
        held: HeldTurn,
        deadline: Instant,
    ) -> Pin<Box<dyn Future<Output = ()> + Send>> {
        drop(held.lock().unwrap_or_else(PoisonError::into_inner).take());
        let tenant_turns = self.tenant(tenant);
        let turns = self.turns.clone();
        Box::pin(async move {
            let wait = async {
                let mine = tenant_turns.acquire_owned().await.ok()?;
                let global = turns.acquire_owned().await.ok()?;
                Some((mine, global))
            };
            if let Ok(Some(turn)) = tokio::time::timeout_at(deadline.into(), wait).await {
                *held.lock().unwrap_or_else(PoisonError::into_inner) = Some(turn);
            }
        })
    }

    /// Gives back the turn `held` before the call waits on something other than the CPU (an
    /// outbound request): it takes its place in the queue again at its next tick.
    pub fn release(held: &HeldTurn) {
        drop(held.lock().unwrap_or_else(PoisonError::into_inner).take());
    }

    fn tenant(&self, tenant: i64) -> Arc<Semaphore> {
        let mut tenants = self.tenants.lock().unwrap_or_else(PoisonError::into_inner);
        tenants.entry(tenant).or_insert_with(|| Arc::new(Semaphore::new(self.tenant_turns))).clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn holds(turn: &HeldTurn) -> bool {
        turn.lock().unwrap().is_some()
    }

    #[tokio::test]
    async fn turns_go_round_the_tenants_not_the_calls() {
        let gate = CpuGate::for_cores(2);
        let far = Instant::now() + Duration::from_secs(5);
        let (a1, a2, b1): (HeldTurn, HeldTurn, HeldTurn) = Default::default();
        gate.next_turn(1, a1.clone(), far).await;
        assert!(holds(&a1), "a free gate gives a turn at once");

        // Tenant 1 has a second call waiting, then tenant 2 one.
        let a2_waits = tokio::spawn(gate.next_turn(1, a2.clone(), far));
        tokio::time::sleep(Duration::from_millis(20)).await;
        let b1_waits = tokio::spawn(gate.next_turn(2, b1.clone(), far));
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert!(!holds(&a2) && !holds(&b1), "one turn at a time");

        // Tenant 1's first call ends its slice and queues again: tenant 2 runs next, then
        // tenant 1's second call, then its first.
        let a1_waits = tokio::spawn(gate.next_turn(1, a1.clone(), far));
        b1_waits.await.unwrap();
        assert!(holds(&b1) && !holds(&a2), "tenant 2 is not starved by tenant 1's many calls");
        CpuGate::release(&b1);
        a2_waits.await.unwrap();
        assert!(holds(&a2));
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert!(!a1_waits.is_finished(), "tenant 1 has one turn at a time");
        CpuGate::release(&a2);
        a1_waits.await.unwrap();
        assert!(holds(&a1));
    }

    #[tokio::test]
    async fn waiting_ends_at_the_deadline() {
        let gate = CpuGate::for_cores(1);
        let holder: HeldTurn = Arc::default();
        gate.next_turn(1, holder.clone(), Instant::now() + Duration::from_secs(5)).await;
        let late: HeldTurn = Arc::default();
        let started = Instant::now();
        gate.next_turn(2, late.clone(), Instant::now() + Duration::from_millis(50)).await;
        assert!(late.lock().unwrap().is_none(), "no turn past the deadline");
        assert!(started.elapsed() < Duration::from_secs(1));
    }
}
