import type { Resources } from '@console/sdk';

const en = {
  avatar: 'Avatar', avatarRule: 'Avatar (200×200 PNG, JPEG or GIF, at most 500 KB)',
  breeds: 'Pet breeds', pets: 'Pets', breedName: 'Breed', initial: 'Initial', hot: 'Popular', sortWeight: 'Sort weight', addBreed: 'Add breed',
  petName: 'Pet name', nickname: 'Nickname', breed: 'Breed', sterilized: 'Sterilized', birthday: 'Birthday', age: 'Age', deviceSn: 'Litter box SN',
  catId: 'Cat ID on the box', weightKg: 'Weight (kg)', addPet: 'Add pet', records: 'Records', kind: 'Kind', usage: 'Usage', clearing: 'Clearing',
  taste: 'Taste', startTime: 'Start', durationS: 'Duration (s)', litterWeightG: 'Litter (g)', weightG: 'Cat weight (g)', clearType: 'Clear type', clear_auto: 'Automatic', clear_manual: 'Manual', clear_scheduled: 'Scheduled',
  search: 'Search mode', fuzzy: 'Fuzzy', precise: 'Precise', yes: 'Yes', no: 'No', edit: 'Edit', delete: 'Delete', actions: 'Actions', detail: 'Details',
  saved: 'Saved', latest: 'Latest records',
};

const zhCn: typeof en = {
  avatar: '头像', avatarRule: '头像（200×200 的 PNG、JPEG 或 GIF，不超过 500 KB）',
  breeds: '宠物品种', pets: '宠物信息', breedName: '品种', initial: '首字母', hot: '热门', sortWeight: '排序权重', addBreed: '新增品种',
  petName: '宠物名', nickname: '昵称', breed: '品种', sterilized: '已绝育', birthday: '生日', age: '年龄', deviceSn: '猫砂盆 SN', catId: '盆内猫咪 ID',
  weightKg: '体重 (kg)', addPet: '新增宠物', records: '记录', kind: '类型', usage: '如厕', clearing: '清理', taste: '口味', startTime: '开始时间',
  durationS: '时长 (秒)', litterWeightG: '猫砂 (克)', weightG: '体重 (克)', clearType: '清理方式', clear_auto: '自动', clear_manual: '手动', clear_scheduled: '定时', search: '搜索方式', fuzzy: '模糊', precise: '精确',
  yes: '是', no: '否', edit: '修改', delete: '删除', actions: '操作', detail: '详情', saved: '保存成功', latest: '最近记录',
};

const de: typeof en = {
  avatar: 'Profilbild', avatarRule: 'Profilbild (200×200 PNG, JPEG oder GIF, höchstens 500 KB)',
  breeds: 'Haustierrassen', pets: 'Haustiere', breedName: 'Rasse', initial: 'Anfangsbuchstabe', hot: 'Beliebt', sortWeight: 'Sortiergewicht', addBreed: 'Rasse hinzufügen',
  petName: 'Name des Haustiers', nickname: 'Spitzname', breed: 'Rasse', sterilized: 'Kastriert', birthday: 'Geburtstag', age: 'Alter', deviceSn: 'SN der Katzentoilette',
  catId: 'Katzen-ID an der Toilette', weightKg: 'Gewicht (kg)', addPet: 'Haustier hinzufügen', records: 'Aufzeichnungen', kind: 'Art', usage: 'Benutzung', clearing: 'Reinigung',
  taste: 'Geschmack', startTime: 'Beginn', durationS: 'Dauer (s)', litterWeightG: 'Streu (g)', weightG: 'Katzengewicht (g)', clearType: 'Reinigungsart', clear_auto: 'Automatisch', clear_manual: 'Manuell', clear_scheduled: 'Zeitgesteuert',
  search: 'Suchmodus', fuzzy: 'Unscharf', precise: 'Genau', yes: 'Ja', no: 'Nein', edit: 'Bearbeiten', delete: 'Löschen', actions: 'Aktionen', detail: 'Details',
  saved: 'Gespeichert', latest: 'Neueste Aufzeichnungen',
};
const es: typeof en = {
  avatar: 'Foto', avatarRule: 'Foto (PNG, JPEG o GIF de 200×200, como máximo 500 KB)',
  breeds: 'Razas de mascotas', pets: 'Mascotas', breedName: 'Raza', initial: 'Inicial', hot: 'Popular', sortWeight: 'Peso de orden', addBreed: 'Añadir raza',
  petName: 'Nombre de la mascota', nickname: 'Apodo', breed: 'Raza', sterilized: 'Esterilizada', birthday: 'Fecha de nacimiento', age: 'Edad', deviceSn: 'SN del arenero',
  catId: 'ID del gato en el arenero', weightKg: 'Peso (kg)', addPet: 'Añadir mascota', records: 'Registros', kind: 'Tipo', usage: 'Uso', clearing: 'Limpieza',
  taste: 'Sabor', startTime: 'Inicio', durationS: 'Duración (s)', litterWeightG: 'Arena (g)', weightG: 'Peso del gato (g)', clearType: 'Tipo de limpieza', clear_auto: 'Automática', clear_manual: 'Manual', clear_scheduled: 'Programada',
  search: 'Modo de búsqueda', fuzzy: 'Aproximada', precise: 'Exacta', yes: 'Sí', no: 'No', edit: 'Editar', delete: 'Eliminar', actions: 'Acciones', detail: 'Detalles',
  saved: 'Guardado', latest: 'Últimos registros',
};
const fr: typeof en = {
  avatar: 'Photo', avatarRule: 'Photo (PNG, JPEG ou GIF de 200×200, 500 Ko au plus)',
  breeds: 'Races d’animaux', pets: 'Animaux', breedName: 'Race', initial: 'Initiale', hot: 'Populaire', sortWeight: 'Poids de tri', addBreed: 'Ajouter une race',
  petName: 'Nom de l’animal', nickname: 'Surnom', breed: 'Race', sterilized: 'Stérilisé', birthday: 'Date de naissance', age: 'Âge', deviceSn: 'SN de la litière',
  catId: 'ID du chat sur la litière', weightKg: 'Poids (kg)', addPet: 'Ajouter un animal', records: 'Relevés', kind: 'Type', usage: 'Passage', clearing: 'Nettoyage',
  taste: 'Goût', startTime: 'Début', durationS: 'Durée (s)', litterWeightG: 'Litière (g)', weightG: 'Poids du chat (g)', clearType: 'Type de nettoyage', clear_auto: 'Automatique', clear_manual: 'Manuel', clear_scheduled: 'Programmé',
  search: 'Mode de recherche', fuzzy: 'Approchée', precise: 'Exacte', yes: 'Oui', no: 'Non', edit: 'Modifier', delete: 'Supprimer', actions: 'Actions', detail: 'Détails',
  saved: 'Enregistré', latest: 'Derniers relevés',
};
const pt: typeof en = {
  avatar: 'Foto', avatarRule: 'Foto (PNG, JPEG ou GIF de 200×200, no máximo 500 KB)',
  breeds: 'Raças de animais', pets: 'Animais', breedName: 'Raça', initial: 'Inicial', hot: 'Popular', sortWeight: 'Peso de ordenação', addBreed: 'Adicionar raça',
  petName: 'Nome do animal', nickname: 'Alcunha', breed: 'Raça', sterilized: 'Esterilizado', birthday: 'Data de nascimento', age: 'Idade', deviceSn: 'SN da caixa de areia',
  catId: 'ID do gato na caixa', weightKg: 'Peso (kg)', addPet: 'Adicionar animal', records: 'Registos', kind: 'Tipo', usage: 'Utilização', clearing: 'Limpeza',
  taste: 'Sabor', startTime: 'Início', durationS: 'Duração (s)', litterWeightG: 'Areia (g)', weightG: 'Peso do gato (g)', clearType: 'Tipo de limpeza', clear_auto: 'Automática', clear_manual: 'Manual', clear_scheduled: 'Agendada',
  search: 'Modo de pesquisa', fuzzy: 'Aproximada', precise: 'Exata', yes: 'Sim', no: 'Não', edit: 'Editar', delete: 'Eliminar', actions: 'Ações', detail: 'Detalhes',
  saved: 'Guardado', latest: 'Registos mais recentes',
};
const ru: typeof en = {
  avatar: 'Аватар', avatarRule: 'Аватар (PNG, JPEG или GIF 200×200, не более 500 КБ)',
  breeds: 'Породы питомцев', pets: 'Питомцы', breedName: 'Порода', initial: 'Первая буква', hot: 'Популярная', sortWeight: 'Вес сортировки', addBreed: 'Добавить породу',
  petName: 'Кличка питомца', nickname: 'Прозвище', breed: 'Порода', sterilized: 'Стерилизован', birthday: 'Дата рождения', age: 'Возраст', deviceSn: 'SN лотка',
  catId: 'ID кошки в лотке', weightKg: 'Вес (кг)', addPet: 'Добавить питомца', records: 'Записи', kind: 'Тип', usage: 'Посещение', clearing: 'Очистка',
  taste: 'Вкус', startTime: 'Начало', durationS: 'Длительность (с)', litterWeightG: 'Наполнитель (г)', weightG: 'Вес кошки (г)', clearType: 'Тип очистки', clear_auto: 'Автоматическая', clear_manual: 'Ручная', clear_scheduled: 'По расписанию',
  search: 'Режим поиска', fuzzy: 'Нечёткий', precise: 'Точный', yes: 'Да', no: 'Нет', edit: 'Изменить', delete: 'Удалить', actions: 'Действия', detail: 'Подробности',
  saved: 'Сохранено', latest: 'Последние записи',
};

export const resources: Resources = { en, zhCn, de, es, fr, pt, ru };
