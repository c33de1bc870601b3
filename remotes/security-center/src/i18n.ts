import type { Resources } from '@console/sdk';

const en = {
  reports: 'Vulnerability reports', submit: 'Report a vulnerability', submitted: 'Report submitted', title: 'Title', severity: 'Severity',
  severity_low: 'Low', severity_medium: 'Medium', severity_high: 'High', severity_critical: 'Critical',
  product: 'Product', description: 'Description', descriptionHint: 'What is affected, how to reproduce it, and what an attacker gains.',
  contact: 'Contact', contactHint: 'An e-mail address or a phone number the security team can reach you at.', attachment: 'Attachment',
  status: 'Status', status_submitted: 'Submitted', status_confirmed: 'Confirmed', status_fixed: 'Fixed', status_rejected: 'Rejected',
  reporter: 'Reporter', updated: 'Updated', actions: 'Actions', details: 'Details', back: 'Back to the list',
  conversation: 'Replies', noReplies: 'No replies yet.', reply: 'Reply', replied: 'Reply sent', yourReply: 'Your reply', team: 'Security team',
  moveTo: 'Change the status to', keepStatus: 'Keep the status', download: 'Download', ownOnly: 'You see the reports you submitted.',
};

const zhCn: typeof en = {
  reports: '漏洞报告', submit: '提交漏洞', submitted: '漏洞已提交', title: '标题', severity: '严重程度',
  severity_low: '低', severity_medium: '中', severity_high: '高', severity_critical: '严重',
  product: '产品', description: '描述', descriptionHint: '受影响的范围、复现步骤，以及攻击者可以获得什么。',
  contact: '联系方式', contactHint: '安全团队可以联系到您的邮箱地址或电话号码。', attachment: '附件',
  status: '状态', status_submitted: '已提交', status_confirmed: '已确认', status_fixed: '已修复', status_rejected: '已驳回',
  reporter: '提交人', updated: '更新时间', actions: '操作', details: '详情', back: '返回列表',
  conversation: '回复', noReplies: '暂无回复。', reply: '回复', replied: '回复已发送', yourReply: '回复内容', team: '安全团队',
  moveTo: '将状态改为', keepStatus: '保持当前状态', download: '下载', ownOnly: '这里显示您提交的报告。',
};

const de: typeof en = {
  reports: 'Schwachstellenmeldungen', submit: 'Schwachstelle melden', submitted: 'Meldung eingereicht', title: 'Titel', severity: 'Schweregrad',
  severity_low: 'Niedrig', severity_medium: 'Mittel', severity_high: 'Hoch', severity_critical: 'Kritisch',
  product: 'Produkt', description: 'Beschreibung', descriptionHint: 'Was betroffen ist, wie es sich nachstellen lässt und was ein Angreifer gewinnt.',
  contact: 'Kontakt', contactHint: 'Eine E-Mail-Adresse oder Telefonnummer, unter der das Sicherheitsteam Sie erreicht.', attachment: 'Anhang',
  status: 'Status', status_submitted: 'Eingereicht', status_confirmed: 'Bestätigt', status_fixed: 'Behoben', status_rejected: 'Abgelehnt',
  reporter: 'Meldende Person', updated: 'Aktualisiert', actions: 'Aktionen', details: 'Details', back: 'Zurück zur Liste',
  conversation: 'Antworten', noReplies: 'Noch keine Antworten.', reply: 'Antworten', replied: 'Antwort gesendet', yourReply: 'Ihre Antwort', team: 'Sicherheitsteam',
  moveTo: 'Status ändern zu', keepStatus: 'Status beibehalten', download: 'Herunterladen', ownOnly: 'Sie sehen die Meldungen, die Sie eingereicht haben.',
};

const es: typeof en = {
  reports: 'Informes de vulnerabilidades', submit: 'Informar de una vulnerabilidad', submitted: 'Informe enviado', title: 'Título', severity: 'Gravedad',
  severity_low: 'Baja', severity_medium: 'Media', severity_high: 'Alta', severity_critical: 'Crítica',
  product: 'Producto', description: 'Descripción', descriptionHint: 'Qué se ve afectado, cómo reproducirlo y qué obtiene un atacante.',
  contact: 'Contacto', contactHint: 'Un correo electrónico o un teléfono en el que el equipo de seguridad pueda localizarle.', attachment: 'Adjunto',
  status: 'Estado', status_submitted: 'Enviado', status_confirmed: 'Confirmado', status_fixed: 'Corregido', status_rejected: 'Rechazado',
  reporter: 'Informante', updated: 'Actualizado', actions: 'Acciones', details: 'Detalles', back: 'Volver a la lista',
  conversation: 'Respuestas', noReplies: 'Aún no hay respuestas.', reply: 'Responder', replied: 'Respuesta enviada', yourReply: 'Su respuesta', team: 'Equipo de seguridad',
  moveTo: 'Cambiar el estado a', keepStatus: 'Mantener el estado', download: 'Descargar', ownOnly: 'Aquí ve los informes que ha enviado.',
};

const fr: typeof en = {
  reports: 'Signalements de vulnérabilités', submit: 'Signaler une vulnérabilité', submitted: 'Signalement envoyé', title: 'Titre', severity: 'Gravité',
  severity_low: 'Faible', severity_medium: 'Moyenne', severity_high: 'Élevée', severity_critical: 'Critique',
  product: 'Produit', description: 'Description', descriptionHint: 'Ce qui est touché, comment le reproduire et ce qu’un attaquant y gagne.',
  contact: 'Contact', contactHint: 'Une adresse e-mail ou un numéro de téléphone où l’équipe sécurité peut vous joindre.', attachment: 'Pièce jointe',
  status: 'Statut', status_submitted: 'Soumis', status_confirmed: 'Confirmé', status_fixed: 'Corrigé', status_rejected: 'Rejeté',
  reporter: 'Auteur', updated: 'Mis à jour', actions: 'Actions', details: 'Détails', back: 'Retour à la liste',
  conversation: 'Réponses', noReplies: 'Pas encore de réponse.', reply: 'Répondre', replied: 'Réponse envoyée', yourReply: 'Votre réponse', team: 'Équipe sécurité',
  moveTo: 'Passer le statut à', keepStatus: 'Garder le statut', download: 'Télécharger', ownOnly: 'Vous voyez les signalements que vous avez envoyés.',
};

const pt: typeof en = {
  reports: 'Relatórios de vulnerabilidades', submit: 'Comunicar uma vulnerabilidade', submitted: 'Relatório enviado', title: 'Título', severity: 'Gravidade',
  severity_low: 'Baixa', severity_medium: 'Média', severity_high: 'Alta', severity_critical: 'Crítica',
  product: 'Produto', description: 'Descrição', descriptionHint: 'O que é afetado, como reproduzir e o que um atacante ganha.',
  contact: 'Contacto', contactHint: 'Um e-mail ou telefone em que a equipa de segurança o possa contactar.', attachment: 'Anexo',
  status: 'Estado', status_submitted: 'Enviado', status_confirmed: 'Confirmado', status_fixed: 'Corrigido', status_rejected: 'Rejeitado',
  reporter: 'Autor', updated: 'Atualizado', actions: 'Ações', details: 'Detalhes', back: 'Voltar à lista',
  conversation: 'Respostas', noReplies: 'Ainda sem respostas.', reply: 'Responder', replied: 'Resposta enviada', yourReply: 'A sua resposta', team: 'Equipa de segurança',
  moveTo: 'Mudar o estado para', keepStatus: 'Manter o estado', download: 'Transferir', ownOnly: 'Vê aqui os relatórios que enviou.',
};

const ru: typeof en = {
  reports: 'Отчёты об уязвимостях', submit: 'Сообщить об уязвимости', submitted: 'Отчёт отправлен', title: 'Заголовок', severity: 'Критичность',
  severity_low: 'Низкая', severity_medium: 'Средняя', severity_high: 'Высокая', severity_critical: 'Критическая',
  product: 'Продукт', description: 'Описание', descriptionHint: 'Что затронуто, как воспроизвести и что получает атакующий.',
  contact: 'Контакт', contactHint: 'Адрес электронной почты или телефон, по которому с вами свяжется команда безопасности.', attachment: 'Вложение',
  status: 'Статус', status_submitted: 'Отправлен', status_confirmed: 'Подтверждён', status_fixed: 'Исправлен', status_rejected: 'Отклонён',
  reporter: 'Автор', updated: 'Обновлён', actions: 'Действия', details: 'Подробнее', back: 'К списку',
  conversation: 'Ответы', noReplies: 'Ответов пока нет.', reply: 'Ответить', replied: 'Ответ отправлен', yourReply: 'Ваш ответ', team: 'Команда безопасности',
  moveTo: 'Изменить статус на', keepStatus: 'Оставить статус', download: 'Скачать', ownOnly: 'Здесь видны отчёты, которые вы отправили.',
};

export const resources: Resources = { en, zhCn, de, es, fr, pt, ru };
