//! Authentication: password hashing and policy, opaque session tokens, login throttling, and the
//! guard's short-lived memory of callers.

pub mod cache;
pub mod cookie;
pub mod password;
pub mod rights;
pub mod session;
pub mod throttle;
