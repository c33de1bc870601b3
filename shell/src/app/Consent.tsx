import { api, RequestError, type ApiSchemas } from '@console/sdk';
import { Alert, Button, Card, Form, Input, List, Result, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { LanguageSwitch } from './LanguageSwitch';
import { ConsoleTheme } from './theme';

type Info = ApiSchemas['ConsentInfo'];

/** The authorisation request as the host handed it over (`/api/oauth/authorize` redirects here). */
function requestOf(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search).entries());
}

/**
 * The OAuth consent page (host/src/oauth): an app user of the client's enterprise signs in and
 * allows or denies what the client asks; the browser then goes back to the client. Public: no
 * console session is involved.
 */
function ConsentCard() {
  const { t } = useTranslation();
  const request = useMemo(() => requestOf(window.location.search), []);
  const [info, setInfo] = useState<Info | null>(null);
  const [failure, setFailure] = useState<string | null>(request.error ? t('oauth.consentRefused', { error: request.error }) : null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'allow' | 'deny' | null>(null);
  const [form] = Form.useForm<{ username: string; password: string }>();

  useEffect(() => {
    if (request.error) return;
    api.post<Info>('/oauth/consent/info', request, { quiet: true }).then(setInfo, (error: unknown) => setFailure(error instanceof Error ? error.message : String(error)));
  }, [request]);

  const answer = async (approve: boolean) => {
    setFieldError(null);
    const values = approve ? await form.validateFields() : { username: '', password: '' };
    setBusy(approve ? 'allow' : 'deny');
    try {
      const { redirect } = await api.post<{ redirect: string }>('/oauth/consent', { ...request, ...values, approve }, { quiet: true });
      window.location.assign(redirect);
    } catch (error) {
      setBusy(null);
      setFieldError(error instanceof RequestError || error instanceof Error ? error.message : String(error));
    }
  };

  if (failure) return <Result status="warning" title={t('oauth.consentTitle')} subTitle={failure} />;
  if (!info) return <Card loading className="consent-card" />;
  return (
    <Card className="consent-card" title={t('oauth.consentTitle')} extra={<LanguageSwitch />}>
      <Typography.Paragraph data-testid="consent-question">
        {t('oauth.consentQuestion', { client: info.clientName })}
        {info.productCategory && <Typography.Text type="secondary"> ({info.productCategory})</Typography.Text>}
      </Typography.Paragraph>
      <List size="small" bordered dataSource={info.scopes} style={{ marginBottom: 16 }} renderItem={(scope) => <List.Item>{scope.description || scope.scope}</List.Item>} />
      <Form form={form} layout="vertical" requiredMark={false} onFinish={() => void answer(true)}>
        <Form.Item name="username" label={t('oauth.appAccount')} rules={[{ required: true, message: t('login.required') }]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.required') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        {fieldError && <Alert type="error" showIcon message={fieldError} style={{ marginBottom: 16 }} data-testid="consent-error" />}
        <Space>
          <Button type="primary" htmlType="submit" loading={busy === 'allow'} disabled={busy !== null} data-testid="consent-allow">
            {info.directAuthorization ? t('oauth.signInContinue') : t('oauth.allow')}
          </Button>
          {!info.directAuthorization && (
            <Button onClick={() => void answer(false)} loading={busy === 'deny'} disabled={busy !== null} data-testid="consent-deny">
              {t('oauth.deny')}
            </Button>
          )}
        </Space>
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
        {t('oauth.consentFootnote')}
      </Typography.Paragraph>
    </Card>
  );
}

export default function Consent() {
  return (
    <ConsoleTheme>
      <main className="consent-page">
        <ConsentCard />
      </main>
    </ConsoleTheme>
  );
}
