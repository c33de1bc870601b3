//! Which tenant a request acts for.
//!
//! Resolved once per request by the guard from the session and the `tenantId` header:
//! - a platform user (tenant 0) acts for all tenants when the header is absent, `0` or `ALL`
//!   (the selector's all-tenants option), or for the one tenant it names;
//! - a platform user acts for the platform's own records (tenant 0 alone, not every enterprise)
//!   with `platform`: the pages of system configuration that manage the platform's organisation,
//!   roles and accounts send it;
//! - any other user acts for their own tenant only; naming another one is refused with 403.
//!
//! Records created while acting for all tenants belong to the platform itself (tenant 0).

use crate::api::ApiError;
use crate::i18n::Msg;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TenantScope {
    All,
    One(i64),
}

/// What the `tenantId` header asked for, before it is checked against the user.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TenantRequest {
    Unspecified,
    All,
    One(i64),
    /// The platform's own records (tenant 0), for a platform user only.
    Platform,
}

/// The `tenantId` header's value that asks for the platform's own records.
pub const PLATFORM_OWN: &str = "platform";

impl TenantRequest {
    pub fn parse(header: Option<&str>) -> Result<TenantRequest, ApiError> {
        match header.map(str::trim) {
            None | Some("") => Ok(TenantRequest::Unspecified),
            Some(v) if v.eq_ignore_ascii_case("all") || v == "0" => Ok(TenantRequest::All),
            Some(v) if v.eq_ignore_ascii_case(PLATFORM_OWN) => Ok(TenantRequest::Platform),
            Some(v) => v.parse::<i64>().ok().filter(|id| *id > 0).map(TenantRequest::One).ok_or_else(|| {
                ApiError::invalid("tenantId", Msg::Format { field: "tenantId".into(), expected: "an integer" })
            }),
        }
    }
}

impl TenantScope {
    /// The scope a user of `home_tenant` gets for the request; `tenant_exists` is asked only
    /// when a platform user names a tenant.
    pub fn resolve(home_tenant: i64, requested: TenantRequest, tenant_exists: bool) -> Result<TenantScope, ApiError> {
        match (home_tenant, requested) {
            (0, TenantRequest::Unspecified | TenantRequest::All) => Ok(TenantScope::All),
            (0, TenantRequest::One(id)) if tenant_exists => Ok(TenantScope::One(id)),
            (0, TenantRequest::One(_)) => Err(ApiError::invalid("tenantId", Msg::UnknownTenant)),
            (0, TenantRequest::Platform) => Ok(TenantScope::One(0)),
            (own, TenantRequest::Unspecified) => Ok(TenantScope::One(own)),
            (own, TenantRequest::One(id)) if id == own => Ok(TenantScope::One(own)),
            (_, _) => Err(ApiError::Forbidden(Msg::OtherTenant)),
        }
    }

    /// `None` when every tenant's rows are visible.
    pub fn filter(self) -> Option<i64> {
        match self {
            TenantScope::All => None,
            TenantScope::One(id) => Some(id),
        }
    }

    /// The tenant that records created in this scope belong to.
    pub fn owner(self) -> i64 {
        match self {
            TenantScope::All => 0,
            TenantScope::One(id) => id,
        }
    }

    /// Whether a row of `tenant_id` may be read or changed in this scope.
    pub fn covers(self, tenant_id: i64) -> bool {
        match self {
            TenantScope::All => true,
            TenantScope::One(id) => id == tenant_id,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn platform_user_acts_for_all_or_one() {
        assert_eq!(TenantScope::resolve(0, TenantRequest::Unspecified, false).unwrap(), TenantScope::All);
        assert_eq!(TenantScope::resolve(0, TenantRequest::All, false).unwrap(), TenantScope::All);
        assert_eq!(TenantScope::resolve(0, TenantRequest::One(7), true).unwrap(), TenantScope::One(7));
        assert!(TenantScope::resolve(0, TenantRequest::One(7), false).is_err());
        // The platform's own records: tenant 0 alone, and only for a platform user.
        let own = TenantScope::resolve(0, TenantRequest::Platform, false).unwrap();
        assert_eq!((own.filter(), own.owner(), own.covers(0), own.covers(7)), (Some(0), 0, true, false));
    }

    #[test]
    fn tenant_user_is_fixed_to_own_tenant() {
        assert_eq!(TenantScope::resolve(3, TenantRequest::Unspecified, true).unwrap(), TenantScope::One(3));
        assert_eq!(TenantScope::resolve(3, TenantRequest::One(3), true).unwrap(), TenantScope::One(3));
        assert_eq!(TenantScope::resolve(3, TenantRequest::One(4), true).unwrap_err().code(), 403);
        assert_eq!(TenantScope::resolve(3, TenantRequest::All, true).unwrap_err().code(), 403);
        assert_eq!(TenantScope::resolve(3, TenantRequest::Platform, true).unwrap_err().code(), 403);
    }

    #[test]
    fn header_parsing() {
        assert_eq!(TenantRequest::parse(None).unwrap(), TenantRequest::Unspecified);
        assert_eq!(TenantRequest::parse(Some("ALL")).unwrap(), TenantRequest::All);
        assert_eq!(TenantRequest::parse(Some("0")).unwrap(), TenantRequest::All);
        assert_eq!(TenantRequest::parse(Some("12")).unwrap(), TenantRequest::One(12));
        assert_eq!(TenantRequest::parse(Some("platform")).unwrap(), TenantRequest::Platform);
        assert!(TenantRequest::parse(Some("x1")).is_err());
        assert!(TenantRequest::parse(Some("-3")).is_err());
    }
}
