import { usePermission } from '@console/sdk';
import { showFieldError } from '@console/sdk/ui';
import { App, Button, Card, Form, Input, InputNumber, Typography } from 'antd';
import { useEffect, useState } from 'react';

import { useTexts, ViewGuard } from './parts';
import { serviceSettings } from './service';
import type { ServiceSettings } from './types';

/**
 * The enterprise's customer-service settings (/customerService/systemService): the SLA targets
 * every new work order gets (first response, resolution), how many may wait in the chat queue,
 * and the bot's greeting.
 */
export default function ServiceSettingsPage() {
  return (
    <ViewGuard action="cs:settings:view">
      <SettingsForm />
    </ViewGuard>
  );
}

function SettingsForm() {
  const { t } = useTexts();
  const { message } = App.useApp();
  const may = usePermission();
  const [form] = Form.useForm<ServiceSettings>();
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState(false);
  // Not editable until the saved settings are in, so what the agent types is never overwritten by them.
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    serviceSettings
      .get()
      .then(
        (found) => {
          form.setFieldsValue(found);
          setVersion(found.version);
        },
        () => undefined,
      )
      .finally(() => setLoaded(true));
  }, [form]);
  const editable = may('cs:settings:edit') && loaded;
  const save = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setBusy(true);
    try {
      const saved = await serviceSettings.save({ ...values, version });
      setVersion(saved.version);
      void message.success(t('saved'));
    } catch (error) {
      showFieldError(form, error);
    } finally {
      setBusy(false);
    }
  };
  const integer = (min: number, max: number) => [{ required: true, type: 'integer' as const, min, max, message: t('integerRule', { min, max }) }];
  return (
    <Card title={t('serviceSettings')} variant="borderless" data-testid="service-settings">
      <Typography.Paragraph type="secondary">{t('slaHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" disabled={!editable} style={{ maxWidth: 560 }}>
        <Form.Item name="firstResponseMinutes" label={t('firstResponseTarget')} rules={integer(1, 10_080)}>
          <InputNumber min={1} max={10_080} precision={0} addonAfter={t('minutesUnit')} data-testid="settings-first-response" />
        </Form.Item>
        <Form.Item name="resolutionHours" label={t('resolutionTarget')} rules={integer(1, 2_160)}>
          <InputNumber min={1} max={2_160} precision={0} addonAfter={t('hoursUnit')} data-testid="settings-resolution" />
        </Form.Item>
        <Form.Item name="queueLimit" label={t('queueLimit')} extra={t('queueLimitHint')} rules={integer(1, 2_000)}>
          <InputNumber min={1} max={2_000} precision={0} data-testid="settings-queue-limit" />
        </Form.Item>
        <Form.Item name="greeting" label={t('greeting')} extra={t('greetingHint')}>
          <Input.TextArea rows={3} maxLength={500} data-testid="settings-greeting" />
        </Form.Item>
        {editable && (
          <Button type="primary" loading={busy} onClick={() => void save()} data-testid="settings-save">
            {t('save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
