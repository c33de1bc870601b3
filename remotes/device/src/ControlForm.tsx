import { api, useNamespace } from '@console/sdk';
import { App, Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { useState } from 'react';

import { resources } from './i18n';
import { type Command, type Param, type ThingModel, when } from './types';

/** How often a sent command is read until the device answers (or the platform gives up). */
const POLL_MS = 1000;
/** How long a command may wait for an offline device (seconds; 0: not sent), an hour by default. */
const KEEP_FOR = [0, 3600, 86400, 604800] as const;
/** A command kept for an offline device expires later than the 30 s an online one is answered in. */
const ANSWER_MS = 30_000;

/** One parameter's input; Form.Item hands it `value` and `onChange`, passed on to the control. */
function ValueInput({ param, testId, ...control }: { param: Param; testId: string; value?: unknown; onChange?: (value: unknown) => void }) {
  const { t } = useNamespace('device', resources);
  const { type, specs } = param.dataType;
  switch (type) {
    case 'int':
    case 'float':
    case 'double':
      return <InputNumber {...(control as object)} data-testid={testId} min={specs.min} max={specs.max} precision={type === 'int' ? 0 : undefined} addonAfter={specs.unit} style={{ width: 200 }} />;
    case 'bool':
      return (
        <Select
          {...(control as object)}
          data-testid={testId}
          style={{ width: 200 }}
          options={[
            { value: 0, label: t('true') },
            { value: 1, label: t('false') },
          ]}
        />
      );
    case 'enum':
      return <Select {...(control as object)} data-testid={testId} style={{ width: 200 }} options={(specs.enumParam ?? []).map((i) => ({ value: i.value, label: `${i.text} (${i.value})` }))} />;
    case 'string':
      return <Input {...(control as object)} data-testid={testId} maxLength={specs.length} style={{ width: 260 }} />;
    default:
      // Structs and arrays are written as JSON; the server checks every member and item.
      return <Input.TextArea {...(control as object)} data-testid={testId} rows={2} placeholder="JSON" style={{ width: 320 }} />;
  }
}

const parsed = (param: Param, value: unknown) => {
  if ((param.dataType.type === 'struct' || param.dataType.type === 'array') && typeof value === 'string') {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  return value;
};

/** The control form generated from the thing model: a read-write property to set, or a service
 * to call with its input parameters. The command waits for the device; its answer shows below. */
export default function ControlForm({ sn, model, online }: { sn: string; model: ThingModel; online: boolean }) {
  const { t } = useNamespace('device', resources);
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [feature, setFeature] = useState<string>();
  const [sending, setSending] = useState(false);
  const writable = model.properties.filter((p) => p.accessMode === 'rw');
  const options = [
    ...writable.map((p) => ({ value: `property:${p.identifier}`, label: `${t('setProperty')}: ${p.name}` })),
    ...model.services.map((s) => ({ value: `service:${s.identifier}`, label: `${t('callService')}: ${s.name}` })),
  ];
  const [kind, identifier] = feature?.split(':') ?? [];
  const params: Param[] = kind === 'property' ? writable.filter((p) => p.identifier === identifier) : (model.services.find((s) => s.identifier === identifier)?.inputData ?? []);

  const follow = async (command: Command) => {
    for (;;) {
      const now = await api.get<Command>(`/device-service/commands/${command.id}`, undefined, { quiet: true });
      if (now.state === 'succeeded') return void message.success(t('commandSucceeded'));
      if (now.state === 'failed') return void message.error(t('commandFailed', { message: now.message }));
      if (now.state === 'timeout') return void message.warning(t('noAnswer'));
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };

  const send = async (values: Record<string, unknown>) => {
    const body = {
      params: Object.fromEntries(params.map((p) => [p.identifier, parsed(p, values[p.identifier])]).filter(([, v]) => v !== undefined && v !== '')),
      ...(online ? {} : { keepFor: values.keepFor ?? KEEP_FOR[1] }),
    };
    setSending(true);
    try {
      const path = kind === 'property' ? `/device-service/devices/${encodeURIComponent(sn)}/properties` : `/device-service/devices/${encodeURIComponent(sn)}/services/${identifier}`;
      const command = await api.post<Command>(path, body);
      // Kept for an offline device: it goes down when the device connects; its state is in the list.
      if (command.expiresAt - command.sentAt > ANSWER_MS) return void message.info(t('commandKept', { time: when(command.expiresAt) }));
      message.info(t('commandSent'));
      await follow(command);
    } catch {
      // The request layer has told the user (device offline, a value out of range, ...).
    } finally {
      setSending(false);
    }
  };

  if (!options.length) return null;
  return (
    <Form form={form} layout="vertical" onFinish={(values: Record<string, unknown>) => void send(values)} data-testid="control-form">
      <Form.Item label={t('control')}>
        <Select
          data-testid="control-feature"
          style={{ width: 320 }}
          options={options}
          value={feature}
          onChange={(value: string) => {
            form.resetFields();
            setFeature(value);
          }}
        />
      </Form.Item>
      {params.map((p) => (
        <Form.Item key={p.identifier} name={p.identifier} label={`${p.name} (${p.identifier})`} rules={kind === 'property' ? [{ required: true, message: t('required') }] : []}>
          <ValueInput param={p} testId={`control-${p.identifier}`} />
        </Form.Item>
      ))}
      {!online && (
        <Form.Item name="keepFor" label={t('keepFor')} initialValue={KEEP_FOR[1]}>
          <Select data-testid="control-keep-for" style={{ width: 200 }} options={KEEP_FOR.map((seconds) => ({ value: seconds, label: t(`keep_${seconds}`) }))} />
        </Form.Item>
      )}
      <Space>
        <Button type="primary" htmlType="submit" loading={sending} disabled={!feature} data-testid="control-send">
          {online ? t('send') : t('sendOffline')}
        </Button>
      </Space>
    </Form>
  );
}
