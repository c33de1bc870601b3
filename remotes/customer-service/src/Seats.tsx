import { ResourcePage, SearchModeField } from '@console/sdk/ui';
import { Badge, Button, Form, Input, InputNumber, Select, Space, Switch, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';

import { useTexts, ViewGuard } from './parts';
import { PATHS, seats } from './service';
import { type AccountChoice, MAX_PERIODS, MAX_SEAT_USERS, type Period, PERIOD_DAYS, type Seat, TIME_OF_DAY } from './types';

/** The time zones the browser knows (IANA), the seat's own first. */
function timeZones(): string[] {
  const supported = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return supported ? supported('timeZone') : ['UTC', 'Asia/Shanghai', 'Europe/Berlin', 'America/New_York'];
}

/** How a seat is doing: free or busy, and why it is busy. */
export function SeatStatus({ seat }: { seat: Seat }) {
  const { t } = useTexts();
  const state = seat.state;
  if (!state) return <span>—</span>;
  const why = [!state.online && t('offline'), !state.onDuty && t('offDuty'), seat.manualBusy && t('manualBusy'), state.active >= seat.maxUsers && t('full')].filter(Boolean);
  return (
    <Space size={4} data-testid={`seat-status-${seat.number}`}>
      <Badge status={state.status === 'free' ? 'success' : 'error'} text={t(`seat_${state.status}`)} />
      <Typography.Text type="secondary">{t('connectedCount', { count: state.active, max: seat.maxUsers })}</Typography.Text>
      {why.length > 0 && <Typography.Text type="secondary">({why.join(', ')})</Typography.Text>}
    </Space>
  );
}

/**
 * Customer-service seats (/customerService/seatList): number, the agent's console account, maximum
 * connected users, a manual busy switch, and service periods in the seat's own time zone. Its
 * status says whether it takes a chat now.
 */
export default function Seats() {
  const { t } = useTexts();
  const periodLabel = (p: Period) => `${t(`days_${p.days}`)} ${p.start}–${p.end}`;
  return (
    <ViewGuard action="cs:seat:view">
      <ResourcePage<Seat>
        title={t('seats')}
        path={PATHS.seats}
        testId="seats"
        name={(row) => row.number}
        actions={{ add: 'cs:seat:edit', edit: 'cs:seat:edit', delete: 'cs:seat:delete' }}
        addLabel={t('addSeat')}
        addTestId="add-seat"
        formWidth={680}
        defaults={{ maxUsers: 5, manualBusy: false, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, periods: [{ days: 'weekdays', start: '09:00', end: '18:00' }] }}
        transform={(values) => ({
          number: String(values.number ?? '').trim(),
          userName: String(values.userName ?? '').trim(),
          maxUsers: values.maxUsers,
          manualBusy: values.manualBusy === true,
          timeZone: values.timeZone,
          periods: values.periods ?? [],
        })}
        search={
          <>
            <Form.Item name="number" label={t('seatNumber')}>
              <Input allowClear style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="userName" label={t('agentAccount')}>
              <Input allowClear style={{ width: 160 }} />
            </Form.Item>
            <SearchModeField />
          </>
        }
        columns={[
          { key: 'number', title: t('seatNumber'), dataIndex: 'number' },
          { key: 'agent', title: t('agentAccount'), render: (_, row) => `${row.agentName} (${row.userName})` },
          { key: 'status', title: t('seatStatus'), render: (_, row) => <SeatStatus seat={row} /> },
          { key: 'maxUsers', title: t('maxUsers'), dataIndex: 'maxUsers' },
          { key: 'manualBusy', title: t('manualBusy'), render: (_, row) => (row.manualBusy ? <Tag color="warning">{t('yes')}</Tag> : t('no')) },
          { key: 'timeZone', title: t('timeZone'), dataIndex: 'timeZone' },
          {
            key: 'periods',
            title: t('servicePeriods'),
            render: (_, row) => (
              <Space size={2} wrap>
                {row.periods.map((p, i) => (
                  <Tag key={i}>{periodLabel(p)}</Tag>
                ))}
              </Space>
            ),
          },
        ]}
        form={() => <SeatFields />}
      />
    </ViewGuard>
  );
}

function SeatFields() {
  const { t } = useTexts();
  const zones = useMemo(timeZones, []);
  const [accounts, setAccounts] = useState<AccountChoice[]>([]);
  const [typed, setTyped] = useState('');
  useEffect(() => {
    let live = true;
    seats.accounts(typed).then(
      (found) => live && setAccounts(found),
      () => live && setAccounts([]),
    );
    return () => {
      live = false;
    };
  }, [typed]);
  const timeRule = { pattern: TIME_OF_DAY, message: t('timeRule') };
  return (
    <>
      <Form.Item name="number" label={t('seatNumber')} rules={[{ required: true, pattern: /^[A-Za-z0-9-]{1,16}$/, message: t('seatNumberRule') }]}>
        <Input maxLength={16} data-testid="seat-number" />
      </Form.Item>
      <Form.Item name="userName" label={t('agentAccount')} extra={t('agentAccountHint')} rules={[{ required: true, message: t('required') }]}>
        <Select showSearch={{ filterOption: false, onSearch: setTyped }} data-testid="seat-account" options={accounts.map((a) => ({ value: a.userName, label: `${a.name} (${a.userName})` }))} />
      </Form.Item>
      <Space size="large" wrap>
        <Form.Item name="maxUsers" label={t('maxUsers')} rules={[{ required: true, type: 'integer', min: 1, max: MAX_SEAT_USERS, message: t('maxUsersRule', { max: MAX_SEAT_USERS }) }]}>
          <InputNumber min={1} max={MAX_SEAT_USERS} precision={0} data-testid="seat-max-users" />
        </Form.Item>
        <Form.Item name="manualBusy" label={t('manualBusy')} valuePropName="checked" extra={t('manualBusyHint')}>
          <Switch />
        </Form.Item>
      </Space>
      <Form.Item name="timeZone" label={t('timeZone')} rules={[{ required: true, message: t('required') }]}>
        <Select showSearch data-testid="seat-time-zone" options={zones.map((z) => ({ value: z, label: z }))} />
      </Form.Item>
      <Form.Item label={t('servicePeriods')} extra={t('periodsHint')} required>
        <Form.List name="periods" rules={[{ validator: async (_, list?: Period[]) => (list && list.length > 0 ? undefined : Promise.reject(new Error(t('periodsRequired')))) }]}>
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="baseline" data-testid="seat-period">
                  <Form.Item name={[field.name, 'days']} rules={[{ required: true, message: t('required') }]}>
                    <Select aria-label={t('servicePeriods')} style={{ width: 150 }} options={PERIOD_DAYS.map((d) => ({ value: d, label: t(`days_${d}`) }))} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'start']} rules={[{ required: true, message: t('required') }, timeRule]}>
                    <Input aria-label={`${t('servicePeriods')} 09:00`} placeholder="09:00" style={{ width: 90 }} data-testid="seat-period-start" />
                  </Form.Item>
                  <span>–</span>
                  <Form.Item name={[field.name, 'end']} rules={[{ required: true, message: t('required') }, timeRule]}>
                    <Input aria-label={`${t('servicePeriods')} 18:00`} placeholder="18:00" style={{ width: 90 }} data-testid="seat-period-end" />
                  </Form.Item>
                  <Button type="link" danger onClick={() => remove(field.name)}>
                    {t('remove')}
                  </Button>
                </Space>
              ))}
              <Form.ErrorList errors={errors} />
              {fields.length < MAX_PERIODS && (
                <Button onClick={() => add({ days: 'everyday', start: '09:00', end: '18:00' })} data-testid="seat-add-period">
                  {t('addPeriod')}
                </Button>
              )}
            </>
          )}
        </Form.List>
      </Form.Item>
    </>
  );
}
