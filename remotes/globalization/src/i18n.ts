import type { Resources } from '@console/sdk';

const en = {
  modulesTitle: 'Module languages', codesTitle: 'Return-code messages',
  modulesHint: "The texts of the platform's modules by key, in each platform language. Apps fetch one language at a time.",
  codesHint: 'What each return code means, in each platform language: apps show it, and the error analysis names it.',
  add: 'Add', module: 'Module', moduleHint: 'The module the entry belongs to: app, device, mail, ...', modulesKey: 'Key', codesKey: 'Return code',
  description: 'Description', missing: 'Missing languages', complete: 'Complete', importExcel: 'Import Excel', exportExcel: 'Export Excel',
  importHint: 'Columns: module, key, description, then one per language code. Empty cells keep the current text; all rows are checked before any is kept.',
  excelFile: 'Excel file', imported: '{{added}} added, {{updated}} updated',
};

const zhCn: typeof en = {
  modulesTitle: '模块语言', codesTitle: '返回码信息',
  modulesHint: '平台各模块按键值维护的文本，每种平台语言一份。APP 每次获取一种语言。',
  codesHint: '每个返回码在各平台语言下的含义：APP 向用户展示，错误分析中也会引用。',
  add: '新增', module: '模块', moduleHint: '条目所属的模块：app、device、mail 等', modulesKey: '键', codesKey: '返回码',
  description: '描述', missing: '缺少的语言', complete: '已完整', importExcel: '导入 Excel', exportExcel: '导出 Excel',
  importHint: '列：module、key、description，之后每种语言代码一列。空单元格保留原文本；所有行检查通过后才会保存。',
  excelFile: 'Excel 文件', imported: '新增 {{added}} 条，更新 {{updated}} 条',
};

const de: typeof en = {
  modulesTitle: 'Modulsprachen', codesTitle: 'Rückgabecode-Meldungen',
  modulesHint: 'Die Texte der Plattformmodule nach Schlüssel, in jeder Plattformsprache. Apps laden jeweils eine Sprache.',
  codesHint: 'Was jeder Rückgabecode bedeutet, in jeder Plattformsprache: Apps zeigen es an, die Fehleranalyse nennt es.',
  add: 'Hinzufügen', module: 'Modul', moduleHint: 'Das Modul, zu dem der Eintrag gehört: app, device, mail, ...', modulesKey: 'Schlüssel', codesKey: 'Rückgabecode',
  description: 'Beschreibung', missing: 'Fehlende Sprachen', complete: 'Vollständig', importExcel: 'Excel importieren', exportExcel: 'Excel exportieren',
  importHint: 'Spalten: module, key, description, dann eine je Sprachcode. Leere Zellen behalten den bisherigen Text; alle Zeilen werden geprüft, bevor eine gespeichert wird.',
  excelFile: 'Excel-Datei', imported: '{{added}} hinzugefügt, {{updated}} aktualisiert',
};

const es: typeof en = {
  modulesTitle: 'Idiomas de módulos', codesTitle: 'Mensajes de códigos de retorno',
  modulesHint: 'Los textos de los módulos de la plataforma por clave, en cada idioma de la plataforma. Las aplicaciones descargan un idioma cada vez.',
  codesHint: 'Qué significa cada código de retorno, en cada idioma de la plataforma: las aplicaciones lo muestran y el análisis de errores lo cita.',
  add: 'Añadir', module: 'Módulo', moduleHint: 'El módulo al que pertenece la entrada: app, device, mail, ...', modulesKey: 'Clave', codesKey: 'Código de retorno',
  description: 'Descripción', missing: 'Idiomas que faltan', complete: 'Completo', importExcel: 'Importar Excel', exportExcel: 'Exportar Excel',
  importHint: 'Columnas: module, key, description y una por código de idioma. Las celdas vacías conservan el texto actual; se comprueban todas las filas antes de guardar ninguna.',
  excelFile: 'Archivo Excel', imported: '{{added}} añadidos, {{updated}} actualizados',
};

const fr: typeof en = {
  modulesTitle: 'Langues des modules', codesTitle: 'Messages des codes retour',
  modulesHint: 'Les textes des modules de la plateforme par clé, dans chaque langue de la plateforme. Les applications en chargent une langue à la fois.',
  codesHint: 'Ce que signifie chaque code retour, dans chaque langue de la plateforme : les applications l’affichent, l’analyse des erreurs le cite.',
  add: 'Ajouter', module: 'Module', moduleHint: 'Le module auquel appartient l’entrée : app, device, mail, ...', modulesKey: 'Clé', codesKey: 'Code retour',
  description: 'Description', missing: 'Langues manquantes', complete: 'Complet', importExcel: 'Importer un Excel', exportExcel: 'Exporter en Excel',
  importHint: 'Colonnes : module, key, description, puis une par code de langue. Les cellules vides gardent le texte actuel ; toutes les lignes sont vérifiées avant qu’aucune ne soit enregistrée.',
  excelFile: 'Fichier Excel', imported: '{{added}} ajoutés, {{updated}} mis à jour',
};

const pt: typeof en = {
  modulesTitle: 'Idiomas dos módulos', codesTitle: 'Mensagens dos códigos de retorno',
  modulesHint: 'Os textos dos módulos da plataforma por chave, em cada idioma da plataforma. As aplicações obtêm um idioma de cada vez.',
  codesHint: 'O que significa cada código de retorno, em cada idioma da plataforma: as aplicações mostram-no e a análise de erros cita-o.',
  add: 'Adicionar', module: 'Módulo', moduleHint: 'O módulo a que a entrada pertence: app, device, mail, ...', modulesKey: 'Chave', codesKey: 'Código de retorno',
  description: 'Descrição', missing: 'Idiomas em falta', complete: 'Completo', importExcel: 'Importar Excel', exportExcel: 'Exportar Excel',
  importHint: 'Colunas: module, key, description e uma por código de idioma. As células vazias mantêm o texto atual; todas as linhas são verificadas antes de alguma ser guardada.',
  excelFile: 'Ficheiro Excel', imported: '{{added}} adicionados, {{updated}} atualizados',
};

const ru: typeof en = {
  modulesTitle: 'Языки модулей', codesTitle: 'Сообщения кодов возврата',
  modulesHint: 'Тексты модулей платформы по ключам на каждом языке платформы. Приложения загружают по одному языку.',
  codesHint: 'Что означает каждый код возврата на каждом языке платформы: приложения показывают это, анализ ошибок на это ссылается.',
  add: 'Добавить', module: 'Модуль', moduleHint: 'Модуль, к которому относится запись: app, device, mail, ...', modulesKey: 'Ключ', codesKey: 'Код возврата',
  description: 'Описание', missing: 'Недостающие языки', complete: 'Полностью', importExcel: 'Импорт из Excel', exportExcel: 'Экспорт в Excel',
  importHint: 'Столбцы: module, key, description, затем по одному на код языка. Пустые ячейки сохраняют текущий текст; все строки проверяются до сохранения любой из них.',
  excelFile: 'Файл Excel', imported: 'Добавлено: {{added}}, обновлено: {{updated}}',
};

export const resources: Resources = { zhCn, en, de, es, fr, pt, ru };
