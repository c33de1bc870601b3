//! Families (smartHome): a family's rooms and its members, each with one identity. A family has
//! exactly one administrator: making a member the administrator hands the role over (the former one
//! becomes an ordinary member), and the administrator can neither lose the role nor leave any other
//! way. The rules live on [`Family`], so one document update (with its version) keeps them whatever
//! runs alongside.

use console_plugin_sdk::describe::{MODE, PAGING, QueryParam};
use console_plugin_sdk::validate;
use console_plugin_sdk::{Call, Collection, Doc, Message, PluginError, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

pub const ADMINISTRATOR: &str = "administrator";
pub const MEMBER: &str = "member";
pub const SHARED: &str = "shared";
/// Invited, not yet confirmed: sees nothing of the family until confirmed.
pub const PENDING: &str = "pending";
pub const TOURIST: &str = "tourist";
pub const IDENTITIES: [&str; 5] = [ADMINISTRATOR, MEMBER, SHARED, PENDING, TOURIST];

pub const ROOM_TYPES: [&str; 8] =
    ["living-room", "bedroom", "kitchen", "bathroom", "study", "dining-room", "balcony", "other"];

pub const MAX_MEMBERS: usize = 50;
pub const MAX_ROOMS: usize = 64;
const NAME_MAX: usize = 32;

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Room {
    pub room_id: String,
    pub name: String,
    /// One of [`ROOM_TYPES`].
    pub room_type: String,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Member {
    /// The app user's account.
    pub account: String,
    pub nickname: String,
    /// One of [`IDENTITIES`].
    pub identity: String,
    pub joined_at: i64,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Family {
    pub name: String,
    /// What the administrator gives to share the family: random, not the family's ID.
    pub sharing_id: String,
    pub rooms: Vec<Room>,
    pub members: Vec<Member>,
    /// The administrator's account, kept beside the members for the list's search.
    pub administrator: String,
    /// `,a,b,`: the members' accounts, for "the families of an app user".
    pub accounts: String,
    /// Numbers the rooms: a deleted room's ID is never given again.
    pub rooms_made: u32,
}

fn texts(texts: [&str; 7]) -> [String; 7] {
    texts.map(str::to_string)
}

/// "A family has exactly one administrator."
pub fn one_administrator() -> PluginError {
    PluginError::localized(
        409,
        Some("identity"),
        texts([
            "每个家庭有且只有一位管理员：请先把管理员身份转给其他成员",
            "A family has exactly one administrator: make another member its administrator first.",
            "Eine Familie hat genau einen Administrator: Machen Sie zuerst ein anderes Mitglied zum Administrator.",
            "Una familia tiene exactamente un administrador: haga primero administrador a otro miembro.",
            "Une famille a exactement un administrateur : nommez d’abord un autre membre administrateur.",
            "Uma família tem exatamente um administrador: torne primeiro outro membro administrador.",
            "У семьи ровно один администратор: сначала назначьте администратором другого участника.",
        ]),
    )
}

impl Family {
    /// A new family with its administrator.
    pub fn new(name: &str, administrator: Member, sharing_id: String) -> PluginResult<Family> {
        let mut family = Family { sharing_id, ..Family::default() };
        family.rename(name)?;
        let admin = Member { identity: ADMINISTRATOR.into(), ..administrator };
        family.members.push(checked_member(admin)?);
        family.reindex();
        Ok(family)
    }

    pub fn rename(&mut self, name: &str) -> PluginResult<()> {
        self.name = validate::required("name", name, NAME_MAX)?;
        Ok(())
    }

    fn member_index(&self, account: &str) -> PluginResult<usize> {
        self.members.iter().position(|m| m.account == account).ok_or_else(PluginError::not_found)
    }

    pub fn member(&self, account: &str) -> Option<&Member> {
        self.members.iter().find(|m| m.account == account)
    }

    /// Adds a member with any identity but administrator (the role is handed over, not added).
    pub fn add_member(&mut self, member: Member) -> PluginResult<()> {
        let member = checked_member(member)?;
        if member.identity == ADMINISTRATOR {
            return Err(one_administrator());
        }
        if self.member(&member.account).is_some() {
            return Err(PluginError::invalid("account", Message::Duplicate { fields: vec!["account".into()] }));
        }
        if self.members.len() >= MAX_MEMBERS {
            return Err(PluginError::invalid(
                "account",
                Message::TooMany { field: "members".into(), max: MAX_MEMBERS },
            ));
        }
        self.members.push(member);
        self.reindex();
        Ok(())
    }

    /// Gives a member an identity. Making one the administrator hands the role over: the former
    /// administrator becomes an ordinary member. The administrator cannot simply drop the role.
    pub fn set_identity(&mut self, account: &str, identity: &str) -> PluginResult<()> {
        let identity = validate::one_of("identity", identity, &IDENTITIES)?;
        let index = self.member_index(account)?;
        let current = self.members[index].identity.clone();
        if current == identity {
            return Ok(());
        }
        if current == ADMINISTRATOR {
            return Err(one_administrator());
        }
        if identity == ADMINISTRATOR {
            for member in self.members.iter_mut().filter(|m| m.identity == ADMINISTRATOR) {
                member.identity = MEMBER.into();
            }
        }
        self.members[index].identity = identity;
        self.reindex();
        Ok(())
    }

    /// Removes a member; the administrator stays while the family exists.
    pub fn remove_member(&mut self, account: &str) -> PluginResult<Member> {
        let index = self.member_index(account)?;
        if self.members[index].identity == ADMINISTRATOR {
            return Err(one_administrator());
        }
        let member = self.members.remove(index);
        self.reindex();
        Ok(member)
    }

    /// May this account bind devices to the family? The administrator and ordinary members.
    pub fn may_bind(&self, account: &str) -> bool {
        self.member(account).is_some_and(|m| m.identity == ADMINISTRATOR || m.identity == MEMBER)
    }

    pub fn add_room(&mut self, name: &str, room_type: &str) -> PluginResult<Room> {
        if self.rooms.len() >= MAX_ROOMS {
            return Err(PluginError::invalid("name", Message::TooMany { field: "rooms".into(), max: MAX_ROOMS }));
        }
        self.rooms_made += 1;
        let room = Room { room_id: format!("r{}", self.rooms_made), ..Room::default() };
        self.rooms.push(room);
        let id = self.rooms.last().map(|r| r.room_id.clone()).unwrap_or_default();
        self.edit_room(&id, name, room_type).inspect_err(|_| {
            self.rooms.pop();
        })
    }

    pub fn edit_room(&mut self, room_id: &str, name: &str, room_type: &str) -> PluginResult<Room> {
        let name = validate::required("name", name, NAME_MAX)?;
        let room_type = validate::one_of("roomType", room_type, &ROOM_TYPES)?;
        if self.rooms.iter().any(|r| r.room_id != room_id && r.name == name) {
            return Err(PluginError::invalid("name", Message::Duplicate { fields: vec!["name".into()] }));
        }
        let room = self.rooms.iter_mut().find(|r| r.room_id == room_id).ok_or_else(PluginError::not_found)?;
        room.name = name;
        room.room_type = room_type;
        Ok(room.clone())
    }

    pub fn delete_room(&mut self, room_id: &str) -> PluginResult<()> {
        let before = self.rooms.len();
        self.rooms.retain(|r| r.room_id != room_id);
        if self.rooms.len() == before {
            return Err(PluginError::not_found());
        }
        Ok(())
    }

    fn reindex(&mut self) {
        self.administrator =
            self.members.iter().find(|m| m.identity == ADMINISTRATOR).map(|m| m.account.clone()).unwrap_or_default();
        let accounts: Vec<&str> = self.members.iter().map(|m| m.account.as_str()).collect();
        self.accounts = format!(",{},", accounts.join(","));
    }
}

/// An app user's account: letters, digits and `@._+-`, as phone numbers and e-mail addresses are.
pub fn account_of(field: &str, text: &str) -> PluginResult<String> {
    let account = validate::required(field, text, 64)?;
    if !account.chars().all(|c| c.is_ascii_alphanumeric() || "@._+-".contains(c)) {
        return Err(PluginError::format_values(field, "A-Z a-z 0-9 @ . _ + -"));
    }
    Ok(account)
}

fn checked_member(member: Member) -> PluginResult<Member> {
    Ok(Member {
        account: account_of("account", &member.account)?,
        nickname: validate::optional("nickname", &member.nickname, NAME_MAX)?,
        identity: validate::one_of("identity", &member.identity, &IDENTITIES)?,
        joined_at: member.joined_at,
    })
}

pub const FAMILIES: Collection<Family> = Collection::new("families");

pub fn find(call: &mut Call<'_>, id: &str) -> PluginResult<Doc<Family>> {
    FAMILIES.find(call.host, id)
}

/// What the administrator shares: random, never the family's ID.
fn sharing_id() -> PluginResult<String> {
    console_plugin_sdk::random::token(8)
}

pub const LIST_QUERY: [QueryParam; 6] = [
    QueryParam::text("name", "Searched in the search mode."),
    QueryParam::text("account", "The families this app user is a member of."),
    QueryParam::text("sharingId", "The family with this sharing ID."),
    PAGING[0],
    PAGING[1],
    MODE,
];

pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let mut query = Query::new()
        .search("name", call.query("name"), call.search_mode())
        .eq_opt("sharingId", call.query("sharingId"));
    if let Some(account) = call.query("account").filter(|a| !a.trim().is_empty()) {
        query = query.contains("accounts", &format!(",{},", account.trim()));
    }
    let query = query.paged_by(call)?;
    Ok(json!(FAMILIES.query(call.host, &query)?))
}

pub fn detail(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    Ok(json!(find(call, &id)?))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct FamilyInput {
    pub name: String,
    /// The administrator, when the family is made.
    pub account: String,
    pub nickname: String,
}

pub fn create(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: FamilyInput = call.body()?;
    let now = call.host.now_ms();
    let admin = Member { account: input.account, nickname: input.nickname, joined_at: now, ..Member::default() };
    let family = Family::new(&input.name, admin, sharing_id()?)?;
    let saved = FAMILIES.insert(call.host, &family)?;
    call.host.audit("Family created", &saved.id);
    Ok(json!(saved))
}

/// Loads the family, applies `change` and saves it at the version the caller read (the page's
/// `version` when it sent one, so an edit on a stale page is refused, not merged).
fn change_family<T>(
    call: &mut Call<'_>,
    what: &str,
    change: impl FnOnce(&mut Family, i64) -> PluginResult<T>,
) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let doc = find(call, &id)?;
    let mut family = doc.data.clone();
    let now = call.host.now_ms();
    change(&mut family, now)?;
    let version = call.version().unwrap_or(doc.version);
    let saved = FAMILIES.update(call.host, &doc.id, &family, Some(version))?;
    call.host.audit(what, &id);
    Ok(json!(saved))
}

pub fn rename(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: FamilyInput = call.body()?;
    change_family(call, "Family renamed", |family, _| family.rename(&input.name))
}

/// Deletes a family with no devices bound to it.
pub fn delete(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let family = find(call, &id)?;
    call.confirm_name(&family.data.name)?;
    if crate::bindings::BINDINGS.count(call.host, &Query::new().eq("familyId", id.as_str()))? > 0 {
        return Err(PluginError::localized(
            409,
            None,
            texts([
                "该家庭仍绑定着设备，请先解绑",
                "Devices are still bound to this family: unbind them first.",
                "An diese Familie sind noch Geräte gebunden: Heben Sie die Bindungen zuerst auf.",
                "Todavía hay dispositivos vinculados a esta familia: desvincúlelos primero.",
                "Des appareils sont encore liés à cette famille : dissociez-les d’abord.",
                "Ainda há dispositivos associados a esta família: desassocie-os primeiro.",
                "К этой семье ещё привязаны устройства: сначала отвяжите их.",
            ]),
        ));
    }
    FAMILIES.delete(call.host, &id)?;
    call.host.audit("Family deleted", &id);
    Ok(Value::Null)
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct MemberInput {
    pub account: String,
    pub nickname: String,
    pub identity: String,
}

pub fn add_member(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: MemberInput = call.body()?;
    change_family(call, "Family member added", |family, now| {
        family.add_member(Member {
            account: input.account,
            nickname: input.nickname,
            identity: input.identity,
            joined_at: now,
        })
    })
}

pub fn set_identity(call: &mut Call<'_>) -> PluginResult<Value> {
    let account = call.param("account")?.to_string();
    let input: MemberInput = call.body()?;
    change_family(call, "Family member's identity changed", |family, _| family.set_identity(&account, &input.identity))
}

pub fn remove_member(call: &mut Call<'_>) -> PluginResult<Value> {
    let account = call.param("account")?.to_string();
    change_family(call, "Family member removed", |family, _| family.remove_member(&account).map(drop))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct RoomInput {
    pub name: String,
    pub room_type: String,
}

pub fn add_room(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: RoomInput = call.body()?;
    change_family(call, "Room added", |family, _| family.add_room(&input.name, &input.room_type))
}

pub fn edit_room(call: &mut Call<'_>) -> PluginResult<Value> {
    let room_id = call.param("roomId")?.to_string();
    let input: RoomInput = call.body()?;
    change_family(call, "Room changed", |family, _| family.edit_room(&room_id, &input.name, &input.room_type))
}

/// Deletes a room; the devices in it stay bound to the family, in no room.
pub fn delete_room(call: &mut Call<'_>) -> PluginResult<Value> {
    let room_id = call.param("roomId")?.to_string();
    let answer = change_family(call, "Room deleted", |family, _| family.delete_room(&room_id))?;
    let family_id = call.param("id")?.to_string();
    crate::bindings::leave_room(call, &family_id, &room_id)?;
    Ok(answer)
}
