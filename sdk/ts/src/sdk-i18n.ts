import i18next from 'i18next';

// The SDK's own strings (namespace `sdk`), in the seven console languages.
const strings: Record<string, Record<string, string>> = {
  zhCn: { edit: '修改', search: '查询', reset: '重置', total: '共 {{count}} 条', delete: '删除', deleteTitle: '确认删除', deleteHint: '删除后数据不可恢复。请输入“{{name}}”以确认删除。', deleteInput: '要删除的名称' },
  en: { edit: 'Edit', search: 'Search', reset: 'Reset', total: '{{count}} in total', delete: 'Delete', deleteTitle: 'Confirm deletion', deleteHint: 'Deleted data cannot be recovered. Type "{{name}}" to confirm.', deleteInput: 'Name to delete' },
  de: { edit: 'Bearbeiten', search: 'Suchen', reset: 'Zurücksetzen', total: '{{count}} insgesamt', delete: 'Löschen', deleteTitle: 'Löschen bestätigen', deleteHint: 'Gelöschte Daten können nicht wiederhergestellt werden. Geben Sie „{{name}}“ ein.', deleteInput: 'Zu löschender Name' },
  es: { edit: 'Editar', search: 'Buscar', reset: 'Restablecer', total: '{{count}} en total', delete: 'Eliminar', deleteTitle: 'Confirmar eliminación', deleteHint: 'Los datos eliminados no se pueden recuperar. Escriba «{{name}}» para confirmar.', deleteInput: 'Nombre a eliminar' },
  fr: { edit: 'Modifier', search: 'Rechercher', reset: 'Réinitialiser', total: '{{count}} au total', delete: 'Supprimer', deleteTitle: 'Confirmer la suppression', deleteHint: 'Les données supprimées sont irrécupérables. Tapez « {{name}} » pour confirmer.', deleteInput: 'Nom à supprimer' },
  pt: { edit: 'Editar', search: 'Pesquisar', reset: 'Repor', total: '{{count}} no total', delete: 'Eliminar', deleteTitle: 'Confirmar eliminação', deleteHint: 'Os dados eliminados não podem ser recuperados. Escreva «{{name}}» para confirmar.', deleteInput: 'Nome a eliminar' },
  ru: { edit: 'Изменить', search: 'Найти', reset: 'Сбросить', total: 'Всего: {{count}}', delete: 'Удалить', deleteTitle: 'Подтвердите удаление', deleteHint: 'Удалённые данные нельзя восстановить. Введите «{{name}}» для подтверждения.', deleteInput: 'Имя для удаления' },
};

export function addSdkStrings() {
  for (const [lng, texts] of Object.entries(strings)) i18next.addResourceBundle(lng, 'sdk', texts, true, true);
}
