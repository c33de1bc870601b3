//! The bot a chat begins with: it greets the user, answers each question with the FAQs the
//! full-text index finds in the user's language (only those meant for end users), and offers a
//! person; the user asks for one whenever he likes.

use console_plugin_sdk::error::in_lang;
use console_plugin_sdk::{Call, Doc, PluginResult, Value};

use crate::chats::{self, BotAnswer, Chat, ChatMessage};
use crate::{faq, settings};

/// FAQs one answer shows at most.
const ANSWERS: u32 = 3;

const GREETING: [&str; 7] = [
    "您好，我是智能客服。请描述您遇到的问题，我会为您查找答案；也可以随时转人工客服。",
    "Hello, I am the service assistant. Tell me what is wrong and I will look for an answer; you can ask for a person at any time.",
    "Hallo, ich bin der Serviceassistent. Beschreiben Sie Ihr Problem, und ich suche eine Antwort; Sie können jederzeit einen Mitarbeiter verlangen.",
    "Hola, soy el asistente de atención. Cuénteme qué ocurre y buscaré una respuesta; puede pedir una persona en cualquier momento.",
    "Bonjour, je suis l’assistant du service. Décrivez votre problème et je chercherai une réponse ; vous pouvez demander un conseiller à tout moment.",
    "Olá, sou o assistente de apoio. Diga-me o que se passa e procurarei uma resposta; pode pedir uma pessoa a qualquer momento.",
    "Здравствуйте, я помощник службы поддержки. Опишите проблему, и я найду ответ; вы можете в любой момент попросить оператора.",
];

const FOUND: [&str; 7] = [
    "为您找到以下答案。如果没有解决您的问题，可以转人工客服。",
    "Here is what I found. If it does not solve your problem, a person can help you.",
    "Das habe ich gefunden. Wenn es Ihr Problem nicht löst, hilft Ihnen ein Mitarbeiter.",
    "Esto es lo que encontré. Si no resuelve su problema, una persona puede ayudarle.",
    "Voici ce que j’ai trouvé. Si cela ne résout pas votre problème, un conseiller peut vous aider.",
    "Foi isto que encontrei. Se não resolver o seu problema, uma pessoa pode ajudá-lo.",
    "Вот что я нашёл. Если это не решает проблему, вам поможет оператор.",
];

const NOTHING: [&str; 7] = [
    "抱歉，没有找到相关答案。您可以换个说法，或转人工客服。",
    "Sorry, I found no answer to that. Try other words, or ask for a person.",
    "Dazu habe ich leider keine Antwort gefunden. Versuchen Sie andere Worte oder verlangen Sie einen Mitarbeiter.",
    "Lo siento, no encontré respuesta. Pruebe con otras palabras o pida una persona.",
    "Désolé, je n’ai pas trouvé de réponse. Essayez d’autres mots ou demandez un conseiller.",
    "Lamento, não encontrei resposta. Tente outras palavras ou peça uma pessoa.",
    "К сожалению, ответа не нашлось. Попробуйте другие слова или попросите оператора.",
];

fn bot_message(chat: &Doc<Chat>, text: String, answers: Vec<BotAnswer>, now: i64) -> ChatMessage {
    ChatMessage {
        chat_id: chat.id.clone(),
        from: chats::BOT.into(),
        author: String::new(),
        text,
        attachment: None,
        answers,
        offer_human: true,
        event: String::new(),
        detail: Value::Null,
        sent_at: now,
    }
}

/// The first message of a chat.
pub fn greet(call: &mut Call<'_>, chat: &Doc<Chat>) -> PluginResult<()> {
    let own = settings::current(call)?.greeting;
    let text = if own.is_empty() { in_lang(&chat.data.language, &GREETING).to_string() } else { own };
    let now = call.host.now_ms();
    chats::post(call, chat, bot_message(chat, text, Vec::new(), now)).map(drop)
}

/// The bot's answer to a question of the user.
pub fn answer(call: &mut Call<'_>, chat: &Doc<Chat>, question: &str) -> PluginResult<()> {
    let found = if question.trim().is_empty() {
        Vec::new()
    } else {
        let question: String = question.chars().take(500).collect();
        faq::end_user_answers(call, &question, &chat.data.language, &chat.data.product_id, ANSWERS)?
    };
    let words = if found.is_empty() { &NOTHING } else { &FOUND };
    let answers =
        found.into_iter().map(|a| BotAnswer { faq_id: a.id, question: a.question, answer: a.answer }).collect();
    let now = call.host.now_ms();
    let message = bot_message(chat, in_lang(&chat.data.language, words).to_string(), answers, now);
    chats::post(call, chat, message).map(drop)
}
