import { Auth, api, useNamespace, usePermission } from '@console/sdk';
import type { Page } from '@console/sdk';
import { type ListHandle, ListPage, ModalForm, RowActions, SearchModeField } from '@console/sdk/ui';
import { App, Button, Card, Drawer, Form, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';

import { resources } from './i18n';
import { type Binding, type Family, IDENTITIES, ROOM_TYPES, text, when } from './types';

type Member = Family['members'][number];
type Room = Family['rooms'][number];

const identityColor: Record<Member['identity'], string> = { administrator: 'gold', member: 'blue', shared: 'cyan', pending: 'default', tourist: 'purple' };

/** One family: its rooms and members. Every change answers the family as saved, shown at once. */
function FamilyDrawer({ id, onClose, onChanged }: { id: string; onClose: () => void; onChanged: () => void }) {
  const { t } = useNamespace('device', resources);
  const { message } = App.useApp();
  const may = usePermission();
  const editable = may('device:family:edit');
  const [family, setFamily] = useState<Family>();
  const [room, setRoom] = useState<Partial<Room> | null>(null);
  const [adding, setAdding] = useState(false);
  const base = `/device-service/families/${id}`;

  const [devices, setDevices] = useState<Binding[]>([]);
  const load = useCallback(() => void api.get<Family>(base).then(setFamily), [base]);
  useEffect(load, [load]);
  useEffect(() => void api.get<Page<Binding>>('/device-service/bindings', { familyId: id, page: 1, pageSize: 100 }).then((page) => setDevices(page.list)), [id]);
  const saved = (answer: Family) => {
    setFamily(answer);
    onChanged();
    void message.success(t('saved'));
  };

  const setIdentity = (member: Member, identity: string) => void api.put<Family>(`${base}/members/${encodeURIComponent(member.account)}`, { identity }).then(saved, load);
  const removeMember = (member: Member) => api.delete<Family>(`${base}/members/${encodeURIComponent(member.account)}`).then(saved);
  const deleteRoom = (r: Room) => api.delete<Family>(`${base}/rooms/${r.roomId}`).then(saved);
  const saveRoom = (values: { name: string; roomType: string }) =>
    (room?.roomId ? api.put<Family>(`${base}/rooms/${room.roomId}`, values, { quiet: true }) : api.post<Family>(`${base}/rooms`, values, { quiet: true })).then(saved);
  const addMember = (values: { account: string; nickname?: string; identity: string }) => api.post<Family>(`${base}/members`, values, { quiet: true }).then(saved);

  return (
    <Drawer open size={720} title={family ? `${family.name} · ${family.id}` : ''} onClose={onClose} data-testid="family-drawer">
      {family && (
        <>
          <Typography.Paragraph>
            {t('sharingId')}:{' '}
            <Typography.Text code copyable>
              {family.sharingId}
            </Typography.Text>
          </Typography.Paragraph>
          <Typography.Title level={5}>{t('members')}</Typography.Title>
          <Table<Member>
            size="small"
            rowKey="account"
            pagination={false}
            data-testid="family-members"
            dataSource={family.members}
            columns={[
              { title: t('appUser'), dataIndex: 'account' },
              { title: t('nickname'), dataIndex: 'nickname' },
              {
                title: t('identity'),
                dataIndex: 'identity',
                render: (identity: Member['identity'], member) =>
                  editable && identity !== 'administrator' ? (
                    <Select
                      size="small"
                      style={{ width: 170 }}
                      value={identity}
                      data-testid={`identity-${member.account}`}
                      onChange={(next) => setIdentity(member, next)}
                      options={IDENTITIES.map((i) => ({ value: i, label: t(`identity_${i}`) }))}
                    />
                  ) : (
                    <Tag color={identityColor[identity]}>{t(`identity_${identity}`)}</Tag>
                  ),
              },
              { title: t('joinedAt'), dataIndex: 'joinedAt', render: when },
              {
                title: t('actions'),
                render: (_, member) =>
                  editable && member.identity !== 'administrator' ? (
                    <Popconfirm title={t('removeMemberTitle', { account: member.account })} onConfirm={() => removeMember(member)}>
                      <a className="danger">{t('remove')}</a>
                    </Popconfirm>
                  ) : null,
              },
            ]}
          />
          {editable && (
            <Button style={{ marginTop: 8 }} onClick={() => setAdding(true)} data-testid="add-member">
              {t('addMember')}
            </Button>
          )}
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t('oneAdministratorHint')}
          </Typography.Paragraph>
          <Typography.Title level={5}>{t('rooms')}</Typography.Title>
          <Table<Room>
            size="small"
            rowKey="roomId"
            pagination={false}
            data-testid="family-rooms"
            dataSource={family.rooms}
            columns={[
              { title: t('roomId'), dataIndex: 'roomId' },
              { title: t('roomName'), dataIndex: 'name' },
              { title: t('roomType'), dataIndex: 'roomType', render: (type: string) => t(`room_${type}`) },
              {
                title: t('actions'),
                render: (_, r) =>
                  editable ? (
                    <Space>
                      <a onClick={() => setRoom(r)}>{t('edit')}</a>
                      <Popconfirm title={t('deleteRoomTitle', { name: r.name })} onConfirm={() => deleteRoom(r)}>
                        <a className="danger">{t('remove')}</a>
                      </Popconfirm>
                    </Space>
                  ) : null,
              },
            ]}
          />
          {editable && (
            <Button style={{ marginTop: 8 }} onClick={() => setRoom({})} data-testid="add-room">
              {t('addRoom')}
            </Button>
          )}
          <Typography.Title level={5}>{t('devices')}</Typography.Title>
          <Table<Binding>
            size="small"
            rowKey="sn"
            pagination={false}
            dataSource={devices}
            columns={[
              { title: 'SN', dataIndex: 'sn' },
              { title: t('product'), dataIndex: 'productName' },
              { title: t('roomName'), dataIndex: 'roomId', render: (roomId: string) => family.rooms.find((r) => r.roomId === roomId)?.name ?? '—' },
              { title: t('appUser'), dataIndex: 'account' },
              { title: t('boundAt'), dataIndex: 'boundAt', render: when },
            ]}
          />
        </>
      )}
      <ModalForm<{ name: string; roomType: string }>
        open={room !== null}
        title={room?.roomId ? t('edit') : t('addRoom')}
        initialValues={room ?? undefined}
        onClose={() => setRoom(null)}
        onSubmit={saveRoom}
      >
        <Form.Item name="name" label={t('roomName')} rules={[{ required: true, message: t('required') }]}>
          <Input maxLength={32} data-testid="room-name" />
        </Form.Item>
        <Form.Item name="roomType" label={t('roomType')} rules={[{ required: true, message: t('required') }]}>
          <Select options={ROOM_TYPES.map((r) => ({ value: r, label: t(`room_${r}`) }))} />
        </Form.Item>
      </ModalForm>
      <ModalForm<{ account: string; nickname?: string; identity: string }>
        open={adding}
        title={t('addMember')}
        initialValues={{ identity: 'pending' }}
        onClose={() => setAdding(false)}
        onSubmit={addMember}
      >
        <Form.Item name="account" label={t('appUser')} rules={[{ required: true, message: t('required') }]}>
          <Input maxLength={64} data-testid="member-account" />
        </Form.Item>
        <Form.Item name="nickname" label={t('nickname')}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="identity" label={t('identity')} rules={[{ required: true, message: t('required') }]}>
          <Select options={IDENTITIES.filter((i) => i !== 'administrator').map((i) => ({ value: i, label: t(`identity_${i}`) }))} />
        </Form.Item>
      </ModalForm>
    </Drawer>
  );
}

/** Smart home (smartHome): families, their rooms and their members' identities. */
export default function SmartHome() {
  const { t } = useNamespace('device', resources);
  const { message } = App.useApp();
  const may = usePermission();
  const list = useRef<ListHandle>(null);
  const [open, setOpen] = useState<string>();
  const [creating, setCreating] = useState(false);
  const create = (values: { name: string; account: string; nickname?: string }) =>
    api.post<Family>('/device-service/families', values, { quiet: true }).then((family) => {
      void message.success(t('saved'));
      list.current?.reload();
      setOpen(family.id);
    });
  return (
    <Card title={t('smartHome')} variant="borderless">
      <ListPage<Family>
        rowKey="id"
        testId="families"
        handle={list}
        load={(values, page, pageSize) =>
          api.get<Page<Family>>('/device-service/families', {
            name: text(values.name),
            mode: values.mode as string | undefined,
            account: text(values.account),
            sharingId: text(values.sharingId),
            page,
            pageSize,
          })
        }
        toolbar={
          <Auth action="device:family:edit">
            <Button type="primary" onClick={() => setCreating(true)} data-testid="add-family">
              {t('addFamily')}
            </Button>
          </Auth>
        }
        search={
          <>
            <Form.Item name="name" label={t('familyName')}>
              <Input allowClear />
            </Form.Item>
            <SearchModeField />
            <Form.Item name="account" label={t('appUser')}>
              <Input allowClear />
            </Form.Item>
            <Form.Item name="sharingId" label={t('sharingId')}>
              <Input allowClear />
            </Form.Item>
          </>
        }
        columns={[
          { title: t('familyId'), dataIndex: 'id' },
          {
            title: t('familyName'),
            dataIndex: 'name',
            render: (name: string, f: Family) => (
              <a data-testid={`family-${name}`} onClick={() => setOpen(f.id)}>
                {name}
              </a>
            ),
          },
          { title: t('identity_administrator'), dataIndex: 'administrator' },
          { title: t('members'), render: (_, f: Family) => f.members.length },
          { title: t('rooms'), render: (_, f: Family) => f.rooms.length },
          { title: t('sharingId'), dataIndex: 'sharingId' },
          {
            title: t('actions'),
            render: (_, f: Family) => (
              <RowActions
                extra={<a onClick={() => setOpen(f.id)}>{t('open')}</a>}
                remove={
                  may('device:family:edit')
                    ? { name: f.name, confirm: (typed) => api.delete(`/device-service/families/${f.id}`, { confirmName: typed }).then(() => list.current?.reload()) }
                    : undefined
                }
              />
            ),
          },
        ]}
      />
      <ModalForm<{ name: string; account: string; nickname?: string }> open={creating} title={t('addFamily')} onClose={() => setCreating(false)} onSubmit={create}>
        <Form.Item name="name" label={t('familyName')} rules={[{ required: true, message: t('required') }]}>
          <Input maxLength={32} data-testid="family-name" />
        </Form.Item>
        <Form.Item name="account" label={t('administratorAccount')} rules={[{ required: true, message: t('required') }]}>
          <Input maxLength={64} data-testid="family-admin" />
        </Form.Item>
        <Form.Item name="nickname" label={t('nickname')}>
          <Input maxLength={32} />
        </Form.Item>
      </ModalForm>
      {open && <FamilyDrawer id={open} onClose={() => setOpen(undefined)} onChanged={() => list.current?.reload()} />}
    </Card>
  );
}
