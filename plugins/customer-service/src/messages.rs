//! This plugin's own messages, in the console's seven languages (zhCn, en, de, es, fr, pt, ru).

use console_plugin_sdk::PluginError;

fn texts(status: u16, field: Option<&str>, texts: [&str; 7]) -> PluginError {
    PluginError::localized(status, field, texts.map(str::to_string))
}

pub fn parent_not_a_category() -> PluginError {
    texts(
        400,
        Some("parentId"),
        [
            "上级只能是一级分类，且含有子分类的分类不能再作为子分类",
            "The parent must be a top-level category, and a category with subcategories cannot become one.",
            "Die übergeordnete Kategorie muss eine oberste sein, und eine Kategorie mit Unterkategorien kann keine Unterkategorie werden.",
            "El padre debe ser una categoría de primer nivel, y una categoría con subcategorías no puede convertirse en una.",
            "Le parent doit être une catégorie de premier niveau, et une catégorie ayant des sous-catégories ne peut pas en devenir une.",
            "O pai tem de ser uma categoria de primeiro nível, e uma categoria com subcategorias não pode passar a ser uma.",
            "Родителем может быть только категория верхнего уровня, а категория с подкатегориями не может стать подкатегорией.",
        ],
    )
}

pub fn type_name_taken() -> PluginError {
    texts(
        400,
        Some("name"),
        [
            "同一分类下已有同名的问题类型",
            "A question type of this name already exists in this category.",
            "In dieser Kategorie gibt es bereits einen Fragetyp mit diesem Namen.",
            "Ya existe un tipo de pregunta con este nombre en esta categoría.",
            "Un type de question de ce nom existe déjà dans cette catégorie.",
            "Já existe um tipo de pergunta com este nome nesta categoria.",
            "В этой категории уже есть тип вопроса с таким названием.",
        ],
    )
}

pub fn type_in_use() -> PluginError {
    texts(
        409,
        None,
        [
            "该问题类型下还有子分类或常见问题，不能删除",
            "This question type still has subcategories or FAQs and cannot be deleted.",
            "Dieser Fragetyp hat noch Unterkategorien oder FAQs und kann nicht gelöscht werden.",
            "Este tipo de pregunta aún tiene subcategorías o preguntas frecuentes y no se puede eliminar.",
            "Ce type de question a encore des sous-catégories ou des FAQ et ne peut pas être supprimé.",
            "Este tipo de pergunta ainda tem subcategorias ou perguntas frequentes e não pode ser eliminado.",
            "У этого типа вопроса ещё есть подкатегории или вопросы FAQ, удалить его нельзя.",
        ],
    )
}

pub fn keep_a_default_language() -> PluginError {
    texts(
        409,
        None,
        [
            "必须保留一个默认语言：请先将其他语言设为默认",
            "One language must stay the default: make another language the default first.",
            "Eine Sprache muss Standard bleiben: Legen Sie zuerst eine andere Sprache als Standard fest.",
            "Un idioma debe seguir siendo el predeterminado: primero establezca otro como predeterminado.",
            "Une langue doit rester la langue par défaut : définissez d’abord une autre langue par défaut.",
            "Um idioma tem de continuar a ser o predefinido: defina primeiro outro idioma como predefinido.",
            "Один язык должен оставаться языком по умолчанию: сначала сделайте языком по умолчанию другой.",
        ],
    )
}

pub fn unknown_language(field: &str) -> PluginError {
    texts(
        400,
        Some(field),
        [
            "不是已配置的服务语言",
            "This is not one of the service languages.",
            "Dies ist keine der Service-Sprachen.",
            "No es uno de los idiomas de servicio.",
            "Ce n’est pas l’une des langues de service.",
            "Não é um dos idiomas de serviço.",
            "Это не один из языков обслуживания.",
        ],
    )
}

pub fn already_voted() -> PluginError {
    texts(
        409,
        None,
        [
            "您已对该问题做出过评价",
            "You have already rated this answer.",
            "Sie haben diese Antwort bereits bewertet.",
            "Ya ha valorado esta respuesta.",
            "Vous avez déjà évalué cette réponse.",
            "Já avaliou esta resposta.",
            "Вы уже оценили этот ответ.",
        ],
    )
}
