//! Authentication: password hashing and policy, opaque session tokens, login throttling.

pub mod cookie;
pub mod password;
pub mod rights;
pub mod session;
pub mod throttle;
