//! A phone app (the app plugin's app-facing routes, with the one key every copy of the app
//! ships): it reports its user, signs the user in for a session token, uploads the user's log
//! through the host's large-file upload and files it, asks the upgrade plugin for a build (a
//! whitelisted one when its user is signed in), and asks the customer-service FAQ.

use serde_json::{Value, json};

use crate::{Answer, Refusal};

/// One installed copy of an app.
#[derive(Clone)]
pub struct App {
    http: reqwest::Client,
    /// The host's `/api`.
    pub(crate) api: String,
    pub(crate) key: String,
    pub name: String,
    pub platform: String,
    pub version_code: i64,
    /// The phone's address as a trusted proxy in front of the host reports it (many phones
    /// behind one load balancer), sent as `x-forwarded-for`.
    pub forwarded_for: Option<String>,
}

impl App {
    pub fn new(base_url: &str, key: &str, name: &str, platform: &str, version_code: i64) -> Self {
        App {
            http: reqwest::Client::new(),
            api: format!("{}/api", base_url.trim_end_matches('/')),
            key: key.into(),
            name: name.into(),
            platform: platform.into(),
            version_code,
            forwarded_for: None,
        }
    }

    /// The same app on a phone whose address a trusted proxy reports as `address`.
    pub fn behind_proxy_as(mut self, address: &str) -> Self {
        self.forwarded_for = Some(address.into());
        self
    }

    /// A POST of this app to `/api<path>`: the envelope's data, or the refusal.
    pub(crate) async fn send(&self, path: &str, body: &Value) -> Answer {
        crate::answered(self.post(path, body)).await
    }

    fn post(&self, path: &str, body: &Value) -> reqwest::RequestBuilder {
        let request = self
            .http
            .post(format!("{}{path}", self.api))
            .header("authorization", format!("Device {}", self.key))
            .header("lang", "en")
            .json(body);
        match &self.forwarded_for {
            Some(address) => request.header("x-forwarded-for", address),
            None => request,
        }
    }

    /// Reports the user on this phone (the app user list's report time, network and phone).
    pub async fn report_user(&self, username: &str) -> Answer {
        let body = json!({ "username": username, "networkType": "wifi", "phoneModel": "Pixel 9",
                           "appVersion": version_name(self.version_code),
                           "countryCode": crate::app_context(username)["countryCode"] });
        crate::answered(self.post("/device/app-service/app/users/report", &body)).await
    }

    /// Reports the user with a mobile number, and the user's session when it has one (a known
    /// user's mobile changes only with it).
    pub async fn report_user_as(&self, username: &str, mobile: &str, user_token: &str) -> Answer {
        let body = json!({ "username": username, "mobile": mobile, "userToken": user_token, "networkType": "wifi",
                           "phoneModel": "Pixel 9", "appVersion": version_name(self.version_code) });
        crate::answered(self.post("/device/app-service/app/users/report", &body)).await
    }

    /// Signs the user in: the session token.
    pub async fn sign_in(&self, username: &str, password: &str) -> Result<String, Refusal> {
        let body = json!({ "username": username, "password": password });
        let answer = crate::answered(self.post("/device/app-service/app/users/sign-in", &body)).await?;
        Ok(answer["token"].as_str().unwrap_or_default().to_string())
    }

    /// Streams a file to the host's upload for the app plugin's `purpose`: its upload id.
    pub async fn upload(&self, purpose: &str, file_name: &str, bytes: Vec<u8>) -> Result<String, Refusal> {
        self.upload_for("app-service", purpose, file_name, bytes).await
    }

    /// Streams a file to the host's upload for `purpose` of the plugin at `mount`: its upload id.
    pub async fn upload_for(
        &self,
        mount: &str,
        purpose: &str,
        file_name: &str,
        bytes: Vec<u8>,
    ) -> Result<String, Refusal> {
        let url = format!("{}/device-files/upload/{mount}/{purpose}?fileName={file_name}", self.api);
        let request = self
            .http
            .post(url)
            .header("authorization", format!("Device {}", self.key))
            .header("lang", "en")
            .header("content-type", "application/octet-stream")
            .body(bytes);
        let answer = crate::answered(request).await?;
        Ok(answer["uploadId"].as_str().unwrap_or_default().to_string())
    }

    /// Uploads a log of the signed-in user and files it: the log's id.
    pub async fn upload_log(&self, user_token: &str, file_name: &str, bytes: Vec<u8>) -> Answer {
        let upload_id = self.upload("app-log", file_name, bytes).await?;
        let body = json!({ "userToken": user_token, "uploadId": upload_id,
                           "appVersion": version_name(self.version_code), "phoneModel": "Pixel 9" });
        crate::answered(self.post("/device/app-service/app/logs", &body)).await
    }

    /// The build the upgrade plugin offers this copy (`null`: up to date); `user_token` when a
    /// user is signed in.
    pub async fn check_upgrade(&self, user_token: &str) -> Answer {
        let body = json!({ "appName": self.name, "platform": self.platform, "versionCode": self.version_code,
                           "userToken": user_token });
        crate::answered(self.post("/device/upgrade-service/app/check", &body)).await
    }
}

impl App {
    /// The FAQ answers to the user's question in `language`, best first.
    pub async fn ask_faq(&self, question: &str, language: &str) -> Answer {
        let body = json!({ "question": question, "language": language });
        crate::answered(self.post("/device/customer-service/app/faq/search", &body)).await
    }

    /// Sends the user's feedback, with a file uploaded first when there is one: its id.
    pub async fn send_feedback(
        &self,
        account: &str,
        contact: &str,
        text: &str,
        file: Option<(&str, Vec<u8>)>,
    ) -> Answer {
        let upload_id = match file {
            Some((name, bytes)) => self.upload_for("content-service", "feedback-file", name, bytes).await?,
            None => String::new(),
        };
        let body = json!({ "account": account, "contact": contact, "routerModel": "AX3000", "smartScene": text,
                           "uploadId": upload_id });
        crate::answered(self.post("/device/content-service/app/feedback", &body)).await
    }

    /// The signed-in user says whether an FAQ answer solved the problem.
    pub async fn vote_faq(&self, user_token: &str, faq_id: &str, solved: bool) -> Answer {
        let body = json!({ "userToken": user_token, "solved": solved });
        crate::answered(self.post(&format!("/device/customer-service/app/faq/{faq_id}/vote"), &body)).await
    }
}

/// `2.0.0` for version code 200.
fn version_name(code: i64) -> String {
    format!("{}.{}.{}", code / 100, code / 10 % 10, code % 10)
}
