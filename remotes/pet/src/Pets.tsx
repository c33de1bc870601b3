import { api, Auth, formatTime, useNamespace, usePermission, type Page } from '@console/sdk';
import { DetailDrawer, type ListHandle, ListPage, ModalForm, RowActions, SearchModeField, UploadField } from '@console/sdk/ui';
import { App, Avatar, Button, Card, DatePicker, Form, Input, InputNumber, Select, Switch, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';

import type { Breed } from './Breeds';
import { resources } from './i18n';

interface Pet {
  id: string;
  petName: string;
  nickname: string;
  breedId: string;
  breedName: string;
  sterilized: boolean;
  birthday: string;
  deviceSn?: string;
  catId?: string;
  weightKg: number;
  age?: number;
  /** A link to the avatar, valid for an hour. */
  avatarUrl?: string;
  version: number;
}

/** The form's values: the avatar is the id of a new upload (none keeps the current one). */
type PetForm = Omit<Pet, 'avatarUrl'> & { birthdayDay: Dayjs; avatar?: string };
interface PetRecord {
  id: string;
  kind: string;
  startTime: number;
  durationS: number;
  litterWeightG: number;
  weightG: number;
  clearType: string;
}

/** A row as the edit form starts: the stored avatar stays unless a new one is uploaded. */
function withoutAvatar(row: Pet): Partial<PetForm> {
  const { avatarUrl: _url, ...rest } = row as Pet & { avatar?: unknown };
  return { ...rest, avatar: undefined };
}

export default function Pets() {
  const { t } = useNamespace('pet', resources);
  const { message } = App.useApp();
  const may = usePermission();
  const list = useRef<ListHandle>(null);
  const [breeds, setBreeds] = useState<Breed[]>([]);
  const [editing, setEditing] = useState<Partial<PetForm> | null>(null);
  const [viewing, setViewing] = useState<(Pet & { latestRecords: PetRecord[] }) | null>(null);
  useEffect(() => {
    // Breed names through the pets' own route: a pet keeper may not hold pet:breed:view, and a
    // 403 would end the session.
    api
      .get<Breed[]>('/pet-service/breed-options', undefined, { quiet: true })
      .then(setBreeds)
      .catch(() => undefined);
  }, []);
  const done = () => {
    void message.success(t('saved'));
    list.current?.reload();
  };
  const save = (values: PetForm) => {
    const { birthdayDay, ...rest } = values;
    const body = { ...rest, birthday: birthdayDay.format('YYYY-MM-DD'), version: editing?.version };
    return (editing?.id ? api.put(`/pet-service/pets/${editing.id}`, body, { quiet: true }) : api.post('/pet-service/pets', body, { quiet: true })).then(done);
  };
  return (
    <Card title={t('pets')} variant="borderless">
      <ListPage<Pet>
        handle={list}
        rowKey="id"
        testId="pet-list"
        load={(q, page, pageSize) =>
          api.get<Page<Pet>>('/pet-service/pets', { petName: q.petName as string, deviceSn: q.deviceSn as string, breedId: q.breedId as string, mode: q.mode as string, page, pageSize })
        }
        search={
          <>
            <Form.Item name="petName" label={t('petName')}>
              <Input allowClear />
            </Form.Item>
            <Form.Item name="deviceSn" label={t('deviceSn')}>
              <Input allowClear />
            </Form.Item>
            <Form.Item name="breedId" label={t('breed')}>
              <Select allowClear style={{ width: 160 }} options={breeds.map((b) => ({ value: b.id, label: b.breedName }))} />
            </Form.Item>
            <SearchModeField />
          </>
        }
        toolbar={
          <Auth action="pet:info:add">
            <Button type="primary" onClick={() => setEditing({ sterilized: false })} data-testid="add-pet">
              {t('addPet')}
            </Button>
          </Auth>
        }
        columns={[
          {
            title: t('avatar'),
            dataIndex: 'avatarUrl',
            width: 72,
            render: (url: string | undefined, row) => (
              <Avatar src={url} alt={row.petName}>
                {row.petName.slice(0, 1)}
              </Avatar>
            ),
          },
          { title: t('petName'), dataIndex: 'petName' },
          { title: t('nickname'), dataIndex: 'nickname' },
          { title: t('breed'), dataIndex: 'breedName' },
          { title: t('age'), dataIndex: 'age' },
          { title: t('weightKg'), dataIndex: 'weightKg' },
          { title: t('sterilized'), dataIndex: 'sterilized', render: (v: boolean) => (v ? <Tag color="blue">{t('yes')}</Tag> : t('no')) },
          { title: t('deviceSn'), dataIndex: 'deviceSn' },
          {
            title: t('actions'),
            render: (_, row) => (
              <RowActions
                extra={<a onClick={() => void api.get<Pet & { latestRecords: PetRecord[] }>(`/pet-service/pets/${row.id}`).then(setViewing)}>{t('detail')}</a>}
                onEdit={may('pet:info:edit') ? () => setEditing({ ...withoutAvatar(row), birthdayDay: dayjs(row.birthday) }) : undefined}
                remove={may('pet:info:delete') ? { name: row.petName, confirm: (typed) => api.delete(`/pet-service/pets/${row.id}`, { confirmName: typed }).then(done) } : undefined}
              />
            ),
          },
        ]}
      />
      <ModalForm<PetForm>
        open={editing !== null}
        title={editing?.id ? t('edit') : t('addPet')}
        failure={editing?.id ? 'modify' : 'add'}
        initialValues={editing ?? undefined}
        onClose={() => setEditing(null)}
        onSubmit={save}
      >
        <Form.Item name="petName" label={t('petName')} rules={[{ required: true, max: 32 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="nickname" label={t('nickname')} rules={[{ max: 80 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="breedId" label={t('breed')} rules={[{ required: true }]}>
          <Select options={breeds.map((b) => ({ value: b.id, label: b.breedName }))} data-testid="pet-breed-select" />
        </Form.Item>
        <Form.Item name="birthdayDay" label={t('birthday')} rules={[{ required: true }]}>
          <DatePicker disabledDate={(d) => d.isAfter(dayjs())} />
        </Form.Item>
        <Form.Item name="weightKg" label={t('weightKg')} rules={[{ required: true, type: 'number', min: 0.1, max: 30 }]}>
          <InputNumber min={0.1} max={30} step={0.1} />
        </Form.Item>
        <Form.Item name="sterilized" label={t('sterilized')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="deviceSn" label={t('deviceSn')}>
          <Input />
        </Form.Item>
        <Form.Item name="catId" label={t('catId')}>
          <Input />
        </Form.Item>
        <UploadField name="avatar" label={t('avatarRule')} mount="pet-service" purpose="pet-avatar" accept="image/png,image/jpeg,image/gif" maxMib={1} required={false} />
      </ModalForm>
      {viewing && (
        <DetailDrawer
          open
          title={viewing.petName}
          onClose={() => setViewing(null)}
          items={[
            { label: t('breed'), value: viewing.breedName },
            { label: t('birthday'), value: `${viewing.birthday} (${viewing.age ?? '—'})` },
            { label: t('weightKg'), value: viewing.weightKg },
            { label: t('deviceSn'), value: viewing.deviceSn ?? '—' },
            {
              label: t('latest'),
              value: (
                <Table<PetRecord>
                  size="small"
                  rowKey="id"
                  pagination={false}
                  dataSource={viewing.latestRecords}
                  columns={[
                    { title: t('kind'), dataIndex: 'kind', render: (v: string) => t(v) },
                    { title: t('startTime'), dataIndex: 'startTime', render: (v: number) => formatTime(v) },
                    { title: t('durationS'), dataIndex: 'durationS' },
                    { title: t('litterWeightG'), dataIndex: 'litterWeightG' },
                    { title: t('weightG'), dataIndex: 'weightG' },
                    // Only a clearing says how the box was cleared.
                    { title: t('clearType'), dataIndex: 'clearType', render: (v: string) => (v ? t(`clear_${v}`) : '—') },
                  ]}
                />
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
