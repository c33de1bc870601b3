import type { Resources } from '@console/sdk';

const en = {
  breeds: 'Pet breeds', pets: 'Pets', breedName: 'Breed', initial: 'Initial', hot: 'Popular', sortWeight: 'Sort weight', addBreed: 'Add breed',
  petName: 'Pet name', nickname: 'Nickname', breed: 'Breed', sterilized: 'Sterilized', birthday: 'Birthday', age: 'Age', deviceSn: 'Litter box SN',
  catId: 'Cat ID on the box', weightKg: 'Weight (kg)', addPet: 'Add pet', records: 'Records', kind: 'Kind', usage: 'Usage', clearing: 'Clearing',
  taste: 'Taste', startTime: 'Start', durationS: 'Duration (s)', litterWeightG: 'Litter (g)', weightG: 'Cat weight (g)', clearType: 'Clear type',
  search: 'Search mode', fuzzy: 'Fuzzy', precise: 'Precise', yes: 'Yes', no: 'No', edit: 'Edit', delete: 'Delete', actions: 'Actions', detail: 'Details',
  saved: 'Saved', latest: 'Latest records',
};

const zhCn: typeof en = {
  breeds: '宠物品种', pets: '宠物信息', breedName: '品种', initial: '首字母', hot: '热门', sortWeight: '排序权重', addBreed: '新增品种',
  petName: '宠物名', nickname: '昵称', breed: '品种', sterilized: '已绝育', birthday: '生日', age: '年龄', deviceSn: '猫砂盆 SN', catId: '盆内猫咪 ID',
  weightKg: '体重 (kg)', addPet: '新增宠物', records: '记录', kind: '类型', usage: '如厕', clearing: '清理', taste: '口味', startTime: '开始时间',
  durationS: '时长 (秒)', litterWeightG: '猫砂 (克)', weightG: '体重 (克)', clearType: '清理方式', search: '搜索方式', fuzzy: '模糊', precise: '精确',
  yes: '是', no: '否', edit: '修改', delete: '删除', actions: '操作', detail: '详情', saved: '保存成功', latest: '最近记录',
};

const de: Partial<typeof en> = { breeds: 'Rassen', pets: 'Haustiere', breedName: 'Rasse', petName: 'Name', addPet: 'Haustier hinzufügen', addBreed: 'Rasse hinzufügen', edit: 'Bearbeiten', delete: 'Löschen', actions: 'Aktionen' };
const es: Partial<typeof en> = { breeds: 'Razas', pets: 'Mascotas', breedName: 'Raza', petName: 'Nombre', addPet: 'Añadir mascota', addBreed: 'Añadir raza', edit: 'Editar', delete: 'Eliminar', actions: 'Acciones' };
const fr: Partial<typeof en> = { breeds: 'Races', pets: 'Animaux', breedName: 'Race', petName: 'Nom', addPet: 'Ajouter un animal', addBreed: 'Ajouter une race', edit: 'Modifier', delete: 'Supprimer', actions: 'Actions' };
const pt: Partial<typeof en> = { breeds: 'Raças', pets: 'Animais', breedName: 'Raça', petName: 'Nome', addPet: 'Adicionar animal', addBreed: 'Adicionar raça', edit: 'Editar', delete: 'Eliminar', actions: 'Ações' };
const ru: Partial<typeof en> = { breeds: 'Породы', pets: 'Питомцы', breedName: 'Порода', petName: 'Кличка', addPet: 'Добавить питомца', addBreed: 'Добавить породу', edit: 'Изменить', delete: 'Удалить', actions: 'Действия' };

export const resources: Resources = { en, zhCn, de, es, fr, pt, ru };
